// `npm run ledger:check`: verifies the ledger's invariants on a live database (DATABASE_URL,
// else the embedded one in data/pg). Prints each check; exits 1 on any drift.
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../server/config.ts';
import { connectEmbeddedPostgres } from '../server/db/embedded.ts';
import { openDatabase } from '../server/database.ts';
import { checkLedger } from '../server/modules/ledger/ledger.check.ts';

const config = loadConfig();
let url = process.argv[2] ?? config.databaseUrl;
let stop = async () => {};
if (!url) {
  const embedded = await connectEmbeddedPostgres(join(config.dataDir, 'pg'));
  url = embedded.url;
  stop = embedded.stop;
}
const orm = await openDatabase(url);
let failed = false;
try {
  for (const check of await checkLedger(orm.em.fork() as EntityManager)) {
    console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
    if (!check.ok) failed = true;
  }
} finally {
  await orm.close();
  await stop();
}
console.log(failed ? 'ledger check FAILED' : 'ledger check passed');
process.exit(failed ? 1 : 0);
