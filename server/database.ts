import type { Options } from '@mikro-orm/postgresql';
import { entities, sqlDefinitions } from './areas.ts';
import { migrate } from './db/migrate.ts';
import { type MikroORM, openOrm } from './db/orm.ts';

/** The product's database: the kernel's ORM (db/) with every area's entities. */
export function openDatabase(url: string, extra: Partial<Options> = {}): Promise<MikroORM> {
  return openOrm(url, { entities, ...extra });
}

/** Pending migrations, then the SQL definitions that changed (db/definitions.ts). */
export function migrateDatabase(orm: MikroORM) {
  return migrate(orm, sqlDefinitions);
}
