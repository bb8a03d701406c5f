import type { BalancesPayload } from '../server/modules/ledger/balances.ts';
/** IPC between the benchmark (server side, parent) and the process holding the client sockets. */

export type Mode = 'graphql' | 'bare';
/** How graphql-ws clients are made: a minimal client speaking the protocol, or the graphql-ws library's. */
export type ClientKind = 'lean' | 'library';

export interface BenchUser {
  id: number;
  /** Access token, for graphql-ws clients only. */
  token?: string;
}

export type ToClients =
  | { type: 'open'; mode: Mode; client: ClientKind; url: string; users: BenchUser[]; events: number; batch: number }
  | { type: 'report' }
  | { type: 'close' };

export interface ClientStats {
  delivered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Monotonic µs of the last delivery (see nowUs). */
  lastAtUs: number;
  /** Sockets still open when the report was made. */
  open: number;
  unexpectedCloses: number;
}

export type FromClients =
  | { type: 'opened'; ok: number; failed: number; ms: number; firstError?: string }
  /** Every open client has received its warm-up event, so its subscription is live. */
  | { type: 'warm' }
  /** All expected measured events have arrived. */
  | { type: 'delivered' }
  | { type: 'report'; stats: ClientStats }
  | { type: 'closed' };

/**
 * CLOCK_MONOTONIC in µs: shared by all processes on the machine, so a timestamp taken by the
 * publisher can be compared with the receiver's clock. Small enough to be a safe integer.
 */
export const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** The `balanceChanged` payload; `advertiserBalance` carries the send time ('0' = warm-up). */
export function balancePayload(sentUs: number): BalancesPayload {
  // In the product's shape (the type keeps it so): each event a newer advertiser version than the
  // last, as the ledger's are, or the subscription would drop it as stale (newestBalances).
  return {
    advertiserBalance: String(sentUs),
    publisherBalance: '0',
    publisherOnHoldBalance: '0',
    advertiserVersion: String(sentUs),
    publisherVersion: '0',
  };
}
