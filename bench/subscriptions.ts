/**
 * Subscription benchmark: N graphql-ws clients, each subscribed to its own `balanceChanged`,
 * receive M events each from the real app; then a bare `ws` server does the same fan-out.
 *
 *   npm run bench:subscriptions -- [--clients 5000] [--events 5] [--skip-bare] [--timeout 300] [--client lean|library]
 *
 * graphql-ws clients are by default minimal clients of the graphql-transport-ws protocol (as light
 * as the bare clients, so the ratio measures the servers); `--client library` uses graphql-ws's own.
 *
 * Uses DATABASE_URL's server when set (a throwaway database bench_<random>), else embedded
 * PostgreSQL in a temporary folder. The client sockets live in a child process (bench/clients.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as yieldToIo, setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { type WebSocket, WebSocketServer } from 'ws';
import { type App, buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { topics } from '../server/lib/pubsub.ts';
import { createTokenService } from '../server/lib/tokens.ts';
import {
  type BenchUser,
  balancePayload,
  type ClientStats,
  type FromClients,
  type Mode,
  nowUs,
  type ToClients,
} from './protocol.ts';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    events: { type: 'string', default: '5' },
    'skip-bare': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '300' },
    batch: { type: 'string', default: '500' },
    chunk: { type: 'string', default: '500' },
    // lean: a minimal graphql-transport-ws client; library: the graphql-ws package's client.
    client: { type: 'string', default: 'lean' },
    // A CPU profile of the server (this process) while our clients connect and subscribe.
    'profile-connect': { type: 'string' },
    // The same while events are published and delivered.
    'profile-events': { type: 'string' },
  },
});
const positive = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${v}`);
  return n;
};
const N = positive('clients', flags.clients);
if (flags.client !== 'lean' && flags.client !== 'library') throw new Error('--client must be lean or library');
const CLIENT = flags.client as 'lean' | 'library';
const M = positive('events', flags.events);
const TIMEOUT_S = positive('timeout', flags.timeout);
/** Connections opened at once by the client process. */
const BATCH = positive('batch', flags.batch);
/** Events published between two yields to the event loop, so sends interleave with I/O. */
const CHUNK = positive('chunk', flags.chunk);
const TARGETS = { subscribers: 10_000, p99Ms: 200, rssKb: 30, throughputRatio: 0.5 };

// Full GCs before RSS readings make them comparable (works without --expose-gc on the command line).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(100);
  }
  return process.memoryUsage();
}

// Cleanup steps run in reverse on success, failure, timeout or Ctrl-C.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error('cleanup step failed:', err instanceof Error ? err.message : err);
      }
    }
  })();
  return cleaning;
}
async function fail(message: string): Promise<never> {
  console.error(`\nbench:subscriptions failed: ${message}`);
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  await cleanup();
  process.exit(1);
}
const overall = setTimeout(() => void fail(`did not finish within ${TIMEOUT_S} s (--timeout)`), TIMEOUT_S * 1000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void fail(`interrupted (${signal})`));

/** Typed request/answer over the child's IPC channel; answers that nobody awaits yet are kept. */
class ClientProcess {
  private readonly inbox: FromClients[] = [];
  private readonly waiters: { type: FromClients['type']; resolve: (m: FromClients) => void }[] = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromClients) => {
      const i = this.waiters.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m);
      else this.inbox.push(m);
    });
  }
  send(msg: ToClients) {
    this.child.send(msg);
  }
  clear() {
    this.inbox.length = 0;
  }
  next<T extends FromClients['type']>(type: T, timeoutMs: number): Promise<Extract<FromClients, { type: T }>> {
    const i = this.inbox.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as Extract<FromClients, { type: T }>);
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        resolve: (m: FromClients) => {
          clearTimeout(timer);
          resolve(m as Extract<FromClients, { type: T }>);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no '${type}' from the client process within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

interface Target {
  mode: Mode;
  url: string;
  users: BenchUser[];
  publish(userId: number, sentUs: number): void;
}

interface PhaseResult {
  mode: Mode;
  held: number;
  connectMs: number;
  rssBefore: number;
  rssWith: number;
  /** V8 heap + external (Buffers) growth per subscriber: the part of RSS that JS objects explain. */
  heapPerSubKb: number;
  expected: number;
  stats: ClientStats;
  eventsPerSec: number;
}

/** The inspector's CPU profiler on this process, started now; stop() returns the profile. */
async function startProfile() {
  const session = new Session();
  session.connect();
  const post = <T>(method: string) =>
    new Promise<T>((resolve, reject) => session.post(method, (err, res) => (err ? reject(err) : resolve(res as T))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = await post<{ profile: unknown }>('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

/** Connect N clients, make sure every subscription is live, publish N×M events, collect figures. */
async function runPhase(clients: ClientProcess, t: Target): Promise<PhaseResult> {
  clients.clear();
  const before = await settledMemory();
  const profiling = flags['profile-connect'] && t.mode !== 'bare' ? await startProfile() : null;
  clients.send({ type: 'open', mode: t.mode, client: CLIENT, url: t.url, users: t.users, events: M, batch: BATCH });
  const opened = await clients.next('opened', TIMEOUT_S * 1000);
  if (profiling) {
    writeFileSync(flags['profile-connect']!, JSON.stringify(await profiling.stop()));
    console.log(`  CPU profile of the connect phase: ${flags['profile-connect']}`);
  }
  if (opened.failed) console.warn(`  ${opened.failed} of ${N} clients failed to connect: ${opened.firstError}`);
  if (!opened.ok) throw new Error(`no ${t.mode} client connected: ${opened.firstError}`);
  console.log(`  ${opened.ok}/${N} connected in ${(opened.ms / 1000).toFixed(1)} s`);

  // A subscription is live once its warm-up event arrived; repeat for stragglers (duplicates are ignored).
  for (let attempt = 1; ; attempt++) {
    for (const u of t.users) t.publish(u.id, 0);
    try {
      await clients.next('warm', 2_000);
      break;
    } catch (err) {
      if (attempt >= 15) throw new Error(`not every subscription went live: ${(err as Error).message}`);
    }
  }
  const withClients = await settledMemory();

  // Measured phase: M rounds, one event per user each, yielding every CHUNK sends.
  const profilingEvents = flags['profile-events'] && t.mode !== 'bare' ? await startProfile() : null;
  const startUs = nowUs();
  for (let round = 0; round < M; round++) {
    for (let i = 0; i < t.users.length; i++) {
      t.publish(t.users[i].id, nowUs());
      if ((i + 1) % CHUNK === 0) await yieldToIo();
    }
    await yieldToIo();
  }
  await clients.next('delivered', 60_000).catch(() => console.warn('  not every event arrived within 60 s'));
  if (profilingEvents) {
    writeFileSync(flags['profile-events']!, JSON.stringify(await profilingEvents.stop()));
    console.log(`  CPU profile of the event phase: ${flags['profile-events']}`);
  }
  clients.send({ type: 'report' });
  const { stats } = await clients.next('report', 10_000);
  clients.send({ type: 'close' });
  await clients.next('closed', 40_000);

  const wallS = (stats.lastAtUs - startUs) / 1e6;
  return {
    mode: t.mode,
    held: stats.open,
    connectMs: opened.ms,
    rssBefore: before.rss,
    rssWith: withClients.rss,
    heapPerSubKb: (withClients.heapUsed + withClients.external - before.heapUsed - before.external) / 1024 / N,
    expected: N * M,
    stats,
    eventsPerSec: wallS > 0 ? stats.delivered / wallS : 0,
  };
}

/** A throwaway database on DATABASE_URL's server, dropped at the end. */
async function benchDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startApp(): Promise<{ app: App; jwtSecret: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-subs-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = process.env.DATABASE_URL ? await benchDatabase(process.env.DATABASE_URL) : undefined;
  // graphql-ws reads NODE_ENV itself (production error messages).
  process.env.NODE_ENV = 'production';
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    DEMO_SEED: '0',
    SERVE_CLIENT: '0',
    // No payments happen here; production otherwise insists on a payment provider.
    PAYMENTS_SANDBOX: '1',
  });
  const app = await buildApp(config);
  cleanups.push(() => app.close());
  return { app, jwtSecret: config.jwtSecret };
}

async function benchUsers(app: App, jwtSecret: string): Promise<BenchUser[]> {
  const rows = await app.orm.em.getConnection().execute<{ id: number }[]>(
    `insert into users (name, email, password_hash)
       select 'bench ' || g, 'bench' || g || '@bench.local', null from generate_series(1, ?) g returning id`,
    [N],
  );
  // A session each, signed like the app's own tokens, with the app's secret.
  const tokens = createTokenService(jwtSecret, '1h');
  const users = await Promise.all(
    rows.map(async ({ id }) => {
      const sessionId = randomUUID();
      return { id, sessionId, token: (await tokens.issue(id, sessionId)).token };
    }),
  );
  await app.orm.em.getConnection().execute(
    `insert into sessions (id, user_id, method, expires_at, ip, last_ip)
       select s, u, 'PASSWORD', now() + interval '1 hour', '127.0.0.1', '127.0.0.1'
         from unnest(?::uuid[], ?::int[]) as t(s, u)`,
    [`{${users.map((u) => u.sessionId).join(',')}}`, `{${users.map((u) => u.id).join(',')}}`],
  );
  return users.map(({ id, token }) => ({ id, token }));
}

/** The baseline: a plain ws server keeping userId → socket and sending the payload as JSON. */
async function startBare(): Promise<{ url: string; sockets: Map<number, WebSocket> }> {
  const server = createServer();
  const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
  const sockets = new Map<number, WebSocket>();
  wss.on('connection', (ws) => {
    ws.once('message', (data) => {
      const id = Number(String(data));
      sockets.set(id, ws);
      ws.once('close', () => sockets.delete(id));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => server.close(() => resolve()));
      }),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('bare server has no port');
  return { url: `ws://127.0.0.1:${address.port}`, sockets };
}

function forkClients(): ClientProcess {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let done = false;
  child.on('exit', (code, signal) => {
    if (!done) void fail(`the client process exited (${signal ?? code})`);
  });
  cleanups.push(() => {
    done = true;
    if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  return new ClientProcess(child);
}

// ---- report ----

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kbPer = (r: PhaseResult) => (r.rssWith - r.rssBefore) / 1024 / N;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 1 ? 2 : 1) : 'n/a');
const int = (v: number) => Math.round(v).toLocaleString('en-US');
const check = (ok: boolean) => (ok ? '✅' : '❌');

function printPhase(r: PhaseResult) {
  const s = r.stats;
  console.log(
    `  delivered ${s.delivered}/${r.expected}, ${int(r.eventsPerSec)} events/s, ` +
      `p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms\n` +
      `  RSS ${mb(r.rssBefore)} MB before clients, ${mb(r.rssWith)} MB with them: ${kbPer(r).toFixed(1)} KB per subscriber ` +
      `(JS heap + external ${r.heapPerSubKb.toFixed(1)} KB); ` +
      `held ${r.held}/${N} (${s.unexpectedCloses} dropped)`,
  );
}

function markdownTable(ours: PhaseResult, bare: PhaseResult | undefined): string {
  const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : 'n/a');
  const rows: string[][] = [
    ['Subscribers held', `${int(ours.held)} / ${int(N)}`, bare ? `${int(bare.held)} / ${int(N)}` : 'n/a', '', ''],
    [
      'Connect + subscribe time (s)',
      (ours.connectMs / 1000).toFixed(1),
      bare ? (bare.connectMs / 1000).toFixed(1) : 'n/a',
      '',
      '',
    ],
    [
      'Events delivered',
      `${int(ours.stats.delivered)} / ${int(ours.expected)}`,
      bare ? `${int(bare.stats.delivered)} / ${int(bare.expected)}` : 'n/a',
      '',
      '',
    ],
    [
      'Throughput (events/s)',
      int(ours.eventsPerSec),
      bare ? int(bare.eventsPerSec) : 'n/a',
      ratio(ours.eventsPerSec, bare?.eventsPerSec),
      `ours/bare ≥ ${TARGETS.throughputRatio}`,
    ],
    [
      'Latency p50 (ms)',
      ms(ours.stats.p50),
      bare ? ms(bare.stats.p50) : 'n/a',
      ratio(ours.stats.p50, bare?.stats.p50),
      '',
    ],
    [
      'Latency p95 (ms)',
      ms(ours.stats.p95),
      bare ? ms(bare.stats.p95) : 'n/a',
      ratio(ours.stats.p95, bare?.stats.p95),
      '',
    ],
    [
      'Latency p99 (ms)',
      ms(ours.stats.p99),
      bare ? ms(bare.stats.p99) : 'n/a',
      ratio(ours.stats.p99, bare?.stats.p99),
      `< ${TARGETS.p99Ms}`,
    ],
    ['Latency max (ms)', ms(ours.stats.max), bare ? ms(bare.stats.max) : 'n/a', '', ''],
    ['Server RSS before clients (MB)', mb(ours.rssBefore), bare ? mb(bare.rssBefore) : 'n/a', '', ''],
    ['Server RSS with clients (MB)', mb(ours.rssWith), bare ? mb(bare.rssWith) : 'n/a', '', ''],
    [
      'RSS per subscriber (KB)',
      kbPer(ours).toFixed(1),
      bare ? `${kbPer(bare).toFixed(1)} †` : 'n/a',
      '',
      `≤ ${TARGETS.rssKb}`,
    ],
    [
      'JS heap + external per subscriber (KB)',
      ours.heapPerSubKb.toFixed(1),
      bare ? bare.heapPerSubKb.toFixed(1) : 'n/a',
      ratio(ours.heapPerSubKb, bare?.heapPerSubKb),
      '',
    ],
  ];
  const head = ['', 'graphql-ws (ours)', 'bare ws', 'ours/bare', 'target'];
  const table = [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
  // The baseline runs second in the same process and reuses pages the first phase freed.
  const note = bare
    ? '\n\n† The bare server runs second in the same process and reuses memory freed by the first phase, so its RSS growth understates; compare the heap row.'
    : '';
  return table + note;
}

function verdicts(ours: PhaseResult, bare: PhaseResult | undefined): string[] {
  const lines = [
    `${check(ours.stats.p99 < TARGETS.p99Ms)} p99 ${ms(ours.stats.p99)} ms (target < ${TARGETS.p99Ms} ms)`,
    `${check(kbPer(ours) <= TARGETS.rssKb)} RSS per subscriber ${kbPer(ours).toFixed(1)} KB (target ≤ ${TARGETS.rssKb} KB)`,
    bare
      ? `${check(ours.eventsPerSec / bare.eventsPerSec >= TARGETS.throughputRatio)} throughput ours/bare ${(ours.eventsPerSec / bare.eventsPerSec).toFixed(2)} (target ≥ ${TARGETS.throughputRatio})`
      : '– throughput ratio not measured (--skip-bare)',
    N >= TARGETS.subscribers
      ? `${check(ours.held >= TARGETS.subscribers && ours.stats.unexpectedCloses === 0)} ${int(ours.held)} concurrent subscribers held (target ${int(TARGETS.subscribers)})`
      : `– ${int(TARGETS.subscribers)} subscribers not attempted (run with --clients ${TARGETS.subscribers})`,
    `${check(ours.stats.delivered === ours.expected)} every event delivered (${int(ours.stats.delivered)}/${int(ours.expected)})`,
  ];
  return lines;
}

// ---- run ----

async function main(): Promise<boolean> {
  const startLoad = loadavg()[0];
  console.log(
    `bench:subscriptions — ${N} clients × ${M} events, node ${process.version}, ${cpus().length} CPUs, ${CLIENT} graphql-ws clients`,
  );
  console.log(
    `  database: ${process.env.DATABASE_URL ? 'DATABASE_URL server (throwaway database)' : 'embedded PostgreSQL'}`,
  );
  const { app, jwtSecret } = await startApp();
  const users = await benchUsers(app, jwtSecret);
  const clients = forkClients();

  console.log('graphql-ws (the app):');
  const port = new URL(app.url).port;
  const ours = await runPhase(clients, {
    mode: 'graphql',
    url: `ws://127.0.0.1:${port}/graphql`,
    users,
    publish: (userId, sentUs) => void app.pubsub.publish(topics.balance(userId), balancePayload(sentUs)),
  });
  printPhase(ours);

  let bare: PhaseResult | undefined;
  if (!flags['skip-bare']) {
    console.log('bare ws (baseline):');
    const server = await startBare();
    bare = await runPhase(clients, {
      mode: 'bare',
      url: server.url,
      users: users.map(({ id }) => ({ id })),
      publish: (userId, sentUs) => server.sockets.get(userId)?.send(JSON.stringify(balancePayload(sentUs))),
    });
    printPhase(bare);
  }

  // Figures are only as good as the machine is quiet: other processes share the 2 cores.
  console.log(`\nload average (1 min) at start ${startLoad.toFixed(2)}, at end ${loadavg()[0].toFixed(2)}`);
  console.log(`\n${markdownTable(ours, bare)}\n`);
  for (const line of verdicts(ours, bare)) console.log(line);
  // A lost event or subscriber fails the run (bench:smoke relies on it); a slow one does not.
  const lost = [ours, ...(bare ? [bare] : [])].filter(
    (r) => r.stats.delivered < r.expected || r.stats.unexpectedCloses > 0,
  );
  if (lost.length) {
    console.error(`events or subscribers lost: ${lost.map((r) => r.mode).join(', ')}`);
    return false;
  }
  return true;
}

let whole = false;
try {
  whole = await main();
} catch (err) {
  await fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
}
clearTimeout(overall);
await cleanup();
process.exit(whole ? 0 : 1);
