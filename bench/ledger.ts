import { randomBytes, randomInt } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openDatabase } from '../server/database.ts';
import { sqlDefinitions } from '../server/areas.ts';
import { migrate } from '../server/db/migrate.ts';
import { MemoryPubSub } from '../server/lib/pubsub.ts';
import { checkLedger, type LedgerCheck } from '../server/modules/ledger/ledger.check.ts';
import { InsufficientFunds } from '../server/modules/ledger/balances.ts';
import { type AccountRef, Ledger } from '../server/modules/ledger/ledger.service.ts';
import { adminQuery, dbUrl, percentile, runPgbench } from './common.ts';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    accounts: { type: 'string', default: '1000' },
    scale: { type: 'string' },
    // now: Ledger.transferNow (one statement); transaction: Ledger.run + transfer (BEGIN … COMMIT).
    mode: { type: 'string', default: 'now' },
  },
});
if (flags.mode !== 'now' && flags.mode !== 'transaction') throw new Error('--mode must be now or transaction');
const MODE = flags.mode;
const positive = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${v}`);
  return n;
};
const CLIENTS = positive('clients', flags.clients);
const SECONDS = positive('seconds', flags.seconds);
const ACCOUNTS = positive('accounts', flags.accounts);
if (ACCOUNTS < 2) throw new Error('--accounts must be at least 2');
// TPC-B contends on its branch rows: a scale below the client count measures lock waits on
// a handful of rows, so by default there is one branch per client.
const SCALE = positive('scale', flags.scale ?? String(CLIENTS));
const TARGET_RATIO = 0.5;
const USD = 1_000_000n;
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

// Bounded whatever happens: the whole run may take setup + both phases + margin.
const hardStop = setTimeout(
  () => {
    console.error('bench:ledger: hard time limit reached, aborting');
    process.exit(3);
  },
  (SECONDS * 2 + 300) * 1000,
);
hardStop.unref();

interface LedgerResult {
  transfers: number;
  refused: number;
  errors: number;
  firstError?: string;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  checks: LedgerCheck[];
  rowsInDb: number;
  /** CPU seconds of this Node process per second of the run (1 = one core busy). */
  nodeCpu: number;
}

async function benchLedger(name: string): Promise<LedgerResult> {
  const orm = await openDatabase(dbUrl(adminUrl, name), { pool: { min: 0, max: CLIENTS + 2 } });
  try {
    // The migrations and the SQL definitions (its functions), as a server's start applies them.
    await migrate(orm, sqlDefinitions);
    const em = () => orm.em.fork() as EntityManager;
    const ledger = new Ledger(new MemoryPubSub());

    // Users (ledger accounts reference them), then one funded advertiser account each.
    const users = await em().execute<{ id: number }[]>(
      `insert into users (name, email) select 'Bench ' || g, 'bench.' || g || '@example.com'
         from generate_series(1, ?) g returning id`,
      [ACCOUNTS],
    );
    const refs: AccountRef[] = users.map((u) => ({ kind: 'ADVERTISER', userId: u.id }));
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < refs.length) {
          const ref = refs[next++];
          await ledger.run(em(), (tx, emit) =>
            ledger.transfer(tx, emit, {
              key: `bench:seed:${'userId' in ref ? ref.userId : 0}`,
              code: 'TOP_UP',
              debit: { kind: 'DEPOSITS' },
              credit: ref,
              amount: 1000n * USD,
            }),
          );
        }
      }),
    );

    const latencies: number[] = [];
    let refused = 0;
    let errors = 0;
    let firstError: string | undefined;
    let seq = 0;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (performance.now() < deadline) {
          const a = randomInt(refs.length);
          let b = randomInt(refs.length - 1);
          if (b >= a) b++;
          // 0.01 to 1 USD: a random walk that rarely empties an account; refusals are counted.
          const amount = BigInt(randomInt(10_000, 1_000_001));
          const key = `bench:${client}:${seq++}`;
          const t0 = performance.now();
          try {
            const input = { key, code: 'ADJUSTMENT' as const, debit: refs[a], credit: refs[b], amount };
            if (MODE === 'now') await ledger.transferNow(em(), input);
            else await ledger.run(em(), (tx, emit) => ledger.transfer(tx, emit, input));
            latencies.push(performance.now() - t0);
          } catch (err) {
            if (err instanceof InsufficientFunds) refused++;
            else {
              errors++;
              firstError ??= err instanceof Error ? `${err.name}: ${err.message}` : String(err);
            }
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const nodeCpu = (cpu.user + cpu.system) / 1e6 / seconds;
    latencies.sort((x, y) => x - y);
    const checks = await checkLedger(em());
    const [{ n }] = await em().execute<{ n: string }[]>(
      "select count(*) as n from ledger_transfers where key like 'bench:%' and key not like 'bench:seed:%'",
    );
    return {
      transfers: latencies.length,
      refused,
      errors,
      firstError,
      seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      checks,
      rowsInDb: Number(n),
      nodeCpu,
    };
  } finally {
    await orm.close();
  }
}

function benchPgbench(name: string) {
  return runPgbench(PGBENCH, dbUrl(adminUrl, name), { scale: SCALE, clients: CLIENTS, seconds: SECONDS });
}

const tag = randomBytes(4).toString('hex');
const ledgerDb = `bench_${tag}`;
const pgbenchDb = `bench_pgb_${tag}`;
let exitCode = 0;
try {
  console.log(
    `bench:ledger: ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; ${CLIENTS} clients, ${SECONDS} s, ${ACCOUNTS} accounts; pgbench scale ${SCALE}; server ${admin.host}`,
  );
  await adminQuery(adminUrl, `create database "${ledgerDb}"`);
  await adminQuery(adminUrl, `create database "${pgbenchDb}"`);

  const ours = await benchLedger(ledgerDb);
  console.log('\nledger:check');
  for (const c of ours.checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
  const drift = ours.checks.filter((c) => !c.ok);
  const counted = ours.rowsInDb === ours.transfers;

  console.log(`\npgbench (TPC-B-like, -c ${CLIENTS} -j ${Math.min(2, CLIENTS)} -T ${SECONDS} -n, scale ${SCALE}) ...`);
  const pgb = await benchPgbench(pgbenchDb);

  const tps = ours.transfers / ours.seconds;
  const ratio = tps / pgb.tps;
  const rows: [string, string][] = [
    ['clients', String(CLIENTS)],
    ['mode', MODE === 'now' ? 'transferNow (one statement)' : 'run + transfer (transaction)'],
    ['duration (s)', ours.seconds.toFixed(1)],
    ['ledger transfers', String(ours.transfers)],
    ['ledger transfers/s', tps.toFixed(0)],
    ['ledger latency p50 (ms)', ours.p50.toFixed(2)],
    ['ledger latency p99 (ms)', ours.p99.toFixed(2)],
    ['ledger latency max (ms)', ours.max.toFixed(2)],
    ['refused (insufficient funds)', String(ours.refused)],
    ['errors', String(ours.errors)],
    ['node CPU during ledger run (cores)', ours.nodeCpu.toFixed(2)],
    ['pgbench TPC-B tps', pgb.tps.toFixed(0)],
    [
      `ratio ours/pgbench (target ≥ ${TARGET_RATIO})`,
      `${ratio.toFixed(2)} ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    ],
    ['drift', drift.length ? `DRIFT in ${drift.length} check(s)` : 'none'],
    ['transfers in db = counted', counted ? 'yes' : `NO (${ours.rowsInDb} in db)`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${'metric'.padEnd(w)} | value\n${'-'.repeat(w)}-|-${'-'.repeat(16)}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(w)} | ${v}`);
  if (ours.firstError) console.log(`\nfirst error: ${ours.firstError}`);
  if (drift.length || !counted || ours.errors) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  for (const db of [ledgerDb, pgbenchDb]) {
    await adminQuery(adminUrl, `drop database if exists "${db}" with (force)`).catch((e) =>
      console.error(`could not drop ${db}: ${e.message}`),
    );
  }
}
process.exit(exitCode);
