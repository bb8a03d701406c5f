/**
 * bench:soak — an hour (or `--minutes`) of mixed load on the deployment's shape: two instances
 * (`server/main.ts`, child processes) behind Caddy, on one PostgreSQL (a database made for the
 * run on `DATABASE_URL`'s server), one Redis (a `redis-server` of its own), one
 * S3 bucket (s3rver) and one sandbox chain (`npm run sandbox:chain`, a child process). This
 * process is the load generator; everything goes through the proxy, at a steady rate:
 *
 *   players       a new player starts a task every 1/rate s (the showcase start endpoint)
 *   conversions   70 % of those clicks converted one postback each, the rest in batch postbacks
 *   live          --subscribers graphql-ws sockets on balanceChanged, held the whole run
 *   sign-ins      one every 3 s (and the user's profile)
 *   uploads       an image every 10 s, read back through the proxy (from either instance)
 *   payouts       a withdrawal every 20 s, approved by finance, paid by the payout job on chain
 *                 (each asks for a fresh proof every STEP_UP_SECONDS: the password, then again)
 *
 * Every `--sample-seconds` it samples each instance — RSS, V8 heap used, event-loop delay p99,
 * open sockets (/proc), graphql-ws connections, its pool's database connections — the database's
 * connections and the sandbox chain's size, and prints a row. It passes when, on each instance,
 * RSS and heap grew less than 10 % over the second half (the median of the last five samples
 * against the median of the five from the half on), nothing answered 5xx or failed to connect,
 * every withdrawal was paid, and `ledger:check` is clean.
 *
 *   npm run bench:soak -- [--minutes 60] [--sample-seconds 60] [--rate 10] [--subscribers 200]
 *
 * Needs `caddy` and `redis-server` (apt-get install -y caddy redis-server) and DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Address } from '@ton/core';
import { createClient } from 'graphql-ws';
import sharp from 'sharp';
import WebSocket from 'ws';
import { openDatabase } from '../server/database.ts';
import { DEV_TEST_PRIVATE_KEY, DEV_TEST_PUBLIC_KEY, playerInitData } from '../server/lib/init-data.ts';
import { MemoryPubSub } from '../server/lib/pubsub.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';
import { Ledger } from '../server/modules/ledger/ledger.service.ts';
import { clickCodeFromLink } from '../server/modules/showcase/task-link.ts';
import { startS3Process } from '../tests/fakes/s3.ts';
import { adminQuery, api, dbUrl, freePort, ProductServer } from './common.ts';
import { type Click, createApps, createCampaigns, loginAt, seedUsers, USD } from './world.ts';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    'sample-seconds': { type: 'string', default: '60' },
    rate: { type: 'string', default: '10' },
    subscribers: { type: 'string', default: '200' },
  },
});
const MINUTES = Number(flags.minutes);
const SAMPLE_MS = Number(flags['sample-seconds']) * 1000;
const RATE = Number(flags.rate);
const SUBSCRIBERS = Number(flags.subscribers);
for (const [name, v] of Object.entries({ MINUTES, SAMPLE_MS, RATE, SUBSCRIBERS }))
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bench:soak: ${name.toLowerCase()} must be a positive number`);

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:soak needs DATABASE_URL (a PostgreSQL server it may create a database on)');
const dbName = `bench_soak_${Date.now().toString(36)}`;
const databaseUrl = dbUrl(adminUrl, dbName);
const folder = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const WORLD = { advertisers: 4, campaigns: 20, publishers: 4 };
const DEMO_PASSWORD = 'demo1234';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// What the load saw

/** Answers by kind: ok, client errors (4xx, by status), server errors (5xx and failed connections). */
interface Tally {
  ok: number;
  client: Map<number, number>;
  server: number;
  firstServer?: string;
}
const tally = new Map<string, Tally>();
let minuteRequests = 0;
let minuteServerErrors = 0;
let minuteClientErrors = 0;

function count(kind: string, status: number, detail = '') {
  const t: Tally = tally.get(kind) ?? { ok: 0, client: new Map(), server: 0 };
  tally.set(kind, t);
  minuteRequests++;
  if (status >= 200 && status < 400) t.ok++;
  else if (status >= 400 && status < 500) {
    t.client.set(status, (t.client.get(status) ?? 0) + 1);
    minuteClientErrors++;
  } else {
    t.server++;
    minuteServerErrors++;
    t.firstServer ??= `${status} ${detail}`.slice(0, 300);
  }
}

/** A REST call through the proxy, counted; answers the envelope's value (null when it failed). */
async function call(
  kind: string,
  method: string,
  path: string,
  opts: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    form?: FormData;
    /** Money moves need a fresh proof every STEP_UP_SECONDS: given with this password, as a person would. */
    password?: string;
  } = {},
): Promise<any> {
  try {
    const res = await fetch(`${proxy}/api${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status === 403 && opts.password && text.includes('STEP_UP_REQUIRED')) {
      const proved = await call('step-ups', 'POST', '/v1/users/self/step-up', {
        token: opts.token,
        body: { password: opts.password },
      });
      if (proved) return call(kind, method, path, { ...opts, password: undefined });
    }
    count(kind, res.status, `${method} ${path}: ${text.slice(0, 200)}`);
    return res.ok && text ? JSON.parse(text).value : null;
  } catch (err) {
    count(kind, 0, `${method} ${path}: ${(err as Error).message}`);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The deployment

const children: ChildProcess[] = [];
const instances = [new ProductServer(), new ProductServer()];
let proxy = '';
let s3: Awaited<ReturnType<typeof startS3Process>> | undefined;
let chainUrl = '';
const CHAIN_KEY = randomBytes(12).toString('hex');

async function waitFor(url: string, headers: Record<string, string>, what: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    if (Date.now() > until) throw new Error(`${what} did not answer within 60 s`);
    await sleep(250);
  }
}

async function waitForPort(port: number, what: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`${what} did not listen within 30 s`);
    await sleep(100);
  }
}

function spawnChild(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  children.push(child);
  return child;
}

async function startDeployment() {
  await adminQuery(adminUrl!, `create database "${dbName}"`);
  const chainPort = await freePort();
  spawnChild(process.execPath, ['--import', 'tsx', 'server/sandbox-chain.ts'], {
    DATA_DIR: join(folder, 'chain'),
    SANDBOX_CHAIN_PORT: String(chainPort),
    TON_SANDBOX_KEY: CHAIN_KEY,
  });
  chainUrl = `http://127.0.0.1:${chainPort}`;
  await waitFor(`${chainUrl}/sandbox/v1/chain`, { 'x-api-key': CHAIN_KEY }, 'the sandbox chain');
  s3 = await startS3Process();
  // A Redis of its own (no persistence): the run's live events and limits stay apart from
  // anything else on the machine's Redis (a test suite beside it).
  const redisPort = await freePort();
  spawnChild(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {},
  );
  const REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  await waitForPort(redisPort, 'redis-server');
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    TON_SANDBOX_URL: chainUrl,
    TON_SANDBOX_KEY: CHAIN_KEY,
    ...s3.env,
    S3_FORCE_PATH_STYLE: '1',
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SHOWCASE_RATE_LIMIT_PER_MINUTE: '1000000',
    TELEGRAM_INITDATA_PUBLIC_KEY: DEV_TEST_PUBLIC_KEY,
    COUNTRY_HEADER: 'x-country',
    JOBS_INTERVAL_SECONDS: '30',
    PAYOUT_INTERVAL_SECONDS: '15',
    PAYOUT_NEW_ADDRESS_HOLD_HOURS: '0',
    PAYOUT_SANDBOX_USDT: '10000000',
  };
  // The first seeds the demo accounts (finance, a publisher) and migrates; then the second.
  const bases = [
    await instances[0]!.start({ ...shared, DEMO_SEED: '1', DATA_DIR: join(folder, 'one') }),
    await instances[1]!.start({ ...shared, DATA_DIR: join(folder, 'two') }),
  ];
  const proxyPort = await freePort();
  const caddyDir = join(folder, 'caddy');
  writeFileSync(
    `${folder}/Caddyfile`,
    `{
	admin off
	auto_https off
	storage file_system ${caddyDir}
}
http://127.0.0.1:${proxyPort} {
	reverse_proxy ${bases.map((b) => b.replace('http://', '')).join(' ')} {
		lb_policy least_conn
		buffer_requests
		health_uri /readyz
		health_interval 5s
		fail_duration 10s
	}
}
`,
  );
  spawnChild('caddy', ['run', '--config', `${folder}/Caddyfile`, '--adapter', 'caddyfile'], {
    HOME: caddyDir,
    XDG_DATA_HOME: caddyDir,
    XDG_CONFIG_HOME: caddyDir,
  });
  proxy = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${proxy}/readyz`, {}, 'Caddy');
  return bases;
}

// ---------------------------------------------------------------------------------------------
// The load

interface World {
  apps: { id: number; botId: number }[];
  campaigns: { id: number; key: string }[];
  tokens: { advertisers: string[]; publishers: string[]; finance: string; payee: string };
}

async function makeWorld(totalClicks: number): Promise<World> {
  const login = loginAt(proxy);
  const categoryId = await seedUsers(databaseUrl, WORLD);
  const { campaignKeys } = await createCampaigns(proxy, login, {
    shape: WORLD,
    categoryId,
    clicksNeeded: totalClicks,
  });
  const apps = await createApps(proxy, login, WORLD.publishers, categoryId);
  const demo = async (email: string) =>
    (await api(proxy, 'POST', '/v1/auth/login', { body: { email, password: DEMO_PASSWORD } })).accessToken as string;
  const tokens = {
    advertisers: await Promise.all(
      Array.from({ length: WORLD.advertisers }, (_, i) => login(`bench.adv.${i + 1}@example.com`)),
    ),
    publishers: await Promise.all(
      Array.from({ length: WORLD.publishers }, (_, i) => login(`bench.pub.${i + 1}@example.com`)),
    ),
    finance: await demo('moderator@demo.local'),
    payee: await demo('publisher@demo.local'),
  };
  // The payee's money to withdraw (an adjustment from the deposits account).
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 2 } });
  try {
    const me = await api(proxy, 'GET', '/v1/users/self', { token: tokens.payee });
    await new Ledger(new MemoryPubSub()).transferNow(orm.em.fork() as EntityManager, {
      key: 'bench:soak:payee',
      code: 'ADJUSTMENT',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'PUBLISHER', userId: me.id },
      amount: 1_000_000n * USD,
    });
  } finally {
    await orm.close();
  }
  return { apps, campaigns: campaignKeys, tokens };
}

const countries = ['US', 'DE', 'GB', 'BR', 'IN', 'ID', 'TR', 'RU'];
let players = 7_500_000_000 + randomInt(1_000_000) * 1_000;
const clicked: (Click & { at: number })[] = [];
const batchQueue: Click[] = [];
const withdrawals: number[] = [];
let events = 0;
let unexpectedCloses = 0;

async function startClick(world: World) {
  const app = world.apps[randomInt(world.apps.length)]!;
  const campaign = world.campaigns[randomInt(world.campaigns.length)]!;
  const id = players++;
  const initData = playerInitData(
    { id, first_name: 'Soak', language_code: 'en' },
    { botId: app.botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
  );
  const started = await call('players', 'POST', `/v1/showcase/platforms/${app.id}/tasks/${campaign.id}/start`, {
    headers: { authorization: `tma ${initData}`, 'x-country': countries[id % countries.length]! },
  });
  const code = started && clickCodeFromLink(started.link);
  if (code) clicked.push({ code, key: campaign.key, at: Date.now() });
}

/** Clicks started two seconds ago or more: 70 % converted at once, the rest into the batch queue. */
async function convert() {
  const cutoff = Date.now() - 2000;
  const fresh = clicked.findIndex((c) => c.at > cutoff);
  const due = clicked.splice(0, fresh === -1 ? clicked.length : fresh);
  await Promise.all(
    due.map((c) => {
      if (Math.random() >= 0.7) {
        batchQueue.push(c);
        return undefined;
      }
      return call('conversions', 'POST', '/v1/sdk/events', {
        headers: { 'x-api-key': c.key },
        body: { type: 'conversion', click: c.code },
      });
    }),
  );
}

/** The batch queue as batch postbacks, one a project key, up to 50 events each. */
async function batchPostbacks() {
  const byKey = new Map<string, string[]>();
  for (const c of batchQueue.splice(0)) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c.code]);
  for (const [key, codes] of byKey)
    for (let i = 0; i < codes.length; i += 50)
      await call('batch postbacks', 'POST', '/v1/sdk/events', {
        headers: { 'x-api-key': key },
        body: { events: codes.slice(i, i + 50).map((click) => ({ type: 'conversion', click })) },
      });
}

async function signIn() {
  const n = randomInt(WORLD.advertisers) + 1;
  const session = await call('sign-ins', 'POST', '/v1/auth/login', {
    body: { email: `bench.adv.${n}@example.com`, password: 'bench-password-1' },
  });
  if (session?.accessToken) await call('sign-ins', 'GET', '/v1/users/self', { token: session.accessToken });
}

let image: Buffer;
async function uploadImage(world: World) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'soak.png');
  const token = world.tokens.advertisers[randomInt(world.tokens.advertisers.length)]!;
  const stored = await call('uploads', 'POST', '/v1/images', { token, form });
  const url: string | undefined = stored?.path;
  if (!url) return;
  try {
    const res = await fetch(new URL(url, proxy), { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    count('uploads', res.status, `GET ${url}`);
  } catch (err) {
    count('uploads', 0, `GET ${url}: ${(err as Error).message}`);
  }
}

let withdrawalTries = 0;
async function withdraw(world: World) {
  withdrawalTries++;
  const to = new Address(0, randomBytes(32)).toString({ testOnly: true, bounceable: false });
  const w = await call('payouts', 'POST', '/v1/users/payments/publisher', {
    token: world.tokens.payee,
    body: { amount: '50', walletAddress: to },
    password: DEMO_PASSWORD,
  });
  if (!w?.id) return;
  withdrawals.push(w.id);
  await call('payouts', 'POST', `/v1/finance/withdrawals/${w.id}/approve`, {
    token: world.tokens.finance,
    password: DEMO_PASSWORD,
  });
}

/** The live audience: sockets on balanceChanged through the proxy, half advertisers, half publishers. */
function subscribe(world: World) {
  const url = `${proxy.replace('http', 'ws')}/graphql`;
  const all = [...world.tokens.advertisers, ...world.tokens.publishers];
  return Array.from({ length: SUBSCRIBERS }, (_, i) => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      connectionParams: { authorization: `Bearer ${all[i % all.length]}` },
      on: {
        closed: () => {
          if (!stopping) unexpectedCloses++;
        },
      },
    });
    client.subscribe(
      { query: 'subscription { balanceChanged { advertiserBalance publisherBalance } }' },
      { next: () => void events++, error: () => {}, complete: () => {} },
    );
    return client;
  });
}
let stopping = false;

// ---------------------------------------------------------------------------------------------
// Sampling

interface Sample {
  minute: number;
  rss: number;
  heap: number;
  lagP99: number;
  sockets: number;
  ws: number;
  pool: number;
}

function metric(text: string, name: string, label?: string): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (label ? rest.startsWith(`{${label}}`) : rest.startsWith(' '))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return Number.NaN;
}

/** Sockets a process holds (its /proc fd links to `socket:[…]`). */
function socketsOf(pid: number): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
    } catch {}
  }
  return n;
}

async function sampleInstance(base: string, pid: number, minute: number): Promise<Sample> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return {
    minute,
    rss: metric(text, 'process_resident_memory_bytes') / 2 ** 20,
    heap: metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
    lagP99: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    sockets: socketsOf(pid),
    ws: metric(text, 'taskgram_ws_connections'),
    pool:
      metric(text, 'taskgram_pg_pool_connections', 'state="used"') +
      metric(text, 'taskgram_pg_pool_connections', 'state="free"'),
  };
}

async function databaseConnections(): Promise<number> {
  const orm = await openDatabase(adminUrl!, { pool: { min: 0, max: 1 } });
  try {
    const [row] = await (orm.em.fork() as EntityManager).execute<{ n: string }[]>(
      'select count(*)::text as n from pg_stat_activity where datname = ?',
      [dbName],
    );
    return Number(row!.n);
  } finally {
    await orm.close();
  }
}

async function chainSize(): Promise<{ transactions: number; fileBytes: number }> {
  return (await fetch(`${chainUrl}/sandbox/v1/chain`, { headers: { 'x-api-key': CHAIN_KEY } })).json();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Growth over the second half: the median of the last five samples against the five from the half on. */
function growth(samples: Sample[], key: 'rss' | 'heap'): { from: number; to: number; ratio: number } {
  const half = samples.slice(Math.floor(samples.length / 2));
  const k = Math.max(1, Math.min(5, Math.floor(half.length / 2)));
  const from = median(half.slice(0, k).map((s) => s[key]));
  const to = median(half.slice(-k).map((s) => s[key]));
  return { from, to, ratio: to / from - 1 };
}

// ---------------------------------------------------------------------------------------------
// The run

let exitCode = 0;
let cleaned: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    stopping = true;
    for (const s of instances) await s.stop().catch(() => {});
    for (const c of children) c.kill('SIGTERM');
    await s3?.close();
    await adminQuery(adminUrl!, `drop database if exists "${dbName}" with (force)`).catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  })();
  return cleaned;
}
const hardStop = setTimeout(
  () => {
    console.error('bench:soak: hard time limit reached, aborting');
    for (const c of children) c.kill('SIGKILL');
    for (const i of instances) i.child?.kill('SIGKILL');
    process.exit(3);
  },
  (MINUTES + 15) * 60_000,
);
hardStop.unref();
// Ctrl-C: the instances, the chain, the bucket and Caddy stop with the run, and its database goes.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`bench:soak: ${signal}, stopping`);
    void cleanUp().finally(() => process.exit(130));
  });

try {
  console.log(
    `bench:soak — ${MINUTES} min, ${RATE} players/s, ${SUBSCRIBERS} live sockets, samples every ${SAMPLE_MS / 1000} s`,
  );
  const bases = await startDeployment();
  image = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const world = await makeWorld(Math.ceil(RATE * MINUTES * 60 * 1.2));
  const sockets = subscribe(world);
  console.log(`  two instances (${bases.join(', ')}) behind Caddy at ${proxy}; the sandbox chain at ${chainUrl}`);

  const timers = [
    setInterval(() => void startClick(world), 1000 / RATE),
    setInterval(() => void convert(), 1000),
    setInterval(() => void batchPostbacks(), 5000),
    setInterval(() => void signIn(), 3000),
    setInterval(() => void uploadImage(world), 10_000),
    setInterval(() => void withdraw(world), 20_000),
  ];
  const samples: Sample[][] = [[], []];
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  console.log(
    '  min  inst   RSS MB  heap MB  loop p99 ms  sockets  ws  pool  | db conns  chain tx  chain MB  req/min  4xx  5xx  events',
  );
  while (Date.now() < end) {
    await sleep(Math.min(SAMPLE_MS, end - Date.now()));
    const minute = (Date.now() - started) / 60_000;
    const db = await databaseConnections();
    const chain = await chainSize();
    for (const i of [0, 1]) {
      const s = await sampleInstance(bases[i]!, instances[i]!.child!.pid!, minute);
      samples[i]!.push(s);
      const shared =
        i === 0
          ? `| ${String(db).padStart(8)}  ${String(chain.transactions).padStart(8)}  ${(chain.fileBytes / 2 ** 20).toFixed(1).padStart(8)}  ${String(minuteRequests).padStart(7)}  ${String(minuteClientErrors).padStart(3)}  ${String(minuteServerErrors).padStart(3)}  ${events}`
          : '|';
      console.log(
        `  ${minute.toFixed(1).padStart(4)}  ${i + 1}     ${s.rss.toFixed(0).padStart(6)}  ${s.heap.toFixed(0).padStart(7)}  ${s.lagP99.toFixed(1).padStart(11)}  ${String(s.sockets).padStart(7)}  ${String(s.ws).padStart(3)}  ${String(s.pool).padStart(4)}  ${shared}`,
      );
    }
    minuteRequests = 0;
    minuteServerErrors = 0;
    minuteClientErrors = 0;
  }
  for (const t of timers) clearInterval(t);
  await sleep(3000);
  await batchPostbacks();

  // Every withdrawal paid (the payout job's rounds run every 15 s).
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 2 } });
  const em = () => orm.em.fork() as EntityManager;
  let waiting = withdrawals.length;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    const [row] = await em().execute<{ n: string }[]>(
      `select count(*)::text as n from payments where id = any(?::int[]) and status <> 'DONE'`,
      [`{${withdrawals}}`],
    );
    waiting = Number(row!.n);
    if (!waiting) break;
    await sleep(2000);
  }
  const checks = await checkLedger(em());
  const [conversions] = await em().execute<{ n: string }[]>('select count(*)::text as n from conversions');
  await orm.close();
  stopping = true;
  await Promise.all(sockets.map((c) => c.dispose()));

  console.log('\n  what the load saw (through the proxy):');
  for (const [kind, t] of tally) {
    const client = [...t.client].map(([s, n]) => `${n}×${s}`).join(' ');
    console.log(
      `    ${kind.padEnd(16)} ${String(t.ok).padStart(7)} ok  ${client ? `4xx: ${client}  ` : ''}5xx/failed: ${t.server}${t.firstServer ? ` (first: ${t.firstServer})` : ''}`,
    );
  }
  console.log(
    `    ${conversions!.n} conversions in the database; ${events} live events delivered; ${unexpectedCloses} sockets closed unexpectedly`,
  );
  const serverErrors = [...tally.values()].reduce((n, t) => n + t.server, 0);
  const verdicts: [string, boolean][] = [];
  for (const i of [0, 1]) {
    for (const key of ['rss', 'heap'] as const) {
      const g = growth(samples[i]!, key);
      verdicts.push([
        `instance ${i + 1} ${key === 'rss' ? 'RSS' : 'heap'} over the second half: ${g.from.toFixed(0)} → ${g.to.toFixed(0)} MB (${g.ratio >= 0 ? '+' : ''}${(g.ratio * 100).toFixed(1)} %, under 10 %)`,
        g.ratio < 0.1,
      ]);
    }
  }
  verdicts.push([`no 5xx and no failed connection (${serverErrors})`, serverErrors === 0]);
  verdicts.push([
    `every withdrawal asked for was taken and approved (${withdrawals.length} of ${withdrawalTries})`,
    withdrawals.length === withdrawalTries && !tally.get('payouts')?.client.size,
  ]);
  verdicts.push([
    `every withdrawal paid (${withdrawals.length - waiting} of ${withdrawals.length} DONE)`,
    waiting === 0,
  ]);
  const bad = checks.filter((c) => !c.ok);
  verdicts.push([
    `ledger:check ${bad.length ? `FAILED: ${bad.map((c) => `${c.name}: ${c.detail}`).join('; ')}` : `clean (${checks.length} checks)`}`,
    bad.length === 0,
  ]);
  console.log('\n  verdict:');
  for (const [text, ok] of verdicts) console.log(`    ${ok ? 'pass' : 'FAIL'}  ${text}`);
  if (verdicts.some(([, ok]) => !ok)) exitCode = 1;
} catch (err) {
  console.error(err);
  for (const [i, s] of instances.entries())
    if (s.log.length) console.error(`\ninstance ${i + 1}'s last output:\n${s.log.slice(-20).join('\n')}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
