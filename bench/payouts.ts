/**
 * bench:payouts — withdrawals from request to confirmation on the sandbox chain.
 *
 * The product (`server/main.ts`) runs in a child process with the embedded-default payout
 * setup: a `@ton/sandbox` chain in its process, a Highload Wallet v3 funded with sandbox USDT,
 * the payout job on its own timer. This process is the load generator: it requests N
 * withdrawals over REST (16 at a time), approves them over REST (1000 an approval call) and
 * waits until every one is DONE. It prints withdrawals/s end to end (first request to last
 * confirmation), approval → DONE (p50/p99, from the database's timestamps), the server's CPU
 * time and PostgreSQL's CPU time per withdrawal (from /proc), and runs ledger:check after.
 *
 * Needs DATABASE_URL (a PostgreSQL server on this machine; a database is created for the run).
 * `--withdrawals N` (default 10000).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Address } from '@ton/core';
import { openDatabase } from '../server/database.ts';
import { MemoryPubSub } from '../server/lib/pubsub.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';
import { Ledger } from '../server/modules/ledger/ledger.service.ts';
import { adminQuery, api, dbUrl, parallel, percentile, ProductServer } from './common.ts';

const { values: flags } = parseArgs({ options: { withdrawals: { type: 'string', default: '10000' } } });
const N = Number(flags.withdrawals);
const AMOUNT = 50_000_000n; // 50 USD, micro-USD
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:payouts needs DATABASE_URL (a PostgreSQL server it may create a database on)');
const name = `bench_payouts_${Date.now().toString(36)}`;
const databaseUrl = dbUrl(adminUrl, name);
const TICKS = 100; // /proc times are in clock ticks (USER_HZ)

/** CPU seconds (user + system) of a process. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of every PostgreSQL process on this machine (the server and its backends). */
function postgresCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres')) total += cpuOf(Number(pid));
    } catch {}
  }
  return total;
}

await adminQuery(adminUrl, `create database "${name}"`);
const server = new ProductServer();
try {
  const base = await server.start({
    DATABASE_URL: databaseUrl,
    // A data folder of its own (the kept sandbox chain, the mail outbox), not the checkout's `data`.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-payouts-')),
    DEMO_SEED: '1',
    PAYOUT_INTERVAL_SECONDS: '0.2',
    PAYOUT_SANDBOX_USDT: String(N * 60 + 1000),
    PAYOUT_SANDBOX_TON: String(Math.ceil(N * 0.06) + 100),
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every bench withdrawal goes to a new address: a 24-hour hold would measure nothing.
    PAYOUT_NEW_ADDRESS_HOLD_HOURS: '0',
    // One payee's withdrawals add up over 24 hours for four eyes, and the bench has one finance
    // person; the pipeline is what it measures, not the policy (which its tests cover).
    PAYOUT_SECOND_APPROVAL_USD: String(N * 60 + 1000),
  });
  const login = async (email: string) =>
    (await api(base, 'POST', '/v1/auth/login', { body: { email, password: 'demo1234' } })).accessToken as string;
  const [publisher, finance] = await Promise.all([login('publisher@demo.local'), login('moderator@demo.local')]);
  const me = await api(base, 'GET', '/v1/users/self', { token: publisher });

  // The publisher's money to withdraw: an adjustment from the deposits account.
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 2 } });
  const em = () => orm.em.fork() as EntityManager;
  await new Ledger(new MemoryPubSub()).transferNow(em(), {
    key: 'bench:payouts',
    code: 'ADJUSTMENT',
    debit: { kind: 'DEPOSITS' },
    credit: { kind: 'PUBLISHER', userId: me.id },
    amount: AMOUNT * BigInt(N),
  });
  // Let the seed's own withdrawal go first.
  await new Promise((r) => setTimeout(r, 3000));

  const serverPid = server.child!.pid!;
  const cpu0 = cpuOf(serverPid);
  const pg0 = postgresCpu();
  const started = performance.now();
  const ids: number[] = [];
  await parallel(
    Array.from({ length: N }, (_, i) => i),
    16,
    async () => {
      const to = new Address(0, randomBytes(32)).toString({ testOnly: true, bounceable: false });
      const w = await api(base, 'POST', '/v1/users/payments/publisher', {
        token: publisher,
        body: { amount: '50', walletAddress: to },
      });
      ids.push(w.id);
    },
  );
  const requested = performance.now();
  for (let i = 0; i < ids.length; i += 1000) {
    await api(base, 'POST', '/v1/finance/withdrawals/approve', {
      token: finance,
      body: { ids: ids.slice(i, i + 1000) },
    });
  }
  const approved = performance.now();
  let done = 0;
  let last = -1;
  let lastChange = performance.now();
  for (;;) {
    const [row] = await em()
      .getConnection()
      .execute<{ done: string; failed: string }[]>(
        `select count(*) filter (where status = 'DONE') as done, count(*) filter (where status = 'FAILED') as failed
           from payments where id = any(?::int[])`,
        [`{${ids}}`],
      );
    done = Number(row!.done);
    if (Number(row!.failed)) throw new Error(`${row!.failed} withdrawals FAILED`);
    if (done !== last) {
      last = done;
      lastChange = performance.now();
      process.stdout.write(`\r  confirmed ${done}/${N}   `);
    }
    if (done === N) break;
    if (performance.now() - lastChange > 120_000) throw new Error(`stuck at ${done}/${N}:\n${server.log.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const finished = performance.now();
  const cpu = cpuOf(serverPid) - cpu0;
  const pgCpu = postgresCpu() - pg0;
  process.stdout.write('\n');

  const latencies = (
    await em()
      .getConnection()
      .execute<{ ms: number }[]>(
        `select extract(epoch from (updated_at - approved_at)) * 1000 as ms from payments where id = any(?::int[])`,
        [`{${ids}}`],
      )
  )
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const [batches] = await em().getConnection().execute<{ n: string }[]>('select count(*) as n from payout_batches');
  const checks = await checkLedger(em());
  await orm.close();

  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`bench:payouts — ${N} withdrawals of 50 USDT on the sandbox chain (${batches!.n} batches of ≤ 254)`);
  console.log(
    `  requests:        ${s(requested - started)} s (${Math.round((N / (requested - started)) * 1000)}/s over REST)`,
  );
  console.log(`  approvals:       ${s(approved - requested)} s (${Math.ceil(N / 1000)} calls)`);
  console.log(
    `  end to end:      ${s(finished - started)} s → ${((N / (finished - started)) * 1000).toFixed(1)} withdrawals/s`,
  );
  console.log(`  approval → DONE: p50 ${s(percentile(latencies, 50))} s, p99 ${s(percentile(latencies, 99))} s`);
  console.log(
    `  server CPU:      ${((cpu / N) * 1000).toFixed(2)} ms a withdrawal (${cpu.toFixed(1)} s; the chain emulator runs in it)`,
  );
  console.log(`  PostgreSQL CPU:  ${((pgCpu / N) * 1000).toFixed(2)} ms a withdrawal (${pgCpu.toFixed(1)} s)`);
  const bad = checks.filter((c) => !c.ok);
  console.log(
    `  ledger:check:    ${bad.length ? `FAILED: ${bad.map((c) => `${c.name}: ${c.detail}`).join('; ')}` : `clean (${checks.length} checks)`}`,
  );
  if (bad.length) process.exitCode = 1;
} finally {
  await server.stop();
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}
