// `npm run ledger:check`: verifies the ledger's invariants on a live database (DATABASE_URL,
// else the embedded one in data/pg). Prints each check; exits 1 on any drift.
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../server/config.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';
import { scriptDatabase } from './database.ts';

const config = loadConfig();
const { orm, close } = await scriptDatabase(config, process.argv[2] ?? config.databaseUrl);
let failed = false;
try {
  for (const check of await checkLedger(orm.em.fork() as EntityManager)) {
    console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
    if (!check.ok) failed = true;
  }
} finally {
  await close();
}
console.log(failed ? 'ledger check FAILED' : 'ledger check passed');
process.exit(failed ? 1 : 0);
