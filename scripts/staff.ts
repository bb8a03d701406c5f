// `npm run staff -- grant|revoke <email> moderator|finance|admin`: grants or takes a staff role
// (DATABASE_URL, else the embedded database in data/pg), for the first staff administrator; later
// ones are made on the Staff page. Recorded as made by "npm run staff", mailed to the person (the
// data folder's outbox without SMTP_URL), in force at once on every running instance.
import type { EntityManager } from '@mikro-orm/postgresql';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { DomainError } from '../server/errors.ts';
import { configuredMailer } from '../server/lib/mailer.ts';
import { StaffService } from '../server/modules/users/staff.service.ts';
import { STAFF_ROLES } from '../server/modules/users/user.entity.ts';
import { scriptDatabase } from './database.ts';

const [command, email, role] = process.argv.slice(2);
if (
  !['grant', 'revoke'].includes(command ?? '') ||
  !email ||
  !(STAFF_ROLES as readonly string[]).includes(role ?? '')
) {
  console.error(`usage: npm run staff -- grant|revoke <email> ${STAFF_ROLES.join('|')}`);
  process.exit(2);
}
const config = loadConfig();
const log = pino({ level: 'warn' });
const { orm, close } = await scriptDatabase(config);
let code = 0;
try {
  const staff = new StaffService({
    mailer: configuredMailer(config, log),
    log,
    appUrl: () => config.publicUrl ?? `http://localhost:${config.port}`,
  });
  const { member, changed } = await staff.setRole(
    orm.em.fork() as EntityManager,
    { email, role, granted: command === 'grant' },
    { userId: null, label: 'npm run staff' },
  );
  const roles = STAFF_ROLES.filter(
    (r) => member[r === 'moderator' ? 'isModerator' : r === 'finance' ? 'isFinance' : 'isAdmin'],
  );
  console.log(
    `${changed ? 'done' : 'nothing to change'}: ${member.email} is ${roles.length ? roles.join(', ') : 'no longer staff'}`,
  );
} catch (err) {
  console.error(err instanceof DomainError ? err.message : err);
  code = 1;
} finally {
  await close();
}
process.exit(code);
