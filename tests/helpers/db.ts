import { randomBytes } from 'node:crypto';
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
      await withAdmin(admin, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
