import { randomBytes } from 'node:crypto';
import { appRoleName } from '../../server/db/app-role.ts';
import pg from 'pg';
import { inject } from 'vitest';
import { withAdmin } from '../setup/template-database.ts';
import { timed } from './timings.ts';

/**
 * A fresh database on the run's server; drop() removes it. By default a copy of the run's
 * migrated template (tests/setup/template-database.ts): the app's start finds nothing to apply.
 * `empty` gives one with no tables, for the tests of migrating itself; `template` copies another
 * (the seeded demo, tests/helpers/demo-snapshot.ts).
 */
export async function createTestDatabase(
  opts: { empty?: boolean; template?: string } = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const admin = inject('adminDatabaseUrl');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = opts.empty ? '' : ` template "${opts.template ?? inject('templateDatabase')}"`;
  await timed('database', () => withAdmin(admin, (c) => c.query(`create database "${name}"${template}`)));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await withAdmin(admin, async (c) => {
        await c.query(`drop database if exists "${name}" with (force)`);
        // The role the app served this database with (server/db/app-role.ts), if it made one.
        await c.query(`drop role if exists "${appRoleName(name)}"`).catch(() => undefined);
      });
    },
  };
}

/**
 * Runs SQL as the database's owner (the app serves as a role that owns nothing: a test that
 * renames a table or switches a trigger off, as an attacker with the owner's rights would, needs
 * the owner).
 */
export async function asOwner<T = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // `?` placeholders, as the app's `execute` takes them.
    let n = 0;
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

/** `asOwner` in the shape of the app's connection (`execute(sql, params)`). */
export const ownerSql = (databaseUrl: string) => ({
  execute: (sql: string, params: unknown[] = []) => asOwner(databaseUrl, sql, params),
});
