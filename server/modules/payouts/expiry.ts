import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Payment } from '../payments/payment.entity.ts';
import { PayoutBatch } from './payout.entity.ts';
import { type PayoutChain, processedOnChain } from './chain/setup.ts';
import { countSend, markBatchExpired, markBatchSeen } from './payouts.repository.ts';
import type { PayoutsDeps } from './payouts.service.ts';
import { emitWithdrawal } from './withdrawal-events.ts';

/** A batch not yet seen is sent again at most this often. */
const RESEND_MS = 10_000;

/**
 * Pending batches: sent again until the chain has them, and expired when their timeout passed
 * unseen (their withdrawals go back to APPROVED, for a new batch with a new query id).
 */
export class BatchExpiry {
  constructor(private readonly deps: PayoutsDeps) {}

  /**
   * A pending batch whose created_at + timeout has passed on chain can no longer be accepted.
   * If the wallet did not process its query id either, none of its transfers happened: its
   * withdrawals go back to APPROVED (a new batch, a new query id). If it did, its transfers
   * are read by the reconciliation; any left unseen need a person (logged, never re-sent).
   */
  async expire(em: EntityManager, setup: PayoutChain): Promise<number> {
    const now = await setup.chain.now();
    const due = await em.find(
      PayoutBatch,
      { status: 'PENDING', chainCreatedAt: { $lt: now - setup.wallet.timeout - setup.chain.settleSeconds } },
      { orderBy: { id: 'asc' }, limit: 100 },
    );
    let expired = 0;
    for (const batch of due) {
      if (await processedOnChain(setup, batch.queryId)) {
        this.deps.log.error({ batch: batch.id }, 'payouts: a batch processed on chain with transfers not seen');
        await markBatchSeen(em, batch.id);
        continue;
      }
      const moved = await this.backToApproved(em.fork(), batch.id);
      if (moved)
        this.deps.log.warn({ batch: batch.id, withdrawals: moved }, 'payouts: batch expired unseen; re-batched');
      expired++;
    }
    return expired;
  }

  /** An expired batch's withdrawals, APPROVED again: how many. */
  private backToApproved(em: EntityManager, batchId: number): Promise<number> {
    return this.deps.ledger.run(em, async (tx, emit) => {
      if (!(await markBatchExpired(tx, batchId))) return 0;
      const rows = await tx.find(
        Payment,
        { batchId, status: 'IN_PROGRESS', payoutStage: 'SENT' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      for (const p of rows) {
        p.payoutStage = 'APPROVED';
        p.batchId = null;
        emitWithdrawal(emit, p);
      }
      await tx.flush();
      return rows.length;
    });
  }

  /** Pending batches not sent in the last RESEND_MS, sent again. */
  async resend(em: EntityManager, setup: PayoutChain) {
    const pending = await em.find(
      PayoutBatch,
      { status: 'PENDING', $or: [{ lastSentAt: null }, { lastSentAt: { $lt: new Date(Date.now() - RESEND_MS) } }] },
      { orderBy: { id: 'asc' }, limit: 20 },
    );
    for (const batch of pending) await this.send(em, setup, batch);
  }

  /** Sends a batch's stored message (the same bytes every time: the wallet takes it once). */
  async send(em: EntityManager, setup: PayoutChain, batch: PayoutBatch) {
    try {
      await setup.chain.send(Buffer.from(batch.message, 'base64'));
    } catch (err) {
      // Not taken now (the chain away, or the wallet already has it): the next round sends again.
      this.deps.log.info({ batch: batch.id, err: (err as Error).message.slice(0, 200) }, 'payouts: batch not taken');
    }
    await countSend(em, batch.id);
  }
}
