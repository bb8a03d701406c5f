import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyDefinitions, checksum, functionBody } from '../../server/db/definitions.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/database.ts';
import type { MikroORM } from '../../server/db/orm.ts';
import { sqlDefinitions } from '../../server/areas.ts';
import { createTestDatabase } from '../helpers/db.ts';

/**
 * The database functions are their source files (server/modules/<area>/sql/*.sql), applied
 * after the migrations when a file changes (db/definitions.ts).
 */

let orm: MikroORM;
let drop: () => Promise<void>;
const em = () => orm.em.fork() as EntityManager;

beforeAll(async () => {
  const db = await createTestDatabase({ empty: true });
  drop = db.drop;
  orm = await openDatabase(db.url);
});

afterAll(async () => {
  await orm?.close();
  await drop?.();
});

const stored = async (name: string) =>
  em()
    .getConnection()
    .execute<{ body: string; sum: string | null }[]>(
      `select p.prosrc as body, obj_description(p.oid, 'pg_proc') as sum from pg_proc p
        where p.proname = ? and p.pronamespace = current_schema()::regnamespace`,
      [name],
    );

describe('SQL definitions', () => {
  test('after migrating, the database runs exactly what each file says', async () => {
    const first = await migrate(orm, sqlDefinitions);
    expect(first.migrations.length).toBeGreaterThan(0);
    expect(first.definitions).toEqual(sqlDefinitions.map((d) => d.name));
    for (const def of sqlDefinitions) {
      const rows = await stored(def.name);
      expect(rows, def.name).toHaveLength(1);
      expect(rows[0].body, def.name).toBe(functionBody(def.sql));
      expect(rows[0].sum, def.name).toBe(checksum(def.sql));
    }
    // Nothing changed: a second start applies nothing.
    expect(await migrate(orm, sqlDefinitions)).toEqual({ migrations: [], definitions: [] });
  });

  test('a changed file is applied again, once, and the others are left alone', async () => {
    const rebuild = sqlDefinitions.find((d) => d.name === 'stats_rebuild')!;
    const changed = { ...rebuild, sql: rebuild.sql.replace('$$\n', () => '$$\n  -- changed in a test\n') };
    expect(changed.sql).not.toBe(rebuild.sql);
    const defs = sqlDefinitions.map((d) => (d === rebuild ? changed : d));
    expect(await applyDefinitions(em(), defs)).toEqual(['stats_rebuild']);
    expect((await stored('stats_rebuild'))[0].body).toContain('-- changed in a test');
    expect(await applyDefinitions(em(), defs)).toEqual([]);
    // Back to the file.
    expect(await applyDefinitions(em(), sqlDefinitions)).toEqual(['stats_rebuild']);
    expect((await stored('stats_rebuild'))[0].body).toBe(functionBody(rebuild.sql));
  });

  test('two instances starting together apply a change once', async () => {
    const rebuild = sqlDefinitions.find((d) => d.name === 'stats_rebuild')!;
    const changed = sqlDefinitions.map((d) =>
      d === rebuild ? { ...d, sql: d.sql.replace('$$\n', () => '$$\n  -- both at once\n') } : d,
    );
    const [a, b] = await Promise.all([applyDefinitions(em(), changed), applyDefinitions(em(), changed)]);
    expect([...a, ...b]).toEqual(['stats_rebuild']);
    await applyDefinitions(em(), sqlDefinitions);
  });
});
