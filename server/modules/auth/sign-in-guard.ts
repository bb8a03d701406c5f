import { fail } from '../../failures.ts';
import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { Language } from '../../../shared/languages.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { User } from '../users/user.entity.ts';
import type { NoticeKind } from './account-safety.entity.ts';
import type { LoginInput } from './auth.inputs.ts';
import { answerLanguage } from '../../lib/language.ts';
import { accountMail } from './mails.ts';
import { RegistrationRequest } from './registration-request.entity.ts';
import { SignInCode } from './session.entity.ts';
import type { ClientInfo } from './sessions.ts';

/** How long a mailed sign-in code stands. */
const SIGN_IN_CODE_TTL_MS = 15 * 60_000;
/** Sign-in codes: 8 characters of 32 (2^40), without the ones people confuse (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * Sign-in throttling, from RATE_LIMIT_PER_MINUTE (`perMinute`, default 10). Attempts are
 * counted where they come from: per address (not for an account's own known addresses, so
 * others behind a shared address cannot lock its owner out), and per address and e-mail; a
 * success takes its attempt back, a refused one does not. Attempts against one account from
 * addresses its owner has not signed in from are counted too (`perAccount` a minute).
 *
 * Past any of these, the password is not even checked: the answer asks for a one-time code,
 * mailed to the account's owner (one live code per account, whoever asked). The owner, who has the
 * mailbox, signs in with it (and the address becomes known); an attacker, who has not, gets
 * no more guesses. Nothing an attacker does keeps the owner out: their known addresses sign in
 * as always, and from anywhere else the code works.
 */
export function signInLimits(perMinute: number) {
  return {
    perAddress: perMinute,
    perAddressAndEmail: Math.max(1, Math.ceil(perMinute / 2)),
    perAccount: 3 * perMinute,
  };
}

export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the e-mail has no password to check, so a miss takes as long as a hit.
const DUMMY_HASH = argon2.hash('not-a-real-password', HASH_OPTIONS);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What stands between a password guess and an account: the owner's known addresses, mailed
 * sign-in codes past the limits, the owner told of an attack, and a miss that takes as long as a
 * hit (`signInLimits` says the figures).
 */
export class SignInGuard {
  constructor(
    private readonly deps: {
      limiter: RateLimiter;
      mailer: Mailer;
      em: () => EntityManager;
      /** A sign-in page's address in `language`. */
      pageLink: (path: string, language: Language) => string;
    },
  ) {}

  private pageLink(path: string, language: Language): string {
    return this.deps.pageLink(path, language);
  }

  /**
   * Mails the owner a sign-in code, unless one mailed earlier still stands: one live code per
   * account, whoever's attempt asked for it, so an attack cannot flood the owner's inbox nor
   * spend the owner's code away (wrong codes are counted per address and account: codeTry).
   */
  async mailSignInCode(user: User, { ip, acceptLanguage }: ClientInfo) {
    if (!(await this.deps.limiter.claim(`login:code:${user.id}`, SIGN_IN_CODE_TTL_MS))) return;
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const em = this.deps.em();
    await em.insert(SignInCode, {
      userId: user.id,
      ip,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MS),
    });
    const shown = `${code.slice(0, 4)}-${code.slice(4)}`;
    const language = answerLanguage(user.language, acceptLanguage);
    const resetLink = this.pageLink('/reset-password', language);
    await this.deps.mailer.send({
      to: user.email,
      ...accountMail('signInCode', language, { name: user.name, code: shown, ip, resetLink }),
    });
  }

  /**
   * Whether a code from `ip` for this account is checked at all. Wrong codes are counted where
   * they come from, never against the code itself (which an attack could then burn): per
   * address (`perAddressAndEmail` a minute), and per account (`perAccount` a minute): past the
   * account's count, an address that already sent a wrong code waits, while one that has not
   * (the owner's, with the code from the mailbox) still gets its try. In a space of 2^40 codes
   * for 15 minutes, guessing stays hopeless however many addresses an attacker has.
   */
  async codeTry(
    account: number | string,
    ip: string,
    limits: ReturnType<typeof signInLimits>,
  ): Promise<{ allowed: boolean; counted: string[] }> {
    const { limiter } = this.deps;
    const counted = [`login:code:ip:${ip}`, `login:code:account:${account}`, `login:code:pair:${account}:${ip}`];
    const [byAddress, byAccount, firstFromHere] = await Promise.all([
      limiter.hit(counted[0], limits.perAddressAndEmail),
      limiter.hit(counted[1], limits.perAccount),
      limiter.hit(counted[2], 1),
    ]);
    const allowed = byAddress && (byAccount || firstFromHere);
    if (!allowed) await Promise.all(counted.map((k) => limiter.undo(k)));
    return { allowed, counted };
  }

  /**
   * The id of the account's live code when `code` is it (spent once the password is right too).
   * A wrong one is counted (`attempts`, for the record), and takes nothing from the owner.
   */
  async checkSignInCode(em: EntityManager, userId: number, code: string): Promise<number | null> {
    const rows = await em.execute<{ id: number; ok: boolean }[]>(
      `update sign_in_codes set attempts = attempts + case when code_hash = ? then 0 else 1 end
        where id = (select id from sign_in_codes
                     where user_id = ? and used_at is null and expires_at > now()
                     order by id desc limit 1)
        returning id, code_hash = ? as ok`,
      [sha256(normalizeCode(code)), userId, sha256(normalizeCode(code))],
    );
    return rows[0]?.ok ? rows[0].id : null;
  }

  async knownAddress(em: EntityManager, userId: number, ip: string): Promise<boolean> {
    const rows = await em.execute<{ ok: number }[]>(
      `select 1 as ok from sign_in_addresses where user_id = ? and ip = ? and last_seen_at > now() - interval '90 days'`,
      [userId, ip],
    );
    return rows.length > 0;
  }

  /** The owner of an account under attack hears of it once a day (a notice, then a mail). */
  async alertOwner(email: string) {
    if (!(await this.deps.limiter.claim(`login:alerted:${email}`, 24 * 3600_000))) return;
    const em = this.deps.em();
    const [user] = await em.execute<{ id: number }[]>('select id from users where email = ?', [email]);
    if (!user) return;
    await em.execute(`insert into account_notices (email, kind) values (?, 'SIGN_IN_FAILURES')`, [email]);
    await this.mailNotice(email, 'SIGN_IN_FAILURES');
  }

  /**
   * No account with a password: one password check all the same (a miss takes as long as a
   * hit), against the latest registration request when there is one, so a person whose request
   * is not approved learns so, but only with the right password.
   */
  async verifyWithoutAccount(em: EntityManager, input: LoginInput): Promise<false> {
    const request = await em.findOne(RegistrationRequest, { email: input.email }, { orderBy: { createdAt: 'desc' } });
    const hash = request?.passwordHash && request.status !== 'APPROVED' ? request.passwordHash : await DUMMY_HASH;
    if (!(await argon2.verify(hash, input.password)) || !request || hash !== request.passwordHash) return false;
    if (request.status === 'PENDING') {
      throw fail('REGISTRATION_UNDER_REVIEW');
    }
    const reason = request.declineReason;
    throw reason ? fail('REGISTRATION_DECLINED_WITH_REASON', { reason }) : fail('REGISTRATION_DECLINED');
  }

  /** Mails the owner of `email` about `kind`, at most once a day per kind. */
  async mailNotice(email: string, kind: NoticeKind, acceptLanguage?: string) {
    const em = this.deps.em();
    const sent = await em.execute<{ id: number }[]>(
      `update account_notices set sent_at = now()
        where id = (select id from account_notices where email = ? and kind = ? and sent_at is null
                     order by id desc limit 1)
          and not exists (select 1 from account_notices
                           where email = ? and kind = ? and sent_at > now() - interval '1 day')
        returning id`,
      [email, kind, email, kind],
    );
    if (!sent.length) return;
    const owner = await em.findOne(User, { email }, { fields: ['language'] });
    const language = answerLanguage(owner?.language, acceptLanguage);
    const [loginLink, resetLink] = ['/login', '/reset-password'].map((path) => this.pageLink(path, language));
    const mail =
      kind === 'REGISTRATION_EXISTS'
        ? accountMail('registrationExists', language, { loginLink: loginLink!, resetLink: resetLink! })
        : kind === 'REGISTRATION_PENDING'
          ? accountMail('registrationPending', language)
          : accountMail('signInFailures', language, { resetLink: resetLink! });
    await this.deps.mailer.send({ to: email, ...mail });
  }

  /** Marks `ip` as one of the user's own addresses (a sign-in or a reset from it). */
  async rememberAddress(em: EntityManager, userId: number, ip: string) {
    await em.execute(
      `insert into sign_in_addresses (user_id, ip) values (?, ?)
       on conflict (user_id, ip) do update set last_seen_at = now()`,
      [userId, ip],
    );
  }
}
