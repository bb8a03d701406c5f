import { fail } from '../../failures.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAudit } from '../audit/record.ts';
import { authorize } from '../../lib/access.ts';
import type { Logger } from 'pino';
import { USER_CHANGED_CHANNEL } from '../../db/listen.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type Language, languageOf } from '../../../shared/languages.ts';
import { staffRoleMail } from './staff-mail.ts';
import { type StaffRole, STAFF_ROLES } from './user.entity.ts';

/** A member of staff as the Staff page lists them. */
export interface StaffMember {
  id: number;
  name: string;
  email: string;
  isModerator: boolean;
  isFinance: boolean;
  isAdmin: boolean;
}

/** One grant or removal, for the history. */
export interface StaffRoleChangeView {
  id: number;
  userId: number;
  email: string;
  role: StaffRole;
  granted: boolean;
  by: string;
  createdAt: Date;
}

/** A staff member's row, as `StaffMember`. */
const MEMBER = `select id, name, email, is_moderator as "isModerator", is_finance as "isFinance", is_admin as "isAdmin" from users`;

const COLUMN: Record<StaffRole, string> = { moderator: 'is_moderator', finance: 'is_finance', admin: 'is_admin' };

/**
 * Staff roles, granted and taken through the product: by a staff administrator on the Staff
 * page, or by `npm run staff` (the first one). Each change is in force at once everywhere: HTTP
 * requests read the user anew, and the change notifies every instance through the database
 * (`pg_notify`, server/db/listen.ts), whose live sockets of that user reconnect with the roles
 * as they are. Each change is recorded (who, which role, by whom) and mailed to the person.
 */
export class StaffService {
  constructor(private readonly deps: { mailer: Mailer; log: Logger; appUrl: () => string }) {}

  async members(em: EntityManager): Promise<StaffMember[]> {
    return em.execute<StaffMember[]>(`${MEMBER} where is_moderator or is_finance or is_admin order by email`);
  }

  async history(em: EntityManager, limit = 50): Promise<StaffRoleChangeView[]> {
    return em.execute<StaffRoleChangeView[]>(
      `select c.id, c.user_id as "userId", u.email, c.role, c.granted, c.by_label as by, c.created_at as "createdAt"
         from staff_role_changes c join users u on u.id = c.user_id order by c.id desc limit ?`,
      [limit],
    );
  }

  /**
   * Grants (`granted`) or takes `role` of the account with this e-mail; `by` is who does it (a
   * staff administrator's e-mail, or "npm run staff"). Nothing is recorded when nothing changes.
   * A staff administrator does it with a fresh proof on their session (`by.user`); the operator's
   * script, run on the server, has none to give (`userId: null`).
   */
  async setRole(
    em: EntityManager,
    input: { email: string; role: string; granted: boolean },
    by: { userId: number; user: object; label: string } | { userId: null; label: string },
  ): Promise<{ member: StaffMember; changed: boolean }> {
    if (by.userId !== null) authorize(by.user, 'staffRole.set');
    if (!(STAFF_ROLES as readonly string[]).includes(input.role))
      throw fail('STAFF_ROLE_UNKNOWN', { values: STAFF_ROLES.join(', ') });
    const role = input.role as StaffRole;
    const column = COLUMN[role];
    const email = input.email.trim().toLowerCase();
    const result = await em.transactional(async (tx) => {
      const [user] = await tx.execute<(StaffMember & { current: boolean; language: string | null })[]>(
        `select id, name, email, language, ${column} as current from users where email = ? for update`,
        [email],
      );
      if (!user) throw fail('STAFF_EMAIL_UNKNOWN');
      if (user.current === input.granted) return { id: user.id, changed: false, language: user.language };
      if (role === 'admin' && !input.granted) {
        // Serialized with other removals: two administrators cannot take each other's role at once.
        await tx.execute(`select pg_advisory_xact_lock(hashtext('staff-admins'))`);
        const [{ n }] = await tx.execute<{ n: string }[]>(
          'select count(*) as n from users where is_admin and id <> ?',
          [user.id],
        );
        if (Number(n) === 0) throw fail('LAST_STAFF_ADMIN');
      }
      await tx.execute(`update users set ${column} = ?, updated_at = now() where id = ?`, [input.granted, user.id]);
      await tx.execute(
        'insert into staff_role_changes (user_id, role, granted, by_user_id, by_label) values (?, ?, ?, ?, ?)',
        [user.id, role, input.granted, by.userId, by.label],
      );
      await recordAudit(tx, {
        actor: { id: by.userId, label: by.label },
        action: input.granted ? 'role.granted' : 'role.revoked',
        object: { type: 'user', id: user.id },
        before: { email: user.email, role, has: user.current },
        after: { email: user.email, role, has: input.granted },
      });
      // Every instance's sockets of this user reconnect once this commits.
      await tx.execute('select pg_notify(?, ?)', [USER_CHANGED_CHANNEL, String(user.id)]);
      return { id: user.id, changed: true, language: user.language };
    });
    const [member] = await em.execute<StaffMember[]>(`${MEMBER} where id = ?`, [result.id]);
    if (result.changed) await this.mail(member, languageOf(result.language), role, input.granted, by.label);
    return { member, changed: result.changed };
  }

  private async mail(member: StaffMember, language: Language, role: StaffRole, granted: boolean, by: string) {
    try {
      await this.deps.mailer.send({
        to: member.email,
        ...staffRoleMail(language, {
          name: member.name,
          email: member.email,
          role,
          granted,
          by,
          link: this.deps.appUrl(),
        }),
      });
    } catch (err) {
      this.deps.log.error({ err, userId: member.id }, 'the staff role mail could not be sent');
    }
  }
}
