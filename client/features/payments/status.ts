import type { TransactionStatus } from '../../gql/graphql';

export interface StatusLook {
  label: string;
  /** Chakra palette: warning, success and danger. */
  colorPalette: 'orange' | 'green' | 'red';
}

/** IN_PROGRESS → Pending (warning), DONE → Done (success), FAILED → Failed (danger). */
export const transactionStatus: Record<TransactionStatus, StatusLook> = {
  IN_PROGRESS: { label: 'Pending', colorPalette: 'orange' },
  DONE: { label: 'Done', colorPalette: 'green' },
  FAILED: { label: 'Failed', colorPalette: 'red' },
};

/**
 * Where a withdrawal is, in the payee's words, the same on the publisher's and finance's pages:
 * requested → approved → sent → paid; or rejected (by finance, before it was sent) or not paid
 * (the chain refused the transfer). The status badge above it keeps the short Pending/Done/Failed.
 */
export function payoutStage(t: {
  status: TransactionStatus;
  payoutStage?: 'REQUESTED' | 'APPROVED' | 'SENT' | null;
  batchId?: number | null;
}): string {
  if (t.status === 'DONE') return 'Paid: confirmed on chain';
  if (t.status === 'FAILED') return t.batchId ? 'Not paid: the transfer was refused' : 'Rejected by finance';
  if (t.payoutStage === 'SENT') return 'Sent: waiting for the chain to confirm';
  if (t.payoutStage === 'APPROVED') return 'Approved: goes out in the next payout round';
  return 'Requested: waiting for approval';
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
