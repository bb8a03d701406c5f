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

/** Where a withdrawal is, as a person reads it: requested → approved → sent (batch N) → confirmed, or failed. */
export function payoutStage(t: {
  status: TransactionStatus;
  payoutStage?: 'REQUESTED' | 'APPROVED' | 'SENT' | null;
  batchId?: number | null;
}): string {
  if (t.status === 'DONE') return 'Confirmed on chain';
  if (t.status === 'FAILED') return 'Failed';
  if (t.payoutStage === 'SENT') return t.batchId ? `Sent (batch ${t.batchId})` : 'Sent';
  if (t.payoutStage === 'APPROVED') return 'Approved, waiting for the next batch';
  return 'Requested, waiting for approval';
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
