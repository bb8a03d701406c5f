import type { EntityManager } from '@mikro-orm/postgresql';
import type { Emit } from '../../db/transaction.ts';
import { formatMoney } from '../../lib/money.ts';
import { topics } from '../../lib/pubsub.ts';
import type { Notify } from '../notifications/notify.ts';
import type { Payment } from '../payments/payment.entity.ts';
import { paymentView } from '../payments/payment-view.ts';
import { type ChainFailure, chainFailureOf, withoutAmountBack } from './chain-failure.ts';

export type WithdrawalNotice = 'withdrawalApproved' | 'withdrawalSent' | 'withdrawalConfirmed' | 'withdrawalFailed';

/** `UQAb…wXyZ`: an address short enough for a one-line message. */
const shortAddress = (a: string) => (a.length > 16 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** A chain failure as a notice's params (`chain`, `exitCode`); none for another reason. */
function chainParams(f: ChainFailure | null): Record<string, string> {
  return f ? { chain: f.kind, ...(f.exitCode ? { exitCode: f.exitCode } : {}) } : {};
}

/** A withdrawal's new state to its payee's history and finance's queue, after the commit. */
export function emitWithdrawal(emit: Emit, p: Payment) {
  const view = paymentView(p);
  emit(topics.transactions(p.userId), view);
  emit(topics.withdrawals(), view);
}

/** A withdrawal approved, by a finance person (`by`) or by the rule (null). */
export function markApproved(p: Payment, by: number | null, emit: Emit) {
  p.payoutStage = 'APPROVED';
  p.approvedAt = new Date();
  p.approvedById = by;
  p.processedById = by;
  emitWithdrawal(emit, p);
}

/** One notification per withdrawal and stage, in the transaction that moved it. */
export function notifyPayees(
  notify: Notify | undefined,
  tx: EntityManager,
  emit: Emit,
  type: WithdrawalNotice,
  payments: Payment[],
) {
  if (!notify || !payments.length) return Promise.resolve();
  return notify(
    tx,
    payments.map((p) => ({
      userId: p.userId,
      type,
      key: `${type}:${p.id}`,
      params: {
        id: p.id,
        amount: formatMoney(p.amount),
        address: shortAddress(p.walletAddress ?? ''),
        // The sentence goes on after the reason: without its own closing stop ("…again.. The amount").
        reason: withoutAmountBack(p.failureReason ?? '').replace(/[\s.]+$/, ''),
        // The chain's reason, for the reader's language (the notice says it in theirs).
        ...chainParams(chainFailureOf(p)),
        // Refused before it was sent (no batch): a rejection by finance, not a failed transfer.
        ...(type === 'withdrawalFailed' && p.batchId == null ? { rejected: 1 } : {}),
      },
      path: `/publisher/payments?withdrawal=${p.id}`,
    })),
    emit,
  );
}
