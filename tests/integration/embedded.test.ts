import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { connectEmbeddedPostgres, startEmbeddedPostgres } from '../../server/db/embedded.ts';

const dir = mkdtempSync(join(tmpdir(), 'tg-embedded-'));
// PostgreSQL runs as the postgres user when we are root: it must be able to enter the folder.
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

function waitForExit(pid: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise<void>((resolve, reject) => {
    const poll = () => {
      try {
        process.kill(pid, 0);
      } catch {
        return resolve();
      }
      if (Date.now() > deadline) return reject(new Error(`pid ${pid} still alive`));
      setTimeout(poll, 50);
    };
    poll();
  });
}

test('embedded PostgreSQL keeps its data and starts again after a crash left postmaster.pid behind', async () => {
  const pgDir = join(dir, 'pg');
  const first = await startEmbeddedPostgres(pgDir);
  await query(first.url, 'create table survivor (id int); insert into survivor values (42)');

  // Simulate a crash: the postmaster dies without cleaning up.
  const pid = Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  await waitForExit(pid);
  expect(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8')).toContain(String(pid));

  const second = await startEmbeddedPostgres(pgDir);
  try {
    expect(await query(second.url, 'select id from survivor')).toEqual([{ id: 42 }]);
    // A second server on the same folder while one runs is refused with a clear message.
    await expect(startEmbeddedPostgres(pgDir)).rejects.toThrow(/already running/);
  } finally {
    await second.stop();
  }
}, 120_000);

test('scripts use the embedded PostgreSQL a running server has, instead of refusing', async () => {
  const pgDir = join(dir, 'pg');
  const server = await startEmbeddedPostgres(pgDir);
  try {
    const attached = await connectEmbeddedPostgres(pgDir);
    expect(attached.attached).toBe(true);
    expect(attached.url).toBe(server.url);
    await attached.stop(); // stops nothing of the server's
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);

    // `npm run db:migrate` and `npm run ledger:check` as an operator runs them next to `npm start`.
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dir, REDIS_URL: '' };
    const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
    const migrate = spawnSync(tsx, ['scripts/db.ts', 'migrate'], { encoding: 'utf8', input: '', env });
    expect(migrate.stderr).not.toMatch(/already running/);
    expect(migrate.status, migrate.stderr).toBe(0);
    const check = spawnSync(tsx, ['scripts/ledger-check.ts'], { encoding: 'utf8', input: '', env });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('ledger check passed');
    // The server's PostgreSQL still runs, with what the script made.
    expect(
      await query(server.url, "select count(*)::int as n from pg_tables where tablename = 'ledger_accounts'"),
    ).toEqual([{ n: 1 }]);
  } finally {
    await server.stop();
  }
}, 120_000);

test('loading embedded PostgreSQL keeps a process’s failing exit code (its exit hook used to force 0)', () => {
  // A child that loads the package, then fails the way vitest or `ledger:check` does: exitCode, no exit().
  const script = join(dir, 'exit-code.mts');
  const embedded = JSON.stringify(join(process.cwd(), 'server/db/embedded.ts'));
  writeFileSync(script, `const m = await import(${embedded}); await m.loadEmbeddedPostgres(); process.exitCode = 3;`);
  const child = spawnSync(join(process.cwd(), 'node_modules/.bin/tsx'), [script], { encoding: 'utf8', input: '' });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(3);
});
