import type { Address, Cell, TupleItem, TupleReader } from '@ton/core';

/** The TON network payouts are sent on; addresses are checked and shown for it. */
export type TonNetwork = 'mainnet' | 'testnet';

/** One transaction of an account, as payouts read it (the fields toncenter's v3 API gives). */
export interface ChainTransaction {
  /** The transaction's hash, hex. */
  hash: string;
  lt: bigint;
  /** Unix time of the block it is in. */
  now: number;
  /** Compute and action phases both succeeded and it was not aborted. */
  success: boolean;
  /** The compute phase's exit code (0 or 1 when it succeeded), null when it was skipped. */
  exitCode: number | null;
  /** The inbound message (none for a tick-tock). */
  inMessage: { source: string | null; bounced: boolean; body: Cell } | null;
}

/**
 * The chain behind a port: what the payout job asks of TON. Two implementations: toncenter's
 * HTTP API v3 (real use, mainnet or testnet) and `@ton/sandbox`, TON's transaction emulator
 * running the real contract code in-process (the embedded default and the tests).
 */
export interface TonChain {
  readonly kind: 'sandbox' | 'toncenter';
  readonly network: TonNetwork;
  /**
   * Which chain this is, for what is kept about it (the transactions cursor): a sandbox chain is
   * a new one at every start (its logical times start again), toncenter's is the network's.
   */
  readonly id: string;
  /**
   * Seconds after a transfer's transaction during which its message may still bounce back;
   * a transfer is confirmed once they have passed (0 on the sandbox, which runs a message's
   * whole trace at once).
   */
  readonly settleSeconds: number;
  /** The chain's own time (the last block's), unix seconds: highload timeouts are judged by it. */
  now(): Promise<number>;
  /** Sends an external message (a bag of cells); resolves once the chain has taken it. */
  send(boc: Buffer): Promise<void>;
  /** An account's TON balance in nanotons (0 for an account that does not exist). */
  balance(address: Address): Promise<bigint>;
  /** Runs a get-method; throws when it exits with an error. */
  get(address: Address, method: string, stack?: TupleItem[]): Promise<TupleReader>;
  /** The account's transactions after `afterLt`, oldest first, at most `limit`. */
  transactions(address: Address, afterLt: bigint, limit: number): Promise<ChainTransaction[]>;
  /** A transaction by its hash (hex) and its account (raw): a sandbox chain's, for its explorer page. */
  find?(
    hash: string,
  ): Promise<{ account: string; tx: ChainTransaction } | null> | { account: string; tx: ChainTransaction } | null;
}

/** A chain call that failed (network, HTTP 5xx, timeout): the job tries again next round. */
export class ChainUnavailable extends Error {}
