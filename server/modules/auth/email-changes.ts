import { fail, failWith } from '../../failures.ts';
import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { secondsLeftInMinute } from '../../lib/rate-limit.ts';
import { authorize } from '../../lib/access.ts';
import { accountActor, recordAudit } from '../audit/record.ts';
import { User } from '../users/user.entity.ts';
import type { AuthKit, AuthPartDeps } from './auth-kit.ts';
import { answerLanguage } from '../../lib/language.ts';
import { accountMail } from './mails.ts';
import { EmailChange } from './password-reset.entity.ts';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_MESSAGES = {
  sent: (email: string) => `We sent a link to ${email}: open it within 24 hours to make it your e-mail`,
} as const;

/** A new e-mail for an account: asked with a fresh proof, confirmed from the new address, told to the old one. */
export class EmailChanges {
  constructor(
    private readonly deps: AuthPartDeps,
    private readonly kit: AuthKit,
  ) {}

  /**
   * A new e-mail for the account, after a fresh proof: a link to the new address confirms it
   * (24 hours, once); until then nothing changes. At most three links a minute per account.
   */
  async request(em: EntityManager, user: User, email: string, acceptLanguage?: string): Promise<{ message: string }> {
    authorize(user, 'email.change');
    const newEmail = email.trim().toLowerCase();
    if (newEmail === user.email) throw fail('EMAIL_UNCHANGED');
    if (await em.count(User, { email: newEmail })) throw fail('EMAIL_TAKEN_BY_OTHER');
    if (!(await this.deps.limiter.hit(`email-change:${user.id}`, 3))) {
      throw failWith('EMAIL_CHANGES_TOO_MANY', { retryAfterSeconds: secondsLeftInMinute() });
    }
    const change = em.create(EmailChange, {
      id: randomUUID(),
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    await em.flush();
    const language = answerLanguage(user.language, acceptLanguage);
    // Not under a language's prefix: the page is the same whether or not this browser is signed in.
    const link = this.kit.pageLink(`/confirm-email/${change.id}`, 'en');
    await this.deps.mailer.send({
      to: newEmail,
      ...accountMail('emailConfirm', language, { name: user.name, link, email: newEmail }),
    });
    return { message: EMAIL_CHANGE_MESSAGES.sent(newEmail) };
  }

  /**
   * The link from the new address: the account's e-mail becomes it. The old address is told, with
   * a "This was not me" link that puts it back (the account's Telegram hears it too).
   */
  async confirm(em: EntityManager, id: string): Promise<{ email: string }> {
    const email = await em.transactional(async (tx) => {
      const change = await tx.findOne(EmailChange, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const user = change && (await tx.findOne(User, { id: change.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE }));
      if (
        !change ||
        !user ||
        change.confirmedAt ||
        change.expiresAt.getTime() < Date.now() ||
        user.email !== change.oldEmail
      ) {
        throw fail('EMAIL_CHANGE_LINK_GONE');
      }
      if (await tx.count(User, { email: change.newEmail })) throw fail('EMAIL_TAKEN_SINCE_ASKED');
      user.email = change.newEmail;
      change.confirmedAt = new Date();
      await tx.nativeUpdate(EmailChange, { userId: user.id, confirmedAt: null }, { expiresAt: new Date() });
      await this.deps.notify?.(tx, {
        userId: user.id,
        type: 'emailChanged',
        key: `emailChanged:${change.id}`,
        params: { email: change.oldEmail, newEmail: change.newEmail },
        path: '/',
        emailTo: change.oldEmail,
      });
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.email_changed',
        object: { type: 'user', id: user.id },
        before: { email: change.oldEmail },
        after: { email: change.newEmail },
      });
      return change.newEmail;
    });
    this.deps.deliver?.();
    return { email };
  }
}
