import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { requestIp, requestPerson } from '../lib/request-scope.ts';
import { migrationsList } from '../../migrations/index.ts';

// Where `db:migration` writes new files; running them uses the imported list.
const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * A transaction started for a signed-in request names its person and address to the database
 * (`adnet.person`, `adnet.ip`, for the transaction only): the account's change history
 * (teams/sql/account_activity_record.sql) records who changed what, whatever route the change took.
 */
class PersonOfTransaction implements EventSubscriber {
  async afterTransactionStart({ em, transaction }: TransactionEventArgs): Promise<void> {
    const person = requestPerson();
    if (person === null) return;
    await em
      .getConnection()
      .execute(
        `select set_config('adnet.person', ?, true), set_config('adnet.ip', ?, true)`,
        [String(person), requestIp() ?? ''],
        'all',
        transaction,
      );
  }
}

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
    subscribers: [new PersonOfTransaction()],
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
