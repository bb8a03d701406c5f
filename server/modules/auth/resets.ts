import { fail, failWith } from '../../failures.ts';
import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { topics } from '../../lib/pubsub.ts';
import { secondsLeftInMinute } from '../../lib/rate-limit.ts';
import { accountActor, recordAudit } from '../audit/record.ts';
import { User } from '../users/user.entity.ts';
import type { AuthKit, AuthPartDeps } from './auth-kit.ts';
import { answerLanguage } from '../../lib/language.ts';
import { accountMail } from './mails.ts';
import { PasswordReset } from './password-reset.entity.ts';
import { type AddedChange, addedSince, recentChangesFrom, undoSince } from './recovery.ts';
import { securityNotice } from './sessions.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent it a link to reset the password. The link is valid for one hour.';

/** Reset mails one e-mail address receives at most per minute, however many are asked for. */
const RESET_MAILS_PER_MINUTE = 3;
/** "This was not me" undoes what was added from this long before its notice's event. */
const NOT_ME_MARGIN_MS = 5_000;

/**
 * The way back into an account: a reset link by mail (the password, and with a second factor a
 * code older than the change it answers), and "This was not me" from a security notice.
 */
export class PasswordResets {
  constructor(
    private readonly deps: AuthPartDeps,
    private readonly kit: AuthKit,
  ) {}

  /**
   * Sends a one-hour reset link to the account of `email`, if there is one. The answer is the
   * same either way and leaves before anything about the e-mail is looked up: the lookup, the
   * link and the mail happen after it. One e-mail gets at most RESET_MAILS_PER_MINUTE links a
   * minute, however many are asked for (its inbox cannot be flooded, and asking is not refused).
   */
  async request(_em: EntityManager, email: string, ip: string, acceptLanguage?: string): Promise<void> {
    if (!(await this.deps.limiter.hit(`reset:ip:${ip}`))) {
      throw failWith('RESET_REQUESTS_TOO_MANY', { retryAfterSeconds: secondsLeftInMinute() });
    }
    this.kit.afterAnswer('password reset', () => this.sendLink(email, acceptLanguage));
  }

  private async sendLink(email: string, acceptLanguage?: string) {
    if (!(await this.deps.limiter.hit(`reset-mail:${email}`, RESET_MAILS_PER_MINUTE))) {
      this.deps.log.warn('password reset links for one e-mail over the limit: not sent');
      return;
    }
    const em = this.deps.em();
    const user = await em.findOne(User, { email });
    if (!user) return;
    const reset = em.create(PasswordReset, {
      id: randomUUID(),
      userId: user.id,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
    await em.flush();
    const language = answerLanguage(user.language, acceptLanguage);
    const link = this.kit.pageLink(`/reset-password/${reset.id}`, language);
    await this.deps.mailer.send({
      to: user.email,
      ...accountMail('passwordReset', language, { name: user.name, link }),
    });
  }

  /**
   * What a reset link's page needs: whether the account has a second factor (then the new
   * password needs a code from one, or a recovery code, that existed before the change it answers),
   * the event a "This was not me" link answered, and what was added lately, for the owner to pick
   * the first change that was not theirs.
   */
  async info(
    em: EntityManager,
    id: string,
  ): Promise<{ secondFactor: boolean; since: Date | null; changes: AddedChange[] }> {
    const reset = await this.usable(em, id);
    const since = reset.since ?? recentChangesFrom();
    const secondFactor = (await this.deps.secondFactors?.hasFactor(em, reset.userId)) ?? false;
    return { secondFactor, since: reset.since ?? null, changes: await addedSince(em, reset.userId, since) };
  }

  private async usable(em: EntityManager, id: string, lock = false) {
    const reset = await em.findOne(PasswordReset, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!reset || reset.usedAt || reset.expiresAt.getTime() < Date.now()) {
      throw fail('RESET_LINK_GONE');
    }
    return reset;
  }

  /**
   * A new password from a reset link, the way back into an account: the mailbox alone for an
   * account without a second factor; with one, also a code from a factor (or a recovery code)
   * older than the change it answers — "This was not me"'s event, or the first change the owner
   * says was not theirs (`since`) — and then everything added since that change is undone. Every
   * session ends; withdrawals stopped by "This was not me" go on.
   */
  async reset(
    em: EntityManager,
    id: string,
    password: string,
    ip?: string,
    proof: { code?: string; since?: Date } = {},
  ): Promise<void> {
    if (ip) await this.kit.limit([`reset-set:ip:${ip}`], 'NEW_PASSWORDS_TOO_MANY');
    const link = await this.usable(em, id);
    const since = link.since ?? proof.since ?? null;
    if (since && since < recentChangesFrom()) {
      throw fail('RECOVERY_CHANGE_TOO_OLD');
    }
    await this.ownerProof(em, link.userId, proof.code, since, ip);
    const passwordHash = await this.kit.hashPassword(password);
    const userId = await em.transactional(async (tx) => {
      const reset = await this.usable(tx, id, true);
      const user = await tx.findOneOrFail(User, { id: reset.userId });
      user.passwordHash = passwordHash;
      user.withdrawalsStoppedAt = null;
      reset.usedAt = new Date();
      // One new password ends every other outstanding link of that user.
      await tx.nativeUpdate(PasswordReset, { userId: user.id, usedAt: null }, { usedAt: new Date() });
      const undone = since ? await undoSince(tx, user.id, since, 'Account recovery') : null;
      // The owner proved the mailbox from here: this address is theirs.
      if (ip) await this.kit.rememberAddress(tx, user.id, ip);
      await securityNotice(this.deps.notify, tx, user, 'passwordChanged', {});
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.password_reset',
        object: { type: 'user', id: user.id },
        after: { by: 'reset link', ...(since ? { since: since.toISOString(), undone } : {}) },
      });
      return user.id;
    });
    this.deps.deliver?.();
    await this.kit.sessions.end(em, { userId });
  }

  /** An account with a second factor proves itself with one older than `since` (any, without). */
  private async ownerProof(
    em: EntityManager,
    userId: number,
    code: string | undefined,
    since: Date | null,
    ip?: string,
  ) {
    const factors = this.deps.secondFactors;
    if (!factors || !(await factors.hasFactor(em, userId))) return;
    if (!code) throw fail('RECOVERY_CODE_NEEDED');
    const user = await em.findOneOrFail(User, { id: userId });
    if (!(await factors.verify(em, user, code, { ip, before: since ?? undefined }))) {
      throw fail('RECOVERY_CODE_WRONG');
    }
  }

  /**
   * "This was not me", from a security notice's link: every session of the account ends, its
   * withdrawals stop (none taken, none sent) until the owner signs in with a second factor or
   * resets the password, and what was added to the account since the event the notice told of
   * is undone: a Telegram link, second factors (the recovery codes go with the last), payout
   * addresses, staff roles this account granted, and an e-mail change. Each link acts once. The
   * answer is a reset link's id (the notice came to the mailbox): the owner's way back in, with a
   * factor older than the event.
   */
  async notMe(em: EntityManager, token: string): Promise<{ resetId: string }> {
    const undone = await em.transactional(async (tx) => {
      const claimed = await this.deps.claimNotMe?.(tx, token);
      if (!claimed) throw fail('NOT_ME_LINK_GONE');
      const { userId } = claimed;
      // The notice is written with its event; a little before it, for acts of the same moment.
      const since = new Date(claimed.since.getTime() - NOT_ME_MARGIN_MS);
      await tx.execute('update users set withdrawals_stopped_at = now(), updated_at = now() where id = ?', [userId]);
      const undone = await undoSince(tx, userId, since, 'This was not me');
      await recordAudit(tx, {
        actor: accountActor(userId),
        action: 'account.not_me',
        object: { type: 'user', id: userId },
        after: { since: since.toISOString(), withdrawalsStopped: true, undone },
      });
      const reset = tx.create(PasswordReset, {
        id: randomUUID(),
        userId,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
        since,
      });
      return { userId, resetId: reset.id, ...undone };
    });
    await this.kit.sessions.end(em, { userId: undone.userId });
    if (undone.telegram) {
      await this.deps.pubsub
        .publish(topics.telegramLink(undone.userId), { telegram: null })
        .catch((err) => this.deps.log.warn({ err }, 'the undone Telegram link was not announced'));
    }
    return { resetId: undone.resetId };
  }
}
