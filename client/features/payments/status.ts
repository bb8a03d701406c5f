import { t } from '@lingui/core/macro';
import type { TransactionStatus } from '../../gql/graphql';

export interface StatusLook {
  label: string;
  /** Chakra palette: warning, success and danger. */
  colorPalette: 'orange' | 'green' | 'red';
}

/** IN_PROGRESS → Pending (warning), DONE → Done (success), FAILED → Failed (danger). */
export const transactionStatus: Record<TransactionStatus, StatusLook> = {
  IN_PROGRESS: {
    get label() {
      return t`Pending`;
    },
    colorPalette: 'orange',
  },
  DONE: {
    get label() {
      return t`Done`;
    },
    colorPalette: 'green',
  },
  FAILED: {
    get label() {
      return t`Failed`;
    },
    colorPalette: 'red',
  },
};

/**
 * Where a withdrawal is, in the payee's words, the same on the publisher's and finance's pages:
 * requested → approved → sent → paid; or rejected (by finance, before it was sent) or not paid
 * (the chain refused the transfer). The status badge above it keeps the short Pending/Done/Failed.
 */
export function payoutStage(tx: {
  status: TransactionStatus;
  payoutStage?: 'REQUESTED' | 'APPROVED' | 'SENT' | null;
  batchId?: number | null;
}): string {
  if (tx.status === 'DONE') return t`Paid: confirmed on chain`;
  if (tx.status === 'FAILED') return tx.batchId ? t`Not paid: the transfer was refused` : t`Rejected by finance`;
  if (tx.payoutStage === 'SENT') return t`Sent: waiting for the chain to confirm`;
  if (tx.payoutStage === 'APPROVED') return t`Approved: goes out in the next payout round`;
  return t`Requested: waiting for approval`;
}

/**
 * A first withdrawal to a new address, still in its hold (PAYOUT_NEW_ADDRESS_HOLD_HOURS): nobody
 * approves it before `holdUntil`.
 */
export function isHeld(t: { status: string; payoutStage?: string | null; holdUntil?: string | null }): boolean {
  return (
    t.status === 'IN_PROGRESS' &&
    t.payoutStage === 'REQUESTED' &&
    !!t.holdUntil &&
    new Date(t.holdUntil).getTime() > Date.now()
  );
}
