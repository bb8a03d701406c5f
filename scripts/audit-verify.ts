// `npm run audit:verify [-- --head <hash>]`: recomputes the audit trail's hash chain on a live
// database (DATABASE_URL, else the embedded one in data/pg). Prints the rows read, the head's hash
// and every break; exits 1 on a break. With `--head`, a head seen before (the log's or
// /metrics' `taskgram_audit_head_info`, kept outside the database): the chain must still pass
// through it, else the trail was rewritten from that row on (re-hashed to look whole).
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../server/config.ts';
import { AuditService } from '../server/modules/audit/audit.service.ts';
import { scriptDatabase } from './database.ts';

const config = loadConfig();
const args = process.argv.slice(2);
const headAt = args.indexOf('--head');
const seen = headAt >= 0 ? args.splice(headAt, 2)[1] : undefined;
if (headAt >= 0 && !/^[0-9a-fA-F]{64}$/.test(seen ?? '')) {
  console.error('--head takes the 64 hex characters of a head seen before');
  process.exit(2);
}
const { orm, close } = await scriptDatabase(config, args[0] ?? config.databaseUrl);
let broken = false;
try {
  const verdict = await new AuditService().verify(orm.em.fork() as EntityManager, 1000, seen);
  console.log(`${verdict.rows} audit rows read; head ${verdict.head}`);
  for (const b of verdict.breaks) console.log(`BREAK at row ${b.seq}: ${b.why}`);
  if (seen && verdict.seenAt != null)
    console.log(`the head seen before (${seen}) is row ${verdict.seenAt} of the chain`);
  if (seen && verdict.seenAt == null) console.log(`BREAK: no row of the chain has the head seen before (${seen})`);
  broken = verdict.breaks.length > 0 || (!!seen && verdict.seenAt == null);
} finally {
  await close();
}
console.log(broken ? 'audit chain BROKEN' : 'audit chain intact');
process.exit(broken ? 1 : 0);
