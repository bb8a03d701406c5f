import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of its own for a test (the restore drill): the machine's PostgreSQL 15
 * binaries (Debian's `postgresql-15`, which CI has), run as the `postgres` user when the test
 * runs as root (PostgreSQL refuses root), in a folder the test made.
 */
export const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(root, v, 'bin')).find((b) => existsSync(join(b, 'pg_basebackup')));
  if (!bin) throw new Error('The machine’s PostgreSQL binaries are missing: apt-get install postgresql');
  return bin;
})();

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs (as `postgres` under root); answers its output. */
export function pgRun(program: string, args: string[]): string {
  const cmd = join(PG_BIN, program);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8', stdio: 'pipe' })
    : execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe' });
}

/** A folder the `postgres` user owns (under root). */
export function pgFolder(path: string): string {
  mkdirSync(path, { recursive: true });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', path]);
  chmodSync(path, 0o700);
  return path;
}

export class PgCluster {
  constructor(
    readonly data: string,
    readonly port: number,
  ) {}

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** A new cluster in `data` with these settings (postgresql.conf lines). */
  static init(data: string, port: number, settings: Record<string, string>): PgCluster {
    pgFolder(data);
    pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const cluster = new PgCluster(data, port);
    cluster.configure(settings);
    return cluster;
  }

  configure(settings: Record<string, string>) {
    const lines = Object.entries({ port: String(this.port), listen_addresses: "'127.0.0.1'", ...settings }).map(
      ([k, v]) => `${k} = ${v}`,
    );
    appendFileSync(join(this.data, 'postgresql.auto.conf'), `${lines.join('\n')}\n`);
  }

  start() {
    pgRun('pg_ctl', [
      '-D',
      this.data,
      '-l',
      join(this.data, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-k ${this.data}`,
      'start',
    ]);
  }

  stop() {
    pgRun('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops it unless it already stopped (a test's cleanup after a failure anywhere). */
  stopIfRunning() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], database = 'postgres'): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** Resolves once a recovering cluster has reached its target and promoted itself. */
  async promoted(): Promise<void> {
    for (;;) {
      const [r] = await this.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
      if (!r!.recovering) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A file in the cluster's folder, written as its owner. */
  writeFile(name: string, text: string) {
    const path = join(this.data, name);
    writeFileSync(path, text);
    if (asRoot) execFileSync('chown', ['postgres:postgres', path]);
  }
}
