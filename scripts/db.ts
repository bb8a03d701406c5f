// `npm run db:migrate` applies pending migrations and changed SQL definitions; `npm run db:migration` creates one from
// the difference between the entities and the database.
import { loadConfig } from '../server/config.ts';
import { migrateDatabase } from '../server/database.ts';
import { scriptDatabase } from './database.ts';
import { writeMigrationsIndex } from './migrations-index.ts';

const command = process.argv[2];
const config = loadConfig();
const { orm, close } = await scriptDatabase(config);
try {
  const migrator = orm.getMigrator();
  if (command === 'create') {
    const initial = !(await migrator.getExecutedMigrations()).length && !(await migrator.getPendingMigrations()).length;
    const result = await migrator.createMigration(undefined, false, initial, process.argv[3]);
    if (result.fileName) {
      writeMigrationsIndex();
      console.log(`created migrations/${result.fileName} and updated migrations/index.ts`);
    } else console.log('no changes: the database matches the entities');
  } else if (command === 'migrate') {
    const done = await migrateDatabase(orm);
    const applied = [...done.migrations, ...done.definitions.map((d) => `${d} (SQL definition)`)];
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'nothing to apply');
  } else {
    console.error('usage: tsx scripts/db.ts create [name] | migrate');
    process.exitCode = 2;
  }
} finally {
  await close();
}
