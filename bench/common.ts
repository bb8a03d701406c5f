// Helpers shared by the database benchmarks (bench:ledger, bench:conversions, bench:stats).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The server built as `npm run build` builds it (its server and showcase steps: nothing when
 * their sources did not change), for a bench that measures the product as production runs it.
 */
export function buildServer(): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--only=server,showcase'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`building the server failed (exit ${r.status})`);
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * The product under test: `server/main.ts` in a child process on a free loopback port, logging
 * at warn, without Redis, demo data or background jobs; `env` adds or overrides settings
 * (DATABASE_URL at least). Keeps the last 200 lines of its output in `log`.
 */
export class ProductServer {
  child: ChildProcess | null = null;
  readonly log: string[] = [];

  /**
   * Starts the server; `env.PORT` keeps a fixed port (a restart on the same address). `built`:
   * the server as `npm start` runs it (tsc's output in dist/, see buildServer), not through tsx.
   */
  async start(env: NodeJS.ProcessEnv, nodeArgs: string[] = [], opts: { built?: boolean } = {}): Promise<string> {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (see stop()).
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const entry = opts.built ? ['dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
    const child = spawn(process.execPath, [...profile, ...nodeArgs, ...entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_SEED: '0',
        LOG_LEVEL: 'warn',
        JOBS_INTERVAL_SECONDS: '86400',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SECRETS_KEY: randomBytes(32).toString('hex'),
        REDIS_URL: '',
        SERVE_CLIENT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.trim()) this.log.push(line);
      if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
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
      if (exited !== null) throw new Error(`the server exited with ${exited}:\n${this.log.join('\n')}`);
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        if (res.ok) return base;
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not answer within 120 s:\n${this.log.join('\n')}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // A profiled server writes its profile as it exits: give it the time (a kill leaves none).
    const timer = setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_CPU_PROF ? 120_000 : 15_000);
    await exited;
    clearTimeout(timer);
  }
}

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

/** A REST call to the product under test: the envelope's `value`, or an error with its message. */
export async function api(
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
export async function parallel<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
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
