import { Address } from '@ton/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Payment } from '../payments/payment.entity.ts';
import { PayoutBatch } from './payout.entity.ts';
import { type JettonTransfer, QUERY_ID_COUNT, queryIdOf, TON_PER_TRANSFER } from './chain/hot-wallet.ts';
import { jettonBalance, type PayoutChain, processedOnChain } from './chain/setup.ts';
import { inFlight, nextApproved, nextQuerySequence, readState, sentUnderLimits } from './payouts.repository.ts';
import type { PayoutsDeps } from './payouts.service.ts';
import {
  type LimitHit,
  liftKey,
  limitsSet,
  roundShareOf,
  tightestLimit,
  withinAllowance,
} from './policies/velocity.ts';
import { emitWithdrawal, notifyPayees } from './withdrawal-events.ts';

/** TON kept on the hot wallet beyond the transfers' own (its storage fee and the batch's gas). */
export const TON_RESERVE = 100_000_000n;
/** Batches made in one round at most (each one's message is sent before the next is made); the next round follows at once. */
const BATCHES_PER_ROUND = 4;

/** The hot wallet's balances less what pending batches will take, and what a round found short. */
export interface Funds {
  ton: bigint;
  usdt: bigint;
  shortTon: bigint;
  shortUsdt: bigint;
}

/** What stopped a round's batching: nothing left, the funds, or a payout limit. */
export type BatchStop = { kind: 'done' } | { kind: 'short'; funds: Funds } | { kind: 'limit'; limit: LimitHit };

/**
 * Approved withdrawals into highload batches, in order: each batch written to the database
 * (its signed message, its query id) before it is sent, under the payout limits and what the
 * wallet holds.
 */
export class Batching {
  constructor(private readonly deps: PayoutsDeps) {}

  /** Up to BATCHES_PER_ROUND batches, each sent (`send`) and followed by `afterSend`. */
  async run(
    em: EntityManager,
    setup: PayoutChain,
    send: (batch: PayoutBatch) => Promise<void>,
    afterSend: () => Promise<void>,
  ): Promise<{ batches: number; stop: BatchStop }> {
    const funds = await this.funds(em, setup);
    // What this round may send of the wallet's USDT; the hour's and the day's limits are read
    // under a lock with each batch.
    const round = { left: roundShareOf(funds.usdt, this.deps.settings.maxRoundShare) };
    let batches = 0;
    for (let i = 0; i < BATCHES_PER_ROUND; i++) {
      const batch = await this.makeBatch(em.fork(), setup, funds, round);
      if (batch === 'none') break;
      if (batch === 'short') return { batches, stop: { kind: 'short', funds } };
      if ('limit' in batch) return { batches, stop: { kind: 'limit', limit: batch.limit } };
      batches++;
      await send(batch);
      await afterSend();
    }
    return { batches, stop: { kind: 'done' } };
  }

  /** The hot wallet's balances less what pending batches will take. */
  async funds(em: EntityManager, setup: PayoutChain): Promise<Funds> {
    const [ton, usdt, pending] = await Promise.all([
      setup.chain.balance(setup.wallet.address),
      jettonBalance(setup),
      inFlight(em),
    ]);
    return {
      ton: ton - pending.n * TON_PER_TRANSFER - TON_RESERVE,
      usdt: usdt - pending.amount,
      shortTon: 0n,
      shortUsdt: 0n,
    };
  }

  private makeBatch(
    em: EntityManager,
    setup: PayoutChain,
    funds: Funds,
    round: { left: bigint | undefined },
  ): Promise<PayoutBatch | 'none' | 'short' | { limit: LimitHit }> {
    return this.deps.ledger.run(em, async (tx, emit) => {
      // Under the limits, batches are made one at a time across instances (what was sent is read
      // after the last one committed) and withdrawals wait in order.
      const allowance = await this.allowance(tx, round.left);
      let rows = await nextApproved(tx, this.deps.settings.batchSize);
      if (!rows.length) return 'none';
      if (allowance) {
        rows = withinAllowance(rows, allowance);
        if (!rows.length) return { limit: allowance };
      }
      const amount = rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
      const ton = BigInt(rows.length) * TON_PER_TRANSFER;
      if (funds.usdt < amount || funds.ton < ton) {
        funds.shortUsdt = amount > funds.usdt ? amount - funds.usdt : 0n;
        funds.shortTon = ton > funds.ton ? ton - funds.ton : 0n;
        return 'short';
      }
      const batch = await this.signed(tx, setup, rows, amount);
      const payments = await tx.find(Payment, { id: { $in: rows.map((r) => r.id) } });
      for (const p of payments) {
        p.payoutStage = 'SENT';
        p.batchId = batch.id;
        emitWithdrawal(emit, p);
      }
      await tx.flush();
      await notifyPayees(this.deps.notify, tx, emit, 'withdrawalSent', payments);
      funds.usdt -= amount;
      funds.ton -= ton;
      if (round.left !== undefined) round.left -= amount;
      return batch;
    });
  }

  /** The batch's message signed with a fresh query id, stored before it is ever sent. */
  private async signed(
    tx: EntityManager,
    setup: PayoutChain,
    rows: { id: number; amount: string; wallet_address: string }[],
    amount: bigint,
  ): Promise<PayoutBatch> {
    const queryId = await this.freshQueryId(tx, setup);
    // A little in the past: the wallet refuses a created_at ahead of its own clock.
    const createdAt = (await setup.chain.now()) - 30;
    const transfers: JettonTransfer[] = rows.map((r) => ({
      queryId: BigInt(r.id),
      amount: BigInt(r.amount),
      destination: Address.parse(r.wallet_address),
    }));
    const message = await setup.wallet.signBatch({ queryId, createdAt, jettonWallet: setup.jettonWallet, transfers });
    const batch = tx.create(PayoutBatch, {
      queryId,
      chainCreatedAt: createdAt,
      timeout: setup.wallet.timeout,
      message: message.toString('base64'),
      count: rows.length,
      amount,
      lastSentAt: null,
    });
    await tx.flush();
    return batch;
  }

  /**
   * The next query id from the database's sequence that the wallet has not taken: after a restore
   * the sequence is behind the wallet, and a query id it took within its timeout would be refused.
   */
  private async freshQueryId(tx: EntityManager, setup: PayoutChain): Promise<number> {
    for (let tries = 0; ; tries++) {
      const queryId = queryIdOf(Number((await nextQuerySequence(tx)) % BigInt(QUERY_ID_COUNT)));
      if (tries >= 10_000 || !(await processedOnChain(setup, queryId))) return queryId;
    }
  }

  /**
   * What may still leave now under the limits, the tightest first: null when none applies (no
   * limit set, or lifted for today). Takes the limits' lock for the transaction.
   */
  private async allowance(tx: EntityManager, roundLeft: bigint | undefined): Promise<LimitHit | null> {
    if (!limitsSet(this.deps.settings) || (await readState(tx, liftKey()))) return null;
    return tightestLimit(await sentUnderLimits(tx), this.deps.settings, roundLeft);
  }
}
