import { createHash, createHmac } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The role the application serves with: it owns nothing. Migrations and the SQL definitions
 * run as the database's owner (DATABASE_URL) at start; then the server connects as this role,
 * which may read and write the tables' rows but cannot change a table, switch a trigger off or
 * set `session_replication_role` — so neither a bug nor an injected statement can rewrite the
 * audit trail unseen (it may only add to it: INSERT and SELECT on `audit_events`, SELECT on its
 * head, which the chain's SECURITY DEFINER trigger moves).
 *
 * One role a database (`taskgram_app_<hash of the database's name>`), made or brought up to date
 * by every start (grants are idempotent). Its password is derived from the owner's URL, which every
 * instance shares, so instances starting together agree on it. When the owner may not create
 * roles (a managed database that gives one login), the server says so and serves as the owner.
 */
/** The application's role for database `name`. */
export const appRoleName = (name: string) =>
  `taskgram_app_${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;

export async function appRoleUrl(ownerUrl: string, log: Logger): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const {
      rows: [db],
    } = await client.query<{ name: string; super: boolean; createrole: boolean }>(
      `select current_database() as name, r.rolsuper as super, r.rolcreaterole as createrole
         from pg_roles r where r.rolname = current_user`,
    );
    if (!db?.super && !db?.createrole) {
      log.warn('the database owner may not create roles: the server connects as the owner');
      return ownerUrl;
    }
    const role = appRoleName(db.name);
    const password = createHmac('sha256', ownerUrl).update(`app-role:${role}`).digest('hex');
    const id = pg.escapeIdentifier(role);
    const literal = pg.escapeLiteral(password);
    // Serialised: instances starting together must not race the role's creation.
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('taskgram-app-role'))`);
    const exists = (await client.query('select 1 from pg_roles where rolname = $1', [role])).rowCount;
    await client.query(
      exists
        ? `alter role ${id} login password ${literal} nosuperuser nocreatedb nocreaterole noreplication nobypassrls`
        : `create role ${id} login password ${literal} nosuperuser nocreatedb nocreaterole noreplication nobypassrls`,
    );
    await client.query(`grant connect, temporary on database ${pg.escapeIdentifier(db.name)} to ${id}`);
    await client.query(`grant usage on schema public to ${id}`);
    // TRUNCATE too: the statistics and quality rebuilds start from empty tables.
    await client.query(`grant select, insert, update, delete, truncate on all tables in schema public to ${id}`);
    await client.query(`grant usage, select, update on all sequences in schema public to ${id}`);
    // The trail: added to and read, never changed; the migrations' own books are the owner's.
    await client.query(`revoke update, delete, truncate on audit_events, audit_head from ${id}`);
    await client.query(`revoke insert on audit_head from ${id}`);
    await client.query(`revoke insert, update, delete on mikro_orm_migrations from ${id}`);
    await client.query('commit');
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = password;
    return url.toString();
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
