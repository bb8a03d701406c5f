import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { migrationsList } from '../../migrations/index.ts';
import { entities } from './entities.ts';

// Where `db:migration` writes new files; running them uses the imported list.
const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

export function ormConfig(clientUrl: string, extra: Partial<Options> = {}) {
  return defineConfig({
    clientUrl,
    entities,
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

export async function openOrm(clientUrl: string, extra: Partial<Options> = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, extra));
}

export { MikroORM };
