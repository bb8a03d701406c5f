import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { applyDefinitions, type SqlDefinition } from './definitions.ts';

/**
 * Brings a database up to date: the pending migrations, then the SQL definitions that changed
 * (definitions.ts). Answers what it did.
 */
export async function migrate(
  orm: MikroORM,
  definitions: SqlDefinition[],
): Promise<{ migrations: string[]; definitions: string[] }> {
  const migrations = (await orm.getMigrator().up()).map((m) => m.name);
  const applied = await applyDefinitions(orm.em.fork() as EntityManager, definitions);
  return { migrations, definitions: applied };
}
