import type { EntityManager } from '@mikro-orm/postgresql';
import { USER_CHANGED_CHANNEL } from '../../db/listen.ts';
import { recordAudit } from '../audit/record.ts';

/**
 * The way back for an account's owner: what was added to the account lately, to pick
 * the first change that was not theirs, and undoing everything added since then. "This was not
 * me" undoes from its notice's event; a recovery link ("I lost access", a password reset) from
 * the change the owner picks, once they prove themselves with a factor older than it.
 */

/** How far back the recovery page lists changes, and how far back it may undo. */
export const RECENT_CHANGES_DAYS = 30;

/** The oldest moment the recovery lists or undoes from. */
export const recentChangesFrom = (now = Date.now()) => new Date(now - RECENT_CHANGES_DAYS * 86_400_000);

export type AddedKind = 'TELEGRAM' | 'SECOND_FACTOR' | 'PAYOUT_ADDRESS' | 'STAFF_GRANT' | 'EMAIL';

/** One change the recovery can undo: what, when, and its name (an address, a factor's, a role). */
export interface AddedChange {
  kind: AddedKind;
  at: Date;
  label: string;
}

/** What was added to the account since `since`, newest first (each row one change). */
export async function addedSince(em: EntityManager, userId: number, since: Date): Promise<AddedChange[]> {
  const rows = await em.execute<{ kind: AddedKind; at: Date; label: string }[]>(
    `select 'TELEGRAM' as kind, telegram_linked_at as at, coalesce('@' || telegram_username, telegram_user_id::text) as label
       from users where id = ? and telegram_linked_at >= ?
     union all
     select 'SECOND_FACTOR', created_at, name from second_factors
      where user_id = ? and created_at >= ? and confirmed_at is not null
     union all
     select 'PAYOUT_ADDRESS', created_at, address from payout_addresses where user_id = ? and created_at >= ?
     union all
     select 'STAFF_GRANT', c.created_at, u.email || ': ' || c.role from staff_role_changes c join users u on u.id = c.user_id
      where c.by_user_id = ? and c.granted and c.created_at >= ?
     union all
     select 'EMAIL', confirmed_at, new_email from email_changes where user_id = ? and confirmed_at >= ?
     order by at desc limit 50`,
    Array.from({ length: 5 }, () => [userId, since]).flat(),
  );
  return rows.map((r) => ({ kind: r.kind, at: new Date(r.at), label: r.label }));
}

/** Puts back the address the account had before its first e-mail change since `since`, if still free. */
async function restoreEmail(tx: EntityManager, userId: number, since: Date): Promise<boolean> {
  const [first] = await tx.execute<{ old_email: string }[]>(
    `select old_email from email_changes where user_id = ? and confirmed_at >= ? order by confirmed_at limit 1`,
    [userId, since],
  );
  if (!first) return false;
  const restored = await tx.execute(
    `update users set email = ?, updated_at = now()
      where id = ? and email <> ? and not exists (select 1 from users o where o.email = ? and o.id <> ?) returning id`,
    [first.old_email, userId, first.old_email, first.old_email, userId],
  );
  // Links still waiting to confirm a new address go with it.
  await tx.execute(
    `update email_changes set expires_at = now() where user_id = ? and confirmed_at is null and expires_at > now()`,
    [userId],
  );
  return restored.length > 0;
}

/**
 * Undoes, in `tx`, what was added to the account since `since`: a Telegram link, second factors
 * (and the recovery codes when none is left), payout addresses, and staff roles the account
 * granted to anyone (each taken back is recorded as the grant was, `by` "This was not me" or the
 * recovery), and an e-mail change (the address the account had before it comes back).
 */
export async function undoSince(tx: EntityManager, userId: number, since: Date, by: string) {
  const telegram = await tx.execute(
    `update users set telegram_user_id = null, telegram_chat_id = null, telegram_username = null,
            telegram_linked_at = null, updated_at = now()
      where id = ? and telegram_linked_at >= ? returning id`,
    [userId, since],
  );
  const factors = await tx.execute('delete from second_factors where user_id = ? and created_at >= ? returning id', [
    userId,
    since,
  ]);
  if (factors.length)
    await tx.execute(
      `delete from recovery_codes where user_id = ?
         and not exists (select 1 from second_factors where user_id = ? and confirmed_at is not null)`,
      [userId, userId],
    );
  const addresses = await tx.execute(
    'delete from payout_addresses where user_id = ? and created_at >= ? returning id',
    [userId, since],
  );
  const grants = await tx.execute<{ user_id: number; role: 'moderator' | 'finance' | 'admin' }[]>(
    `select distinct on (c.user_id, c.role) c.user_id, c.role from staff_role_changes c
      where c.by_user_id = ? and c.granted and c.created_at >= ? order by c.user_id, c.role, c.id desc`,
    [userId, since],
  );
  for (const grant of grants) {
    const column = { moderator: 'is_moderator', finance: 'is_finance', admin: 'is_admin' }[grant.role];
    const [taken] = await tx.execute<{ email: string }[]>(
      `update users set ${column} = false, updated_at = now() where id = ? and ${column} returning email`,
      [grant.user_id],
    );
    if (!taken) continue;
    await tx.execute(
      'insert into staff_role_changes (user_id, role, granted, by_user_id, by_label) values (?, ?, false, ?, ?)',
      [grant.user_id, grant.role, userId, by],
    );
    await recordAudit(tx, {
      actor: { id: userId, label: by },
      action: 'role.revoked',
      object: { type: 'user', id: grant.user_id },
      before: { email: taken.email, role: grant.role, has: true },
      after: { email: taken.email, role: grant.role, has: false },
    });
    await tx.execute('select pg_notify(?, ?)', [USER_CHANGED_CHANNEL, String(grant.user_id)]);
  }
  const email = await restoreEmail(tx, userId, since);
  return {
    telegram: telegram.length > 0,
    factors: factors.length,
    addresses: addresses.length,
    grants: grants.length,
    email,
  };
}
