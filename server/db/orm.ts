import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { migrationsList } from '../../migrations/index.ts';

// Where `db:migration` writes new files; running them uses the imported list.
const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * The ORM's settings for a database. The kernel knows no entity: the composition root hands
 * over the list (server/database.ts).
 */
export function ormConfig(clientUrl: string, extra: Partial<Options> & Pick<Options, 'entities'>) {
  return defineConfig({
    clientUrl,
    extensions: [Migrator],
    debug: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: 10 },
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: migrationsDir,
      pathTs: migrationsDir,
      migrationsList,
      silent: true,
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    ...extra,
  });
}

export async function openOrm(
  clientUrl: string,
  extra: Partial<Options> & Pick<Options, 'entities'>,
): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, extra));
}

export { MikroORM };
