/**
 * Conversion benchmark: the real server (a child process running server/main.ts on a throwaway
 * database) takes advertisers' conversion events — `POST /api/v1/sdk/events` with the project
 * API key and `{ type: 'conversion', click }` — at increasing concurrency. Then the ledger
 * invariants are checked (`checkLedger`, what `npm run ledger:check` runs), the conversions in
 * the database must equal the accepted answers, and pgbench's TPC-B-like script runs on the same
 * PostgreSQL server in the same run for a ratio.
 *
 *   npm run bench:conversions -- [--levels 8,16,32,64] [--conversions 8000] [--campaigns 200]
 *       [--advertisers 10] [--publishers 20] [--warmup 1000] [--pgbench-seconds 15]
 *       [--pgbench-clients <best level>] [--keep]
 *
 * `--conversions` is per concurrency level. Every conversion of an app also updates its
 * publisher's ledger account, so `--publishers` (one app each) says how many such rows share
 * the load; `--publishers 1` measures one very busy app. pgbench runs after the app server has
 * stopped, with the client count of the best level unless --pgbench-clients says otherwise.
 *
 * Setup (not timed) goes through the real API where the product has one: users are inserted
 * and their advertiser balances topped up through the Ledger directly (no payment provider
 * here), then projects with BOT and CUSTOM resources, funded campaigns (many, so no campaign row
 * is hot) and apps with a bot id are created over REST, and every click is made by a synthetic
 * player through the public showcase start endpoint (initData signed with the DEV test key).
 * Each timed request completes a different click, in random order across campaigns and apps.
 *
 * Needs DATABASE_URL pointing at a PostgreSQL server on this machine (loopback only) and
 * `pgbench` on the PATH (or PGBENCH=/path). Creates databases bench_conv_<random> and
 * bench_conv_pgb_<random> and drops them at the end, whatever happens (unless --keep).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { openOrm } from '../server/db/orm.ts';
import { TIERS } from '../server/db/seed.ts';
import { MemoryPubSub } from '../server/graphql/pubsub.ts';
import { DEV_TEST_PRIVATE_KEY, DEV_TEST_PUBLIC_KEY, playerInitData } from '../server/lib/init-data.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';
import { Ledger } from '../server/modules/ledger/ledger.service.ts';
import { adminQuery, dbUrl, percentile, runPgbench } from './common.ts';
import { clickCodeFromLink } from '../server/modules/showcase/showcase.service.ts';

const { values: flags } = parseArgs({
  options: {
    levels: { type: 'string', default: '8,16,32,64' },
    conversions: { type: 'string', default: '8000' },
    warmup: { type: 'string', default: '1000' },
    campaigns: { type: 'string', default: '200' },
    advertisers: { type: 'string', default: '10' },
    publishers: { type: 'string', default: '20' },
    'pgbench-seconds': { type: 'string', default: '15' },
    'pgbench-clients': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const positive = (name: string, v: string | undefined, min = 1) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${v}`);
  return n;
};
const LEVELS = flags.levels.split(',').map((v) => positive('levels', v.trim()));
const PER_LEVEL = positive('conversions', flags.conversions);
const WARMUP = positive('warmup', flags.warmup, 0);
const CAMPAIGNS = positive('campaigns', flags.campaigns);
const ADVERTISERS = Math.min(positive('advertisers', flags.advertisers), CAMPAIGNS);
const PUBLISHERS = positive('publishers', flags.publishers);
const PGBENCH_SECONDS = positive('pgbench-seconds', flags['pgbench-seconds']);
const TARGET = 1000; // conversions/s
const USD = 1_000_000n;
const PASSWORD = 'bench-password-1';
const PGBENCH = process.env.PGBENCH ?? 'pgbench';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const adminUrl: string = process.env.DATABASE_URL ?? '';
if (!adminUrl) {
  console.error(
    'DATABASE_URL is not set: point it at a local PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}
const admin = new URL(adminUrl);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(admin.hostname)) {
  console.error(`Refusing to benchmark a non-loopback server (${admin.hostname}).`);
  process.exit(2);
}

const hardStop = setTimeout(
  () => {
    console.error('bench:conversions: hard time limit reached, aborting');
    server?.kill('SIGKILL');
    process.exit(3);
  },
  (20 * 60 + PGBENCH_SECONDS) * 1000,
);
hardStop.unref();

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of every PostgreSQL process now alive (backends of the server under test included). */
function postgresCpuSeconds(): number {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        if (name !== 'postgres' && !name.startsWith('postgres:')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {}
    }
  } catch {
    return Number.NaN;
  }
  return total;
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

// ---------------------------------------------------------------------------------------------
// The server under test

let server: ChildProcess | null = null;
const serverLog: string[] = [];

async function startServer(databaseUrl: string, dataDir: string): Promise<string> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO_SEED: '0',
    LOG_LEVEL: 'warn',
    JOBS_INTERVAL_SECONDS: '86400',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '100000',
    SHOWCASE_RATE_LIMIT_PER_MINUTE: '1000000',
    TELEGRAM_INITDATA_PUBLIC_KEY: DEV_TEST_PUBLIC_KEY,
    COUNTRY_HEADER: 'x-country',
    REDIS_URL: '',
    SERVE_CLIENT: '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const keep = (d: Buffer) => {
    for (const line of d.toString().split('\n')) if (line.trim()) serverLog.push(line);
    if (serverLog.length > 200) serverLog.splice(0, serverLog.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? 1;
  });
  const base = `http://127.0.0.1:${port}`;
  const until = performance.now() + 120_000;
  while (performance.now() < until) {
    if (exited !== null) throw new Error(`the server exited with ${exited}:\n${serverLog.join('\n')}`);
    try {
      const res = await fetch(`${base}/api/v1/sdk/events`, { method: 'POST', signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      return base;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`the server did not answer within 120 s:\n${serverLog.join('\n')}`);
}

async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// Setup over REST

async function api(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<any> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json?.error ?? text.slice(0, 300)}`);
  return json?.value;
}

/** `limit` at a time over `items`. */
async function parallel<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

interface Click {
  code: string;
  key: string;
}

async function setup(base: string, databaseUrl: string, clicksNeeded: number): Promise<Click[]> {
  const t0 = performance.now();
  const orm = await openOrm(databaseUrl, { pool: { min: 0, max: 4 } });
  const advertiserIds: number[] = [];
  const publisherIds: number[] = [];
  let categoryId: number;
  try {
    const em = orm.em.fork() as EntityManager;
    const hash = await argon2.hash(PASSWORD);
    const users = await em.execute<{ id: number; default_role: string }[]>(
      `insert into users (name, email, password_hash, default_role)
       select 'Bench advertiser ' || g, 'bench.adv.' || g || '@example.com', ?, 'ADVERTISER' from generate_series(1, ?) g
       union all
       select 'Bench publisher ' || g, 'bench.pub.' || g || '@example.com', ?, 'PUBLISHER' from generate_series(1, ?) g
       returning id, default_role`,
      [hash, ADVERTISERS, hash, PUBLISHERS],
    );
    for (const u of users) (u.default_role === 'ADVERTISER' ? advertiserIds : publisherIds).push(u.id);
    const ledger = new Ledger(new MemoryPubSub());
    for (const userId of advertiserIds) {
      await ledger.transferNow(orm.em.fork() as EntityManager, {
        key: `bench:top-up:${userId}`,
        code: 'TOP_UP',
        debit: { kind: 'DEPOSITS' },
        credit: { kind: 'ADVERTISER', userId },
        amount: 1_000_000n * USD,
      });
    }
    [{ id: categoryId }] = await em.execute<{ id: number }[]>('select id from categories order by id limit 1');
  } finally {
    await orm.close();
  }

  const login = async (email: string) =>
    (await api(base, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).accessToken as string;
  const logo = 'https://bench.example/logo.png';

  // Projects with BOT and CUSTOM resources, one funded campaign per resource.
  const perAdvertiser = Array.from(
    { length: ADVERTISERS },
    (_, i) => Math.floor(CAMPAIGNS / ADVERTISERS) + (i < CAMPAIGNS % ADVERTISERS ? 1 : 0),
  );
  // Enough budget for every click at the highest price (premium extra included), twice over.
  const budget = Math.max(10, Math.ceil(((clicksNeeded / CAMPAIGNS) * 0.2 * 2) / 10) * 10);
  const campaignKeys: { id: number; key: string }[] = [];
  await parallel(perAdvertiser, 4, async (count, a) => {
    const token = await login(`bench.adv.${a + 1}@example.com`);
    for (let offset = 0; offset < count; offset += 50) {
      const tasks = Array.from({ length: Math.min(50, count - offset) }, (_, j) => {
        const n = offset + j;
        return n % 2 === 0
          ? {
              type: 'BOT',
              title: `Bench bot ${a + 1}.${n}`,
              url: `https://t.me/bench_${a + 1}_${n}_bot`,
              logo,
              isMiniApp: n % 4 === 0,
            }
          : { type: 'CUSTOM', title: `Bench site ${a + 1}.${n}`, url: `https://bench.example/${a + 1}/${n}`, logo };
      });
      const project = await api(base, 'POST', '/v1/projects', {
        token,
        body: { title: `Bench project ${a + 1}.${offset / 50}`, categoryId, tasks },
      });
      if (!project.secretKey) throw new Error('POST /v1/projects answered without secretKey');
      for (const task of project.tasks as { id: number }[]) {
        const campaign = await api(base, 'POST', `/v1/projects/${project.id}/tasks/${task.id}/campaigns`, {
          token,
          body: { name: `Bench campaign ${task.id}`, budget },
        });
        if (campaign.status !== 'ACTIVE') {
          throw new Error(`campaign ${campaign.id} is ${campaign.status} after funding, expected ACTIVE`);
        }
        campaignKeys.push({ id: campaign.id, key: project.secretKey });
      }
    }
  });

  // Apps with a bot id, BOT and CUSTOM services on.
  const apps: { id: number; botId: number }[] = [];
  await parallel(
    Array.from({ length: PUBLISHERS }, (_, p) => p),
    4,
    async (p) => {
      const token = await login(`bench.pub.${p + 1}@example.com`);
      const botId = 8_100_000_000 + p;
      const platform = await api(base, 'POST', '/v1/platforms', {
        token,
        body: {
          title: `Bench app ${p + 1}`,
          logo,
          categoryId,
          webappUrl: `https://bench.example/app/${p + 1}`,
          tgBotUrl: `https://t.me/bench_app_${p + 1}_bot`,
          tgBotId: botId,
          rewards: [{ title: 'Coins', logo }],
          services: ['BOT', 'CUSTOM'].map((taskType) => ({
            taskType,
            awards: [{ platformRewardTitle: 'Coins', value: 100 }],
          })),
        },
      });
      apps.push({ id: platform.id, botId });
    },
  );
  console.log(
    `  ${ADVERTISERS} advertisers, ${campaignKeys.length} campaigns (budget ${budget} USD each), ${apps.length} apps (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  // Clicks: one synthetic player per click, through the public start endpoint.
  const t1 = performance.now();
  const countries = [...TIERS.flatMap((t) => t.countries), 'CL', 'NZ'];
  const clicks: Click[] = [];
  const playerBase = 7_000_000_000 + randomInt(1_000_000) * 1_000;
  await parallel(
    Array.from({ length: clicksNeeded }, (_, i) => i),
    16,
    async (i) => {
      const app = apps[i % apps.length];
      const campaign = campaignKeys[randomInt(campaignKeys.length)];
      const initData = playerInitData(
        { id: playerBase + i, first_name: 'Bench', language_code: 'en' },
        { botId: app.botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
      );
      const started = await api(base, 'POST', `/v1/showcase/platforms/${app.id}/tasks/${campaign.id}/start`, {
        headers: { authorization: `tma ${initData}`, 'x-country': countries[i % countries.length] },
      });
      const code = clickCodeFromLink(started.link);
      if (!code) throw new Error(`no click code in the start answer ${JSON.stringify(started)}`);
      clicks.push({ code, key: campaign.key });
      if ((i + 1) % 5000 === 0) console.log(`  ${i + 1} / ${clicksNeeded} clicks`);
    },
  );
  const s = (performance.now() - t1) / 1000;
  console.log(
    `  ${clicks.length} clicks through the start endpoint in ${s.toFixed(1)} s (${(clicks.length / s).toFixed(0)}/s)`,
  );
  return shuffle(clicks);
}

// ---------------------------------------------------------------------------------------------
// Timed phase: lean keep-alive HTTP client

interface LevelResult {
  concurrency: number;
  sent: number;
  completed: number;
  duplicates: number;
  errors: Map<string, number>;
  firstError?: string;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  serverCpu: number;
  postgresCpu: number;
  clientCpu: number;
  machineBusy: number;
}

function post(agent: http.Agent, base: URL, body: string, key: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: '/api/v1/sdk/events',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': key },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', (e) => resolve({ status: 0, text: e.message }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, text: e.message }));
    req.end(body);
  });
}

async function level(base: string, clicks: Click[], concurrency: number): Promise<LevelResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const bodies = clicks.map((c) => JSON.stringify({ type: 'conversion', click: c.code }));
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let firstError: string | undefined;
  let completed = 0;
  let duplicates = 0;
  let next = 0;
  const serverCpu0 = processCpuSeconds(server!.pid!);
  const postgresCpu0 = postgresCpuSeconds();
  const clientCpu0 = process.cpuUsage();
  const machine0 = machineCpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < clicks.length) {
        const i = next++;
        const t0 = performance.now();
        const res = await post(agent, url, bodies[i], clicks[i].key);
        const ms = performance.now() - t0;
        let status: string | undefined;
        if (res.status === 200 || res.status === 201) {
          try {
            status = JSON.parse(res.text).value?.status;
          } catch {}
        }
        if (status === 'COMPLETED') {
          completed++;
          latencies.push(ms);
        } else if (status === 'DUPLICATE') {
          duplicates++;
          latencies.push(ms);
        } else {
          const k = res.status ? String(res.status) : 'network';
          errors.set(k, (errors.get(k) ?? 0) + 1);
          firstError ??= `${res.status} ${res.text.slice(0, 300)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpu0);
  const machine1 = machineCpu();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    sent: clicks.length,
    completed,
    duplicates,
    errors,
    firstError,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    serverCpu: (processCpuSeconds(server!.pid!) - serverCpu0) / seconds,
    postgresCpu: (postgresCpuSeconds() - postgresCpu0) / seconds,
    clientCpu: (clientCpu.user + clientCpu.system) / 1e6 / seconds,
    machineBusy: (machine1.busy - machine0.busy) / (machine1.total - machine0.total),
  };
}

// ---------------------------------------------------------------------------------------------
// pgbench

async function benchPgbench(name: string, clients: number): Promise<number> {
  // One branch per client, as in bench:ledger: a smaller scale measures lock waits on a few rows.
  const { tps } = await runPgbench(PGBENCH, dbUrl(adminUrl, name), {
    scale: clients,
    clients,
    seconds: PGBENCH_SECONDS,
  });
  return tps;
}

// ---------------------------------------------------------------------------------------------

const tag = randomBytes(4).toString('hex');
const benchDb = `bench_conv_${tag}`;
const pgbenchDb = `bench_conv_pgb_${tag}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-conv-'));
let exitCode = 0;
process.on('SIGINT', () => {
  console.error('\ninterrupted');
  server?.kill('SIGKILL');
  for (const db of [benchDb, pgbenchDb]) {
    adminQuery(adminUrl, `drop database if exists "${db}" with (force)`).catch(() => {});
  }
  setTimeout(() => process.exit(130), 1000);
});
try {
  console.log(
    `bench:conversions: ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; levels ${LEVELS.join(', ')} × ${PER_LEVEL} conversions (+${WARMUP} warm-up); ${CAMPAIGNS} campaigns, ${ADVERTISERS} advertisers, ${PUBLISHERS} apps; server ${admin.host}`,
  );
  await adminQuery(adminUrl, `create database "${benchDb}"`);
  await adminQuery(adminUrl, `create database "${pgbenchDb}"`);

  console.log('\nstarting the server (tsx server/main.ts) …');
  const base = await startServer(dbUrl(adminUrl, benchDb), dataDir);
  console.log(`  listening at ${base}, pid ${server!.pid}`);

  console.log('\nsetup (not timed) …');
  const clicks = await setup(base, dbUrl(adminUrl, benchDb), WARMUP + PER_LEVEL * LEVELS.length);

  let offset = 0;
  // Every COMPLETED answer, warm-up included, must be exactly one conversion row.
  let acceptedAnswers = 0;
  if (WARMUP) {
    const warm = await level(base, clicks.slice(0, WARMUP), Math.min(8, LEVELS[0]));
    offset = WARMUP;
    acceptedAnswers += warm.completed;
    console.log(`\nwarm-up: ${warm.completed} conversions at ${(warm.completed / warm.seconds).toFixed(0)}/s`);
    if (warm.firstError) console.log(`  first error: ${warm.firstError}`);
  }
  const results: LevelResult[] = [];
  console.log('');
  for (const c of LEVELS) {
    const r = await level(base, clicks.slice(offset, offset + PER_LEVEL), c);
    offset += PER_LEVEL;
    acceptedAnswers += r.completed;
    results.push(r);
    console.log(
      `  concurrency ${String(c).padStart(3)}: ${(r.completed / r.seconds).toFixed(0).padStart(5)} conversions/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.completed} accepted${r.errors.size ? `, errors ${[...r.errors].map(([k, n]) => `${k}×${n}`).join(' ')}` : ''}`,
    );
  }
  await stopServer();

  const orm = await openOrm(dbUrl(adminUrl, benchDb), { pool: { min: 0, max: 2 } });
  let checks: Awaited<ReturnType<typeof checkLedger>>;
  let counts: { conversions: string; campaign_conversions: string; spend: string; price: string };
  try {
    checks = await checkLedger(orm.em.fork() as EntityManager);
    [counts] = await (orm.em.fork() as EntityManager).execute<(typeof counts)[]>(
      `select (select count(*) from conversions)::text as conversions,
              (select coalesce(sum(conversions), 0) from campaigns)::text as campaign_conversions,
              (select coalesce(sum(spend), 0) from campaigns)::text as spend,
              (select coalesce(sum(price), 0) from conversions)::text as price`,
    );
  } finally {
    await orm.close();
  }

  const best = results.reduce((a, b) => (b.completed / b.seconds > a.completed / a.seconds ? b : a));
  const pgbClients = flags['pgbench-clients']
    ? positive('pgbench-clients', flags['pgbench-clients'])
    : best.concurrency;
  console.log(
    `\npgbench (TPC-B-like, -c ${pgbClients} -j ${Math.min(2, pgbClients)} -T ${PGBENCH_SECONDS} -n, scale ${pgbClients}; the app server stopped) …`,
  );
  const tps = await benchPgbench(pgbenchDb, pgbClients);

  console.log('\nledger:check');
  for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
  const drift = checks.filter((c) => !c.ok);
  const inDb = Number(counts.conversions);
  const countsMatch =
    inDb === acceptedAnswers && Number(counts.campaign_conversions) === inDb && counts.spend === counts.price;

  const header = [
    'concurrency',
    'conversions/s',
    'p50 (ms)',
    'p99 (ms)',
    'max (ms)',
    'accepted',
    'errors',
    'app CPU',
    'PostgreSQL CPU',
    'load gen CPU',
    'CPU ms / conversion (app + PG)',
    'machine busy',
  ];
  const table = results.map((r) => [
    String(r.concurrency),
    (r.completed / r.seconds).toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    `${r.completed} / ${r.sent}`,
    r.errors.size ? [...r.errors].map(([k, n]) => `${k}×${n}`).join(' ') : '0',
    `${r.serverCpu.toFixed(2)} cores`,
    `${r.postgresCpu.toFixed(2)} cores`,
    `${r.clientCpu.toFixed(2)} cores`,
    `${((r.serverCpu * 1000) / (r.completed / r.seconds)).toFixed(2)} + ${((r.postgresCpu * 1000) / (r.completed / r.seconds)).toFixed(2)}`,
    `${(r.machineBusy * 100).toFixed(0)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const row of table) console.log(line(row));

  const bestRate = best.completed / best.seconds;
  const summary: [string, string][] = [
    ['best conversions/s', `${bestRate.toFixed(0)} at concurrency ${best.concurrency}`],
    [`target ≥ ${TARGET} conversions/s`, bestRate >= TARGET ? 'met' : 'NOT met'],
    ['pgbench TPC-B tps (same server, same run)', tps.toFixed(0)],
    ['ratio conversions / pgbench tps', (bestRate / tps).toFixed(2)],
    [
      'load average at the end (1, 5, 15 min)',
      loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
    ],
    ['drift', drift.length ? `DRIFT in ${drift.length} check(s)` : 'none'],
    [
      'conversions in db = accepted answers',
      countsMatch
        ? `yes (${inDb})`
        : `NO: ${inDb} rows, ${acceptedAnswers} answers, campaign counters ${counts.campaign_conversions}, spend ${counts.spend} vs prices ${counts.price}`,
    ],
  ];
  const w = Math.max(...summary.map(([k]) => k.length));
  console.log('');
  for (const [k, v] of summary) console.log(`${k.padEnd(w)} | ${v}`);
  if (drift.length || !countsMatch) exitCode = 1;
  if (results.some((r) => r.errors.size)) {
    exitCode = 1;
    for (const r of results) if (r.firstError) console.log(`first error at ${r.concurrency}: ${r.firstError}`);
  }
} catch (err) {
  console.error(err);
  if (serverLog.length) console.error(`\nlast server output:\n${serverLog.slice(-30).join('\n')}`);
  exitCode = 1;
} finally {
  await stopServer().catch(() => {});
  if (!flags.keep) {
    for (const db of [benchDb, pgbenchDb]) {
      await adminQuery(adminUrl, `drop database if exists "${db}" with (force)`).catch((e) =>
        console.error(`could not drop ${db}: ${e.message}`),
      );
    }
  } else console.log(`kept databases ${benchDb} and ${pgbenchDb}`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
