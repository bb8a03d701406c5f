// `npm run audit:verify`: recomputes the audit trail's hash chain on a live database
// (DATABASE_URL, else the embedded one in data/pg). Prints the rows read, the head's hash (keep
// it somewhere else: a later run showing the same head at that row proves nothing before it
// changed) and every break; exits 1 on a break.
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../server/config.ts';
import { AuditService } from '../server/modules/audit/audit.service.ts';
import { scriptDatabase } from './database.ts';

const config = loadConfig();
const { orm, close } = await scriptDatabase(config, process.argv[2] ?? config.databaseUrl);
let broken = false;
try {
  const verdict = await new AuditService().verify(orm.em.fork() as EntityManager);
  console.log(`${verdict.rows} audit rows read; head ${verdict.head}`);
  for (const b of verdict.breaks) console.log(`BREAK at row ${b.seq}: ${b.why}`);
  broken = verdict.breaks.length > 0;
} finally {
  await close();
}
console.log(broken ? 'audit chain BROKEN' : 'audit chain intact');
process.exit(broken ? 1 : 0);
