/**
 * The client side of the subscription benchmark, forked by bench/subscriptions.ts. It lives in
 * its own process because a process may hold at most 20,000 open files: N sockets here, N there.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { parseMoney } from '../server/lib/money.ts';
import {
  type BenchUser,
  type ClientKind,
  type ClientStats,
  type FromClients,
  type Mode,
  nowUs,
  type ToClients,
} from './protocol.ts';

const BALANCE_SUBSCRIPTION =
  'subscription { balanceChanged { advertiserBalance publisherBalance publisherOnHoldBalance } }';
const CONNECT_TIMEOUT_MS = 30_000;

interface Conn {
  close(): Promise<void>;
  readonly open: boolean;
}

function send(msg: FromClients) {
  process.send?.(msg);
}

// State of the current phase (one mode at a time).
let conns: Conn[] = [];
let closing = false;
let unexpectedCloses = 0;
let warmFlags = new Uint8Array(0);
let warmed = 0;
let warmTarget = 0;
let latencies = new Float64Array(0);
let delivered = 0;
let lastAtUs = 0;

/** One received event: 0 is the warm-up, anything else the publisher's send time in µs. */
function onBalance(index: number, sentUs: number) {
  if (sentUs === 0) {
    if (warmFlags[index]) return;
    warmFlags[index] = 1;
    if (++warmed === warmTarget) send({ type: 'warm' });
    return;
  }
  const at = nowUs();
  if (delivered < latencies.length) latencies[delivered] = (at - sentUs) / 1000;
  delivered++;
  lastAtUs = at;
  if (delivered === latencies.length) send({ type: 'delivered' });
}

function lost() {
  if (!closing) unexpectedCloses++;
}

/** A graphql-ws client subscribed to balanceChanged; resolves once the server acknowledged it. */
function openGraphql(url: string, user: BenchUser, index: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    let open = false;
    let onClosed: (() => void) | undefined;
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${user.token}` },
      on: {
        connected: () => {
          open = true;
          resolve(conn);
        },
        closed: (event) => {
          const wasOpen = open;
          open = false;
          if (!wasOpen) reject(new Error(`closed before ack (code ${(event as { code?: number })?.code})`));
          else lost();
          onClosed?.();
        },
      },
    });
    const conn: Conn = {
      get open() {
        return open;
      },
      close: () =>
        new Promise<void>((done) => {
          if (!open) return done();
          onClosed = done;
          void client.dispose();
        }),
    };
    // Queued by the client and sent right after connection_ack.
    client.subscribe<{ balanceChanged: { advertiserBalance: string } }>(
      { query: BALANCE_SUBSCRIPTION },
      {
        // The Money scalar renders micro-USD as a USD decimal ("1234.567891"); undo that exactly.
        next: (result) => onBalance(index, Number(parseMoney(result.data?.balanceChanged.advertiserBalance ?? ''))),
        error: () => {},
        complete: () => {},
      },
    );
  });
}

/**
 * A minimal client of the graphql-transport-ws protocol: connection_init with the token, one
 * subscribe after connection_ack, pong to ping, `next` payloads read with JSON.parse. It costs
 * the client process about what the bare client does, so the comparison measures the server.
 */
function openGraphqlLean(url: string, user: BenchUser, index: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'graphql-transport-ws');
    let open = false;
    let onClosed: (() => void) | undefined;
    ws.on('open', () =>
      ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${user.token}` } })),
    );
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as {
        type: string;
        payload?: { data?: { balanceChanged?: { advertiserBalance: string } } };
      };
      if (msg.type === 'next') {
        onBalance(index, Number(parseMoney(msg.payload?.data?.balanceChanged?.advertiserBalance ?? '')));
      } else if (msg.type === 'connection_ack') {
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: BALANCE_SUBSCRIPTION } }));
        open = true;
        resolve(conn);
      } else if (msg.type === 'ping') ws.send('{"type":"pong"}');
    });
    ws.on('error', (err) => {
      if (!open) reject(err);
    });
    ws.on('close', (code) => {
      if (!open) reject(new Error(`closed before ack (code ${code})`));
      else lost();
      open = false;
      onClosed?.();
    });
    const conn: Conn = {
      get open() {
        return open;
      },
      close: () =>
        new Promise<void>((done) => {
          if (!open) return done();
          onClosed = done;
          ws.close(1000);
        }),
    };
  });
}

/** A plain ws client that announces its user id; the bare server sends it the payload as JSON. */
function openBare(url: string, user: BenchUser, index: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let open = false;
    let onClosed: (() => void) | undefined;
    ws.on('open', () => {
      open = true;
      ws.send(String(user.id));
      resolve(conn);
    });
    ws.on('message', (data) =>
      onBalance(index, Number((JSON.parse(String(data)) as { advertiserBalance: string }).advertiserBalance)),
    );
    ws.on('error', (err) => {
      if (!open) reject(err);
    });
    ws.on('close', () => {
      if (open) lost();
      open = false;
      onClosed?.();
    });
    const conn: Conn = {
      get open() {
        return open;
      },
      close: () =>
        new Promise<void>((done) => {
          if (!open) return done();
          onClosed = done;
          ws.close(1000);
        }),
    };
  });
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function openAll(mode: Mode, client: ClientKind, url: string, users: BenchUser[], events: number, batch: number) {
  conns = [];
  closing = false;
  unexpectedCloses = 0;
  warmFlags = new Uint8Array(users.length);
  warmed = 0;
  warmTarget = Number.POSITIVE_INFINITY; // not reachable until every connect has settled
  latencies = new Float64Array(users.length * events);
  delivered = 0;
  lastAtUs = 0;

  const started = Date.now();
  const open = mode === 'bare' ? openBare : client === 'library' ? openGraphql : openGraphqlLean;
  let failed = 0;
  let firstError: string | undefined;
  // Ramp in batches so the listen backlog is never flooded with SYNs.
  for (let from = 0; from < users.length; from += batch) {
    const results = await Promise.allSettled(
      users.slice(from, from + batch).map((u, i) => withTimeout(open(url, u, from + i), CONNECT_TIMEOUT_MS, 'connect')),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') conns.push(r.value);
      else {
        failed++;
        firstError ??= r.reason instanceof Error ? r.reason.message : String(r.reason);
      }
    }
  }
  warmTarget = conns.length;
  send({ type: 'opened', ok: conns.length, failed, ms: Date.now() - started, firstError });
  if (warmTarget > 0 && warmed >= warmTarget) send({ type: 'warm' });
}

function report(): ClientStats {
  const got = latencies.subarray(0, Math.min(delivered, latencies.length)).slice().sort();
  const pct = (p: number) =>
    got.length ? got[Math.min(got.length - 1, Math.ceil((p / 100) * got.length) - 1)] : Number.NaN;
  return {
    delivered,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: got.length ? got[got.length - 1] : Number.NaN,
    lastAtUs,
    open: conns.filter((c) => c.open).length,
    unexpectedCloses,
  };
}

async function closeAll() {
  closing = true;
  await withTimeout(Promise.all(conns.map((c) => c.close())), 30_000, 'close').catch(() => {});
  conns = [];
  send({ type: 'closed' });
}

process.on('message', (msg: ToClients) => {
  if (msg.type === 'open') void openAll(msg.mode, msg.client, msg.url, msg.users, msg.events, msg.batch);
  else if (msg.type === 'report') send({ type: 'report', stats: report() });
  else if (msg.type === 'close') void closeAll();
});
// Never outlive the benchmark.
process.on('disconnect', () => process.exit(0));
