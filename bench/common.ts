// Helpers shared by the database benchmarks (bench:ledger, bench:conversions).
import { spawn } from 'node:child_process';
import pg from 'pg';

/** The URL of database `name` on the server of `adminUrl`. */
export function dbUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs a command to the end and gives its exit code and combined output. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/**
 * pgbench's built-in TPC-B-like script on database `url` (initialised at `scale`): `clients`
 * connections for `seconds`. Returns transactions/s and pgbench's output.
 */
export async function runPgbench(
  pgbench: string,
  url: string,
  o: { scale: number; clients: number; seconds: number },
): Promise<{ tps: number; output: string }> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  const env = {
    ...process.env,
    PGHOST: u.hostname.replace(/^\[|\]$/g, ''),
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
  const init = await run(pgbench, ['-i', '-q', '-s', String(o.scale), name], env);
  if (init.code !== 0) throw new Error(`pgbench -i failed:\n${init.out}`);
  const bench = await run(
    pgbench,
    ['-c', String(o.clients), '-j', String(Math.min(2, o.clients)), '-T', String(o.seconds), '-n', name],
    env,
  );
  if (bench.code !== 0) throw new Error(`pgbench failed:\n${bench.out}`);
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(bench.out) ?? /tps = ([\d.]+)/.exec(bench.out);
  if (!m) throw new Error(`could not read tps from pgbench:\n${bench.out}`);
  return { tps: Number(m[1]), output: bench.out };
}
