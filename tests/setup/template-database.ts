import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../server/database.ts';

const root = resolve(import.meta.dirname, '../..');
const PREFIX = 'tg_template_';
/** Where each run's seeded demo keeps its data folder (tests/helpers/demo-snapshot.ts). */
export const DEMO_SNAPSHOTS = join(root, 'node_modules/.cache/test-demo');
/** A run's demo snapshot left behind by a run that was killed is dropped after this long. */
const STALE_MS = 6 * 3600_000;

/** Runs `work` with a connection to the run's server (the admin database), closed after. */
export async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Every file under `dir` whose name passes `keep`, by path. */
function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Names the schema: the migrations and the SQL definitions' files, hashed. */
function schemaHash(): string {
  const hash = createHash('sha256');
  for (const file of [
    ...files(join(root, 'migrations'), (n) => n.endsWith('.ts')),
    ...files(join(root, 'server'), (n) => n.endsWith('.sql')),
  ]) {
    hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database on the run's server with the migrations and SQL definitions applied, named by
 * their hash: made once (under an advisory lock, so two runs side by side make it once) and
 * kept for the next run while the schema is the same; older ones are dropped. Test databases
 * are `CREATE DATABASE … TEMPLATE` copies of it (tests/helpers/db.ts): a file copy, not a
 * migration run.
 */
export async function prepareTemplateDatabase(adminUrl: string): Promise<string> {
  const name = `${PREFIX}${schemaHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('tg-test-template'))`);
    const existing = await admin.query<{ datname: string; ready: boolean }>(
      `select datname, datistemplate as ready from pg_database where datname like '${PREFIX}%'`,
    );
    for (const old of existing.rows.filter((r) => r.datname !== name)) {
      // Another schema's template (an older commit); a run still copying it keeps it for now.
      await admin
        .query(`alter database "${old.datname}" is_template false`)
        .then(() => admin.query(`drop database if exists "${old.datname}"`))
        .catch(() => {});
    }
    const demos = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'tg_demo_%'`,
    );
    for (const { datname } of demos.rows) {
      const made = Number.parseInt(datname.slice('tg_demo_'.length).split('_')[0], 36);
      if (Date.now() - made > STALE_MS)
        await dropDemoSnapshot(adminUrl, datname.slice('tg_demo_'.length)).catch(() => {});
    }
    const current = existing.rows.find((r) => r.datname === name);
    if (current?.ready) return name;
    // Half made by a run that was stopped: start again.
    if (current) await admin.query(`drop database if exists "${name}" with (force)`);
    const began = performance.now();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const orm = await openDatabase(url.toString());
    try {
      await migrateDatabase(orm);
    } finally {
      await orm.close();
    }
    await admin.query(`alter database "${name}" is_template true`);
    console.log(`[tests] migrated template database ${name} in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('tg-test-template'))`).catch(() => {});
    await admin.end();
  }
}

/** Drops a run's seeded demo snapshot: its template database and its data folder. */
export async function dropDemoSnapshot(adminUrl: string, run: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`alter database "tg_demo_${run}" is_template false`).catch(() => {});
    await admin.query(`drop database if exists "tg_demo_${run}" with (force)`);
  });
  rmSync(join(DEMO_SNAPSHOTS, run), { recursive: true, force: true });
}
