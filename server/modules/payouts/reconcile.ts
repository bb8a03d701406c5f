import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Emit } from '../../db/transaction.ts';
import { formatMoney } from '../../lib/money.ts';
import { ROUND_ACTOR, recordAudit } from '../audit/record.ts';
import { Payment } from '../payments/payment.entity.ts';
import { amountBackReason, chainFailureText } from './chain-failure.ts';
import { OP_INTERNAL_TRANSFER, OP_JETTON_TRANSFER, readJettonBody } from './chain/hot-wallet.ts';
import type { PayoutChain } from './chain/setup.ts';
import type { ChainTransaction } from './chain/chain.ts';
import { friendly, sameAddress } from './policies/address-refusals.ts';
import {
  markBatchSeen,
  markUnmatched,
  readState,
  recordTransfer,
  type SeenTransfer,
  writeState,
} from './payouts.repository.ts';
import type { PayoutsDeps } from './payouts.service.ts';
import { emitWithdrawal, notifyPayees } from './withdrawal-events.ts';

/** Transactions read from the chain per call. */
const PAGE = 256;

/**
 * Why a paid transfer cannot settle the withdrawal it names, or null when it can: the books have
 * that withdrawal waiting (requested or approved), for that amount, to that address.
 */
export function unplaced(p: Payment | null, seen: SeenTransfer): string | null {
  const paid = `it paid ${formatMoney(seen.amount)} USDT to ${seen.destination}`;
  if (!p) return `No withdrawal #${seen.withdrawalId} in the books (requested after a restore point?): ${paid}`;
  if (p.status !== 'IN_PROGRESS') {
    return `Withdrawal #${p.id} is already ${p.status === 'DONE' ? `paid${p.txHash ? ` (${p.txHash.slice(0, 12)}…)` : ''}` : 'failed'}: a second transfer, ${paid}`;
  }
  if (p.amount !== seen.amount || !sameAddress(p.walletAddress, seen.destination)) {
    return `Withdrawal #${p.id} is for ${formatMoney(p.amount)} USDT to ${p.walletAddress ?? 'no address'}: ${paid}`;
  }
  return null;
}

/**
 * What the chain did: the hot wallet's jetton wallet's transactions read from a cursor kept per
 * chain, each transfer settling its withdrawal once. Only the chain ends a sent withdrawal.
 */
export class Reconciliation {
  constructor(private readonly deps: PayoutsDeps) {}

  async confirm(em: EntityManager, setup: PayoutChain): Promise<{ confirmed: number; failed: number }> {
    // Per chain: a new sandbox chain (a restart) starts its logical times again. (toncenter's
    // cursor was kept as `cursor` before chains had ids: read once from there.)
    const cursorKey = `cursor:${setup.chain.id}`;
    const legacy = setup.chain.kind === 'toncenter' ? await readState(em, 'cursor') : null;
    let cursor = BigInt((await readState(em, cursorKey)) ?? legacy ?? '0');
    const now = await setup.chain.now();
    let confirmed = 0;
    let failed = 0;
    for (;;) {
      const txs = await setup.chain.transactions(setup.jettonWallet, cursor, PAGE);
      let last = cursor;
      for (const { t, seen } of this.transfersIn(setup, txs, now)) {
        last = t.lt;
        if (!seen) continue;
        const outcome = await this.settle(em.fork(), seen);
        if (outcome?.status === 'DONE') confirmed++;
        // The publisher hears of it through the notifications (Telegram and, by default, mail).
        if (outcome?.status === 'FAILED') failed++;
      }
      if (last > cursor) {
        cursor = last;
        await writeState(em, cursorKey, cursor.toString(), true);
      }
      if (txs.length < PAGE || last !== txs.at(-1)?.lt) break;
    }
    return { confirmed, failed };
  }

  /** The settled transactions of one reading (up to the first too recent), each with the payout transfer it is, if any. */
  private *transfersIn(setup: PayoutChain, txs: ChainTransaction[], now: number) {
    const hot = setup.wallet.address.toRawString();
    // A transfer whose internal_transfer bounced back: its bounce is in the same reading.
    const bounced = new Set<bigint>();
    for (const t of txs) {
      const b = t.inMessage?.bounced ? readJettonBody(t.inMessage.body, true) : null;
      if (b?.op === OP_INTERNAL_TRANSFER) bounced.add(b.queryId);
    }
    for (const t of txs) {
      if (t.now + setup.chain.settleSeconds > now) return;
      const msg = t.inMessage;
      const body = msg && !msg.bounced && msg.source === hot ? readJettonBody(msg.body, false) : null;
      if (body?.op !== OP_JETTON_TRANSFER || body.queryId > 2_147_483_647n) {
        yield { t, seen: null };
        continue;
      }
      const ok = t.success && !bounced.has(body.queryId);
      const failure = t.success
        ? { kind: 'BOUNCED' as const, exitCode: null }
        : { kind: 'REFUSED' as const, exitCode: String(t.exitCode ?? 'none') };
      const seen: SeenTransfer = {
        withdrawalId: Number(body.queryId),
        txHash: t.hash,
        lt: t.lt,
        amount: body.amount ?? 0n,
        destination: body.destination ? friendly(body.destination, this.deps.settings.network) : '',
        ok,
        reason: ok ? null : chainFailureText(failure),
        failure: ok ? null : failure,
      };
      yield { t, seen };
    }
  }

  /**
   * One transfer seen: recorded once (by its hash); its withdrawal DONE or FAILED, once. The chain
   * is the record of what was paid: a withdrawal the books still have waiting (a database restored
   * to before its batch) is settled DONE by its transfer instead of being paid again, and a paid
   * transfer the books cannot place (no such withdrawal, another amount or address, or one already
   * settled) is kept with why, shown to finance and counted, never paid again.
   */
  private settle(em: EntityManager, seen: SeenTransfer): Promise<Payment | null> {
    return this.deps.ledger.run(em, async (tx, emit) => {
      const recorded = await recordTransfer(tx, seen);
      if (recorded === null) return null;
      const found = await tx.findOne(
        Payment,
        { id: seen.withdrawalId, kind: 'WITHDRAWAL' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (found?.status !== 'IN_PROGRESS' || found.payoutStage !== 'SENT') {
        // Nothing left the wallet (refused or bounced back): the evidence is kept, nothing to settle.
        if (!seen.ok) return null;
        const why = unplaced(found, seen);
        if (!why) return this.settleFromChain(tx, emit, found!, seen);
        await markUnmatched(tx, recorded, why);
        this.deps.log.error({ seen, why }, 'payouts: a transfer on chain that no withdrawal in the books explains');
        return null;
      }
      const p = found;
      if (p.batchId) await markBatchSeen(tx, p.batchId);
      if (seen.ok && seen.amount !== p.amount) {
        this.deps.log.error({ seen, amount: p.amount.toString() }, 'payouts: a transfer of another amount');
      }
      return this.decide(tx, emit, p, seen);
    });
  }

  /**
   * A withdrawal's end by its transfer: paid (the ledger posts its reservation, DONE) or not (the
   * reservation voided, FAILED with why), with the hash; the publisher told.
   */
  private async decide(tx: EntityManager, emit: Emit, p: Payment, seen: SeenTransfer): Promise<Payment> {
    if (seen.ok) {
      await this.deps.ledger.post(tx, emit, { key: `withdrawal:${p.id}:post`, pendingId: p.transferId! });
      p.status = 'DONE';
    } else {
      await this.deps.ledger.void(tx, emit, { key: `withdrawal:${p.id}:void`, pendingId: p.transferId! });
      p.status = 'FAILED';
      p.failureReason = amountBackReason(seen.reason ?? '');
      // Its code, for the reader's language in the dashboard and the notice (chain-failure.ts).
      p.chainFailure = seen.failure?.kind ?? null;
      p.chainExitCode = seen.failure?.exitCode ?? null;
    }
    p.txHash = seen.txHash;
    await tx.flush();
    emitWithdrawal(emit, p);
    const notice = p.status === 'DONE' ? 'withdrawalConfirmed' : 'withdrawalFailed';
    await notifyPayees(this.deps.notify, tx, emit, notice, [p]);
    return p;
  }

  /**
   * A withdrawal the books have waiting (requested or approved) that the chain shows paid, to its
   * address and amount: settled DONE with the chain's hash (the ledger posts its reservation), the
   * publisher told, the trail recorded. Never sent again.
   */
  private async settleFromChain(tx: EntityManager, emit: Emit, p: Payment, seen: SeenTransfer) {
    await recordAudit(tx, {
      actor: ROUND_ACTOR,
      action: 'withdrawal.settled_from_chain',
      object: { type: 'withdrawal', id: p.id },
      before: { stage: p.payoutStage, batchId: p.batchId },
      after: { status: 'DONE', txHash: seen.txHash, amount: formatMoney(seen.amount), destination: seen.destination },
    });
    this.deps.log.warn({ withdrawal: p.id, txHash: seen.txHash }, 'payouts: a withdrawal found paid on chain, settled');
    p.payoutStage = 'SENT';
    p.rulePending = false;
    return this.decide(tx, emit, p, seen);
  }
}
