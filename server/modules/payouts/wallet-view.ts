import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutSettings } from '../../config.ts';
import { lowFundsMessage } from './alerts.ts';
import { TON_RESERVE } from './batching.ts';
import { TON_PER_TRANSFER } from './chain/hot-wallet.ts';
import { jettonBalance, type PayoutChain } from './chain/setup.ts';
import { explorerBase } from './explorer.ts';
import type { PayoutFigures } from './payout-metrics.ts';
import { loopFigures, neededByQueue, readState, unmatchedTransfers } from './payouts.repository.ts';
import { friendly } from './policies/address-refusals.ts';
import { liftKey, limitsSet, type PayoutLimitHit, storedLimit } from './policies/velocity.ts';

/** What finance sees of the hot wallet; micro-USD and nanotons as decimal strings. */
export interface PayoutWalletView {
  network: 'mainnet' | 'testnet';
  chain: 'sandbox' | 'toncenter';
  address: string;
  jettonWallet: string;
  jettonMaster: string;
  ton: string;
  usdt: string;
  /** What the approved and sent (unconfirmed) withdrawals need. */
  neededTon: string;
  neededUsdt: string;
  /** Set when the wallet holds less than they need: what to do. */
  alert: string | null;
  /** Set when a payout limit holds approved withdrawals back: which, and what waits. */
  limit: string | null;
  /** The same as figures, for a reader's own language: which limit, sent under it, and what waits. */
  limitHit: PayoutLimitHit | null;
  /** Whether the limits are set at all, and lifted for today. */
  limitsSet: boolean;
  limitsLifted: boolean;
  /** Block explorer base for a transaction hash (null on the sandbox chain). */
  explorer: string | null;
  /** Paid transfers on chain no withdrawal in the books explains (after a restore), newest first (at most 20). */
  unmatched: UnmatchedTransfer[];
}

/** A paid transfer the books cannot place: the chain's evidence and why. */
export interface UnmatchedTransfer {
  withdrawalId: number;
  txHash: string;
  amount: string;
  destination: string;
  /** Why, in English (recorded once, when it was seen). */
  reason: string;
  seenAt: string;
  /**
   * The withdrawal the books hold under that number now, for a reader's own language (null: none,
   * as after a restore to before it was requested): already paid or failed, or for another
   * amount or address (micro-USD amount as a decimal string).
   */
  booked: { status: string; amount: string; address: string | null; txHash: string | null } | null;
}

/** Balances, what the queue needs, the alert and the limit (if any), and the transfers nobody explains. */
export async function walletView(
  em: EntityManager,
  setup: PayoutChain,
  settings: PayoutSettings,
): Promise<PayoutWalletView> {
  const network = settings.network;
  const [ton, usdt, need, alert, limit, lifted, unmatched] = await Promise.all([
    setup.chain.balance(setup.wallet.address),
    jettonBalance(setup),
    neededByQueue(em),
    readState(em, 'alert'),
    readState(em, 'limit'),
    readState(em, liftKey()),
    unmatchedTransfers(em),
  ]);
  const neededTon = need.n * TON_PER_TRANSFER + TON_RESERVE;
  const neededUsdt = need.amount;
  const low = ton < neededTon || usdt < neededUsdt;
  return {
    network,
    chain: setup.chain.kind,
    address: friendly(setup.wallet.address, network),
    jettonWallet: friendly(setup.jettonWallet, network),
    jettonMaster: friendly(setup.jettonMaster, network),
    ton: ton.toString(),
    usdt: usdt.toString(),
    neededTon: neededTon.toString(),
    neededUsdt: neededUsdt.toString(),
    alert: alert || (low ? lowFundsMessage(ton, usdt, neededTon, neededUsdt) : null),
    explorer: explorerBase(setup.chain.kind, network),
    ...storedLimit(limit),
    limitsSet: limitsSet(settings),
    limitsLifted: !!lifted,
    unmatched: unmatched.map((t) => ({
      withdrawalId: t.withdrawal_id,
      txHash: t.tx_hash,
      amount: t.amount,
      destination: t.destination,
      reason: t.unmatched,
      seenAt: new Date(t.created_at).toISOString(),
      booked:
        t.booked_status === null
          ? null
          : { status: t.booked_status, amount: t.booked_amount!, address: t.booked_address, txHash: t.booked_tx_hash },
    })),
  };
}

/** The payout loop's figures for /metrics (payout-metrics.ts): one query, and the wallet as last read. */
export async function payoutFigures(em: EntityManager, last: PayoutWalletView | undefined): Promise<PayoutFigures> {
  const row = await loopFigures(em);
  return {
    taskgram_payout_oldest_approved_seconds: row.oldest,
    taskgram_payout_batches_overdue: row.overdue,
    taskgram_payout_unmatched_transfers: row.unmatched,
    ...(last && {
      taskgram_payout_wallet_ton: Number(last.ton) / 1e9,
      taskgram_payout_wallet_usdt: Number(last.usdt) / 1e6,
      taskgram_payout_needed_ton: Number(last.neededTon) / 1e9,
      taskgram_payout_needed_usdt: Number(last.neededUsdt) / 1e6,
    }),
  };
}
