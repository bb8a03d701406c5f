import type { WithdrawalTrail } from '../audit/trail.ts';
import type { PaymentKind, PaymentStatus, PayoutStage } from './payment.entity.ts';
import type { Payment } from './payment.entity.ts';

export interface PaymentView {
  id: number;
  createdAt: string;
  updatedAt: string;
  userId: number;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: string;
  walletAddress: string | null;
  txHash: string | null;
  failureReason: string | null;
  /** A withdrawal the chain did not pay: why, as a code (payouts/chain-failure.ts). */
  chainFailure?: string | null;
  chainExitCode?: string | null;
  provider: string | null;
  /** A withdrawal in progress: REQUESTED, APPROVED or SENT (null for top-ups). */
  payoutStage: PayoutStage | null;
  /** The payout batch its transfer is in (SENT and after). */
  batchId: number | null;
  approvedAt: string | null;
  /** A top-up's checkout page, while it waits for payment (its owner may go back to it). */
  payUrl?: string | null;
  /** The payer's name and e-mail, on the staff queue's rows (they join the users). */
  user?: { name: string; email: string };
  /** Who approved it so far, on the staff queue's rows (read for the others when asked). */
  approvals?: { userId: number; name: string; at: string }[];
  /** Where it was asked from, who rejected it, whether the rule approved it (the audit trail), likewise. */
  trail?: WithdrawalTrail;
  /** A first withdrawal to a new address: nobody approves it before this. */
  holdUntil: string | null;
  /** Withdrawals: how many finance people approve it (four eyes over the payee's 24 hours). */
  approvalsNeeded?: number | null;
}

/** A top-up's checkout, shown only while it can still be paid (both views read it so). */
export const openCheckout = (kind: PaymentKind, status: PaymentStatus, payUrl: string | null | undefined) =>
  kind === 'TOP_UP' && status === 'IN_PROGRESS' ? (payUrl ?? null) : null;

/** Plain JSON (money as a micro-USD string), so it can travel through Redis. */

export function paymentView(p: Payment): PaymentView {
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    userId: p.userId,
    kind: p.kind,
    status: p.status,
    amount: p.amount.toString(),
    walletAddress: p.walletAddress ?? null,
    txHash: p.txHash ?? null,
    failureReason: p.failureReason ?? null,
    chainFailure: p.chainFailure ?? null,
    chainExitCode: p.chainExitCode ?? null,
    provider: p.provider ?? null,
    payoutStage: p.payoutStage ?? null,
    batchId: p.batchId ?? null,
    approvedAt: p.approvedAt ? p.approvedAt.toISOString() : null,
    holdUntil: p.holdUntil ? p.holdUntil.toISOString() : null,
    payUrl: openCheckout(p.kind, p.status, p.payUrl),
    approvalsNeeded: p.approvalsNeeded ?? null,
  };
}
