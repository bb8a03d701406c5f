/**
 * Conversion benchmark: the real server (a child process running server/main.ts on a throwaway
 * database) takes advertisers' conversion events — `POST /api/v1/sdk/events` with the project
 * API key and `{ type: 'conversion', click }`, or `{ events: [...] }` batches — at increasing
 * concurrency, in three cases in the same run:
 *
 *   busy    one app, one campaign (the viral app: every conversion on the same rows)
 *   spread  20 apps, 200 campaigns of 10 advertisers (--publishers, --campaigns, --advertisers)
 *   batch   one app, one campaign, postbacks of --batch-size events a request
 *
 * After each case the ledger invariants are checked (`checkLedger`, what `npm run ledger:check`
 * runs) and the conversions in the database must equal the accepted answers. Then pgbench's
 * TPC-B-like script runs on the same PostgreSQL server at 8, 16, 32 and 64 clients (the app
 * server stopped) and its best tps is the anchor of every ratio: one client count chosen by
 * chance flatters or punishes a ratio.
 *
 *   npm run bench:conversions -- [--cases busy,spread,batch] [--levels 8,16,32,64]
 *       [--conversions 8000] [--warmup 1000] [--batch-size 100] [--campaigns 200]
 *       [--advertisers 10] [--publishers 20] [--pgbench-seconds 15]
 *       [--pgbench-clients 8,16,32,64] [--rollups on|off|on,off] [--quality on|off|on,off] [--keep]
 *
 * `--conversions` is per level (events, in the batch case). `--rollups on,off` measures what the
 * statistics rollups cost: each level runs once with the triggers that keep them
 * (`conversions_stats`, `conversions_stats_insert`) and once without, in turns; the rollups are
 * rebuilt (`stats_rebuild()`) before the ledger check (which mode goes first alternates from
 * level to level: the first run of a level pays its ramp-up). `--quality on,off` does the same for
 * traffic quality's bookkeeping: the trigger `conversions_quality`, and the fast completions the
 * statistics insert trigger counts for it (off: that trigger's text without the count), rebuilt
 * with `stats_rebuild()` and `quality_rebuild()`. One of the two at a time.
 *
 * Setup (not timed) goes through the real API where the product has one: users are inserted
 * and their advertiser balances topped up through the Ledger directly (no payment provider
 * here), then projects with BOT and CUSTOM resources, funded campaigns and apps with a bot id
 * are created over REST, and every click is made by a synthetic player through the public
 * showcase start endpoint (initData signed with the DEV test key). Each timed event completes
 * a different click, in random order across campaigns and apps.
 *
 * Needs DATABASE_URL pointing at a PostgreSQL server on this machine (loopback only) and
 * `pgbench` on the PATH (or PGBENCH=/path). Creates databases bench_conv_<case>_<random> and
 * bench_conv_pgb_<random> and drops them at the end, whatever happens (unless --keep).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openDatabase } from '../server/database.ts';
import { DEV_TEST_PUBLIC_KEY } from '../server/lib/init-data.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';
import { adminQuery, dbUrl, percentile, ProductServer, runPgbench } from './common.ts';
import { type Click, createApps, createCampaigns, loginAt, seedUsers, startClicks } from './world.ts';

const { values: flags } = parseArgs({
  options: {
    cases: { type: 'string', default: 'busy,spread,batch' },
    levels: { type: 'string', default: '8,16,32,64' },
    'batch-size': { type: 'string', default: '100' },
    conversions: { type: 'string', default: '8000' },
    warmup: { type: 'string', default: '1000' },
    campaigns: { type: 'string', default: '200' },
    advertisers: { type: 'string', default: '10' },
    publishers: { type: 'string', default: '20' },
    'pgbench-seconds': { type: 'string', default: '15' },
    'pgbench-clients': { type: 'string', default: '8,16,32,64' },
    keep: { type: 'boolean', default: false },
    rollups: { type: 'string', default: 'on' },
    quality: { type: 'string', default: 'on' },
  },
});
const positive = (name: string, v: string | undefined, min = 1) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${v}`);
  return n;
};
const LEVELS = flags.levels.split(',').map((v) => positive('levels', v.trim()));
/**
 * Bookkeeping a run can switch off to measure its cost: the triggers that keep it, and how it is
 * rebuilt afterwards (conversions made without the triggers are not in it yet).
 */
const STATS_INSERT = readFileSync(
  new URL('../server/modules/statistics/sql/conversions_stats_insert.sql', import.meta.url),
  'utf8',
);
/** The statistics insert trigger without traffic quality's part (the fast completions it counts). */
function withoutFastCount(sql: string): string {
  const out = sql
    .replace(/v_fast interval := make_interval\([^;]*\);/, 'v_fast interval;')
    .replace('count(*) filter (where n.created_at - n.started_at < v_fast)', '0');
  if (out === sql || out.includes('filter (where n.created_at')) {
    throw new Error('conversions_stats_insert.sql changed: update bench/conversions.ts withoutFastCount');
  }
  return out;
}
const TOGGLES: Record<
  'rollups' | 'quality',
  { triggers: string[]; sql?: { on: string; off: string }; rebuild: string }
> = {
  rollups: { triggers: ['conversions_stats', 'conversions_stats_insert'], rebuild: 'select stats_rebuild()' },
  // Quality writes nothing when conversions are made but the fast completions the statistics row
  // counts: off, that count is taken out of the statistics trigger (and the update trigger is off).
  quality: {
    triggers: ['conversions_quality'],
    sql: { on: STATS_INSERT, off: withoutFastCount(STATS_INSERT) },
    rebuild: 'select stats_rebuild(); select quality_rebuild()',
  },
};
const modesOf = (name: keyof typeof TOGGLES) =>
  flags[name].split(',').map((v) => {
    const mode = v.trim();
    if (mode !== 'on' && mode !== 'off') throw new Error(`--${name} takes on, off or on,off; got ${v}`);
    return mode as 'on' | 'off';
  });
// `--rollups on,off` (or `--quality on,off`) runs every level twice, with the triggers on and off, in turns.
const TOGGLED: keyof typeof TOGGLES =
  modesOf('quality').length > 1 || modesOf('quality')[0] === 'off' ? 'quality' : 'rollups';
if (TOGGLED === 'quality' && flags.rollups !== 'on') throw new Error('--rollups and --quality: one of them at a time');
const ROLLUP_MODES = modesOf(TOGGLED);
const setTriggers = async (url: string, mode: 'on' | 'off') => {
  const toggle = TOGGLES[TOGGLED];
  await adminQuery(
    url,
    `alter table conversions ${toggle.triggers.map((t) => `${mode === 'on' ? 'enable' : 'disable'} trigger ${t}`).join(', ')}`,
  );
  if (toggle.sql) await adminQuery(url, toggle.sql[mode]);
};
const PER_LEVEL = positive('conversions', flags.conversions);
const WARMUP = positive('warmup', flags.warmup, 0);
const BATCH_SIZE = positive('batch-size', flags['batch-size']);
const PGBENCH_SECONDS = positive('pgbench-seconds', flags['pgbench-seconds']);
const PGBENCH_CLIENTS = flags['pgbench-clients'].split(',').map((v) => positive('pgbench-clients', v.trim()));

/** A case: how many advertisers, campaigns and apps share the load, and events per request. */
interface Shape {
  name: string;
  advertisers: number;
  campaigns: number;
  publishers: number;
  batch: number;
  /** The issue's target, as a multiple of pgbench's best tps. */
  target: number;
}
const SHAPES: Record<string, Shape> = {
  busy: { name: 'busy', advertisers: 1, campaigns: 1, publishers: 1, batch: 1, target: 1.5 },
  spread: {
    name: 'spread',
    campaigns: positive('campaigns', flags.campaigns),
    advertisers: Math.min(positive('advertisers', flags.advertisers), positive('campaigns', flags.campaigns)),
    publishers: positive('publishers', flags.publishers),
    batch: 1,
    target: 2,
  },
  batch: { name: 'batch', advertisers: 1, campaigns: 1, publishers: 1, batch: BATCH_SIZE, target: 5 },
};
const CASES = flags.cases.split(',').map((v) => {
  const shape = SHAPES[v.trim()];
  if (!shape) throw new Error(`--cases takes busy, spread and batch; got ${v}`);
  return shape;
});
const PGBENCH = process.env.PGBENCH ?? 'pgbench';

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
    product.child?.kill('SIGKILL');
    process.exit(3);
  },
  (15 * 60 * CASES.length + PGBENCH_SECONDS * PGBENCH_CLIENTS.length + 120) * 1000,
);
hardStop.unref();

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
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

/**
 * CPU seconds of every PostgreSQL process now alive (backends of the server under test included)
 * plus what exited backends used: the postmaster reaps them, so theirs is in its cutime/cstime.
 * Without the latter a backend that closed during a level took its whole past with it (a
 * negative figure).
 */
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
        // utime, stime, cutime, cstime (reaped children: the postmaster's exited backends)
        total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
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

const product = new ProductServer();

async function startServer(databaseUrl: string, dataDir: string): Promise<string> {
  return product.start({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000',
    SHOWCASE_RATE_LIMIT_PER_MINUTE: '1000000',
    TELEGRAM_INITDATA_PUBLIC_KEY: DEV_TEST_PUBLIC_KEY,
    COUNTRY_HEADER: 'x-country',
  });
}

const stopServer = () => product.stop();
const serverLog = product.log;

// ---------------------------------------------------------------------------------------------
// Setup over REST

async function setup(base: string, databaseUrl: string, clicksNeeded: number, shape: Shape): Promise<Click[]> {
  const t0 = performance.now();
  const categoryId = await seedUsers(databaseUrl, shape);
  const login = loginAt(base);
  const { campaignKeys, budget } = await createCampaigns(base, login, { shape, categoryId, clicksNeeded });
  const apps = await createApps(base, login, shape.publishers, categoryId);
  console.log(
    `  ${shape.advertisers} advertisers, ${campaignKeys.length} campaigns (budget ${budget} USD each), ${apps.length} apps (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return shuffle(await startClicks(base, { apps, campaignKeys, clicksNeeded }));
}

// ---------------------------------------------------------------------------------------------
// Timed phase: lean keep-alive HTTP client

interface LevelResult {
  concurrency: number;
  rollups?: string;
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

/**
 * One level: `concurrency` callers send the clicks' conversion events, one a request or, with
 * `batch` > 1, `batch` a request (the events of one project's key together). A latency is a
 * request's; the counts are events'.
 */
async function level(base: string, clicks: Click[], concurrency: number, batch = 1): Promise<LevelResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const requests: { body: string; key: string; events: number }[] = [];
  if (batch === 1) {
    for (const c of clicks)
      requests.push({ body: JSON.stringify({ type: 'conversion', click: c.code }), key: c.key, events: 1 });
  } else {
    const byKey = new Map<string, Click[]>();
    for (const c of clicks) {
      const list = byKey.get(c.key) ?? [];
      list.push(c);
      byKey.set(c.key, list);
    }
    for (const [key, list] of byKey) {
      for (let i = 0; i < list.length; i += batch) {
        const events = list.slice(i, i + batch).map((c) => ({ type: 'conversion', click: c.code }));
        requests.push({ body: JSON.stringify({ events }), key, events: events.length });
      }
    }
    shuffle(requests);
  }
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let firstError: string | undefined;
  let completed = 0;
  let duplicates = 0;
  let next = 0;
  const count = (status: string | undefined, res: { status: number; text: string }) => {
    if (status === 'COMPLETED') completed++;
    else if (status === 'DUPLICATE') duplicates++;
    else {
      const k = res.status !== 200 ? (res.status ? String(res.status) : 'network') : `event ${status ?? '?'}`;
      errors.set(k, (errors.get(k) ?? 0) + 1);
      firstError ??= `${res.status} ${res.text.slice(0, 300)}`;
    }
  };
  const serverCpu0 = processCpuSeconds(product.child!.pid!);
  const postgresCpu0 = postgresCpuSeconds();
  const clientCpu0 = process.cpuUsage();
  const machine0 = machineCpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const r = requests[next++];
        const t0 = performance.now();
        const res = await post(agent, url, r.body, r.key);
        const ms = performance.now() - t0;
        let value: { status?: string; results?: { status: string }[] } | undefined;
        if (res.status === 200 || res.status === 201) {
          try {
            value = JSON.parse(res.text).value;
          } catch {}
        }
        if (value?.status === 'COMPLETED' || value?.status === 'DUPLICATE' || value?.results) latencies.push(ms);
        if (value?.results) for (const e of value.results) count(e.status, res);
        else if (batch === 1) count(value?.status, res);
        else for (let i = 0; i < r.events; i++) count(undefined, res);
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
    serverCpu: (processCpuSeconds(product.child!.pid!) - serverCpu0) / seconds,
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
const caseDb = (shape: Shape) => `bench_conv_${shape.name}_${tag}`;
const pgbenchDb = `bench_conv_pgb_${tag}`;
const databases = [...CASES.map(caseDb), pgbenchDb];
let exitCode = 0;
process.on('SIGINT', () => {
  console.error('\ninterrupted');
  product.child?.kill('SIGKILL');
  for (const db of databases) adminQuery(adminUrl, `drop database if exists "${db}" with (force)`).catch(() => {});
  setTimeout(() => process.exit(130), 1000);
});

interface CaseResult {
  shape: Shape;
  results: LevelResult[];
  best: LevelResult;
  drift: string[];
  countsMatch: boolean;
  countsLine: string;
}

const rate = (r: LevelResult) => r.completed / r.seconds;

/** One case on its own database and server: setup, warm-up, the levels, then the checks. */
async function runCase(shape: Shape): Promise<CaseResult> {
  const db = caseDb(shape);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-conv-'));
  console.log(
    `\n== ${shape.name}: ${shape.publishers} app(s), ${shape.campaigns} campaign(s) of ${shape.advertisers} advertiser(s), ${shape.batch === 1 ? 'one event a request' : `${shape.batch} events a request`}`,
  );
  try {
    await adminQuery(adminUrl, `create database "${db}"`);
    const base = await startServer(dbUrl(adminUrl, db), dataDir);
    console.log(`  server at ${base}, pid ${product.child!.pid}; setup (not timed) …`);
    const clicks = await setup(
      base,
      dbUrl(adminUrl, db),
      WARMUP + PER_LEVEL * LEVELS.length * ROLLUP_MODES.length,
      shape,
    );

    let offset = 0;
    // Every COMPLETED answer, warm-up included, must be exactly one conversion row.
    let acceptedAnswers = 0;
    if (WARMUP) {
      const warm = await level(base, clicks.slice(0, WARMUP), Math.min(8, LEVELS[0]), shape.batch);
      offset = WARMUP;
      acceptedAnswers += warm.completed;
      console.log(`  warm-up: ${warm.completed} conversions at ${rate(warm).toFixed(0)}/s`);
      if (warm.firstError) console.log(`  first error: ${warm.firstError}`);
    }
    const results: LevelResult[] = [];
    for (const [i, c] of LEVELS.entries()) {
      // Turns alternate which mode goes first: the first run of a level pays its ramp-up.
      for (const mode of i % 2 ? [...ROLLUP_MODES].reverse() : ROLLUP_MODES) {
        await setTriggers(dbUrl(adminUrl, db), mode);
        const r = await level(base, clicks.slice(offset, offset + PER_LEVEL), c, shape.batch);
        r.rollups = mode;
        offset += PER_LEVEL;
        acceptedAnswers += r.completed;
        results.push(r);
        console.log(
          `  concurrency ${String(c).padStart(3)}${ROLLUP_MODES.length > 1 ? `, ${TOGGLED} ${mode.padEnd(3)}` : ''}: ${rate(r).toFixed(0).padStart(5)} conversions/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.completed} accepted${r.errors.size ? `, errors ${[...r.errors].map(([k, n]) => `${k}×${n}`).join(' ')}` : ''}`,
        );
      }
    }
    await stopServer();
    if (ROLLUP_MODES.includes('off')) {
      // Conversions made without the triggers are not in the rollup yet.
      await setTriggers(dbUrl(adminUrl, db), 'on');
      await adminQuery(dbUrl(adminUrl, db), TOGGLES[TOGGLED].rebuild);
    }

    const orm = await openDatabase(dbUrl(adminUrl, db), { pool: { min: 0, max: 2 } });
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
    console.log('  ledger:check');
    for (const c of checks) console.log(`    ${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
    const inDb = Number(counts.conversions);
    const countsMatch =
      inDb === acceptedAnswers && Number(counts.campaign_conversions) === inDb && counts.spend === counts.price;
    return {
      shape,
      results,
      best: results.reduce((a, b) => (rate(b) > rate(a) ? b : a)),
      drift: checks.filter((c) => !c.ok).map((c) => c.name),
      countsMatch,
      countsLine: countsMatch
        ? `yes (${inDb})`
        : `NO: ${inDb} rows, ${acceptedAnswers} answers, campaign counters ${counts.campaign_conversions}, spend ${counts.spend} vs prices ${counts.price}`,
    };
  } finally {
    await stopServer().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join(' | ');
  console.log(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const row of rows) console.log(line(row));
}

const perConversion = (cores: number, r: LevelResult) => ((cores * 1000) / rate(r)).toFixed(2);

try {
  console.log(
    `bench:conversions: ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; cases ${CASES.map((c) => c.name).join(', ')}; levels ${LEVELS.join(', ')} × ${PER_LEVEL} conversions (+${WARMUP} warm-up); server ${admin.host}`,
  );
  const cases: CaseResult[] = [];
  for (const shape of CASES) cases.push(await runCase(shape));

  // The anchor: pgbench's best over several client counts, the app server stopped.
  await adminQuery(adminUrl, `create database "${pgbenchDb}"`);
  const pgbench: { clients: number; tps: number }[] = [];
  console.log(`\npgbench (TPC-B-like, -T ${PGBENCH_SECONDS} -n, scale = clients; the app server stopped)`);
  for (const clients of PGBENCH_CLIENTS) {
    const tps = await benchPgbench(pgbenchDb, clients);
    pgbench.push({ clients, tps });
    console.log(`  ${String(clients).padStart(3)} clients: ${tps.toFixed(0)} tps`);
  }
  const anchor = pgbench.reduce((a, b) => (b.tps > a.tps ? b : a));

  for (const c of cases) {
    console.log(`\n${c.shape.name}`);
    printTable(
      [
        'concurrency',
        ...(ROLLUP_MODES.length > 1 ? [TOGGLED] : []),
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
      ],
      c.results.map((r) => [
        String(r.concurrency),
        ...(ROLLUP_MODES.length > 1 ? [r.rollups ?? ''] : []),
        rate(r).toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.max.toFixed(1),
        `${r.completed} / ${r.sent}`,
        r.errors.size ? [...r.errors].map(([k, n]) => `${k}×${n}`).join(' ') : '0',
        `${r.serverCpu.toFixed(2)} cores`,
        `${r.postgresCpu.toFixed(2)} cores`,
        `${r.clientCpu.toFixed(2)} cores`,
        `${perConversion(r.serverCpu, r)} + ${perConversion(r.postgresCpu, r)}`,
        `${(r.machineBusy * 100).toFixed(0)} %`,
      ]),
    );
    if (ROLLUP_MODES.length > 1) {
      const pairs = LEVELS.map((l) => {
        const on = c.results.find((r) => r.concurrency === l && r.rollups === 'on')!;
        const off = c.results.find((r) => r.concurrency === l && r.rollups === 'off')!;
        return `${l}: ${(rate(on) / rate(off)).toFixed(2)}`;
      });
      console.log(`with ${TOGGLED} / without, per level: ${pairs.join(', ')}`);
    }
  }

  console.log(
    `\nsummary (anchor: pgbench best ${anchor.tps.toFixed(0)} tps at ${anchor.clients} clients; ${pgbench.map((p) => `${p.clients}: ${p.tps.toFixed(0)}`).join(', ')})`,
  );
  printTable(
    [
      'case',
      'best conversions/s',
      'at concurrency',
      'p50 / p99 (ms)',
      'app CPU ms / conv',
      'PostgreSQL CPU ms / conv',
      'ratio to pgbench best',
      'target',
      'drift',
      'conversions in db = accepted',
    ],
    cases.map((c) => [
      c.shape.name,
      rate(c.best).toFixed(0),
      String(c.best.concurrency),
      `${c.best.p50.toFixed(1)} / ${c.best.p99.toFixed(1)}`,
      perConversion(c.best.serverCpu, c.best),
      perConversion(c.best.postgresCpu, c.best),
      (rate(c.best) / anchor.tps).toFixed(2),
      `≥ ${c.shape.target} ${rate(c.best) / anchor.tps >= c.shape.target ? 'met' : 'NOT met'}`,
      c.drift.length ? `DRIFT: ${c.drift.join(', ')}` : 'none',
      c.countsLine,
    ]),
  );
  console.log(
    `load average at the end (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const c of cases) {
    if (c.drift.length || !c.countsMatch) exitCode = 1;
    if (c.results.some((r) => r.errors.size)) {
      exitCode = 1;
      for (const r of c.results)
        if (r.firstError) console.log(`${c.shape.name}: first error at ${r.concurrency}: ${r.firstError}`);
    }
  }
} catch (err) {
  console.error(err);
  if (serverLog.length) console.error(`\nlast server output:\n${serverLog.slice(-30).join('\n')}`);
  exitCode = 1;
} finally {
  await stopServer().catch(() => {});
  if (!flags.keep) {
    for (const db of databases) {
      await adminQuery(adminUrl, `drop database if exists "${db}" with (force)`).catch((e) =>
        console.error(`could not drop ${db}: ${e.message}`),
      );
    }
  } else console.log(`kept databases ${databases.join(', ')}`);
}
process.exit(exitCode);
