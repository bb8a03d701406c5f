import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/transaction.ts';
import { DomainError, ErrorCode, rateLimited, unauthenticated, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../graphql/pubsub.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { plainUser, SessionUsers } from './session-users.ts';
import { User } from '../users/user.entity.ts';
import type { GoogleClient } from './google.ts';
import { PasswordReset } from './password-reset.entity.ts';
import { RegistrationRequest } from './registration-request.entity.ts';
import { AccountNotice, type NoticeKind } from './account-safety.entity.ts';
import type { LoginInput, RegistrationInput } from './auth.inputs.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent it a link to reset the password. The link is valid for one hour.';
/** What every registration is answered, whether or not the e-mail is known (no enumeration). */
export const REGISTRATION_FILED_MESSAGE =
  'Thank you! We have received your request and will contact you by e-mail once it is reviewed.';
export const SIGN_IN_MESSAGES = {
  address: 'Too many failed sign-in attempts from your address. Wait a minute and try again.',
  slowed: 'This account is receiving many sign-in attempts, so they are slowed down. Try again in a few seconds.',
} as const;
/** How long after an answer the work that follows it starts (mail, reset links, events). */
const AFTER_ANSWER_DELAY_MS = 20;
/** Reset mails one e-mail address receives at most per minute, however many are asked for. */
const RESET_MAILS_PER_MINUTE = 3;

/**
 * Sign-in throttling, from RATE_LIMIT_PER_MINUTE (`perMinute`, default 10). Failures are
 * counted where they come from: per address, and per address and e-mail; a success takes its
 * attempt back. Failures against one account from addresses its owner has not signed in from
 * are counted too, and past `perAccount` a minute such attempts are slowed to one every
 * `slowedEveryMs` across all of them; never refused outright, and never for the owner's own
 * addresses (where they signed in before), so an attacker cannot lock the owner out.
 */
export function signInLimits(perMinute: number) {
  return {
    perAddress: perMinute,
    perAddressAndEmail: Math.max(1, Math.ceil(perMinute / 2)),
    perAccount: 3 * perMinute,
    slowedEveryMs: Math.ceil(60_000 / perMinute),
  };
}
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the e-mail has no password to check, so a miss takes as long as a hit.
const DUMMY_HASH = argon2.hash('not-a-real-password', HASH_OPTIONS);

export interface RegistrationRequestView {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  telegram: string | null;
  company: string | null;
  comment: string | null;
  role: RegistrationRequest['role'];
  source: RegistrationRequest['source'];
  status: RegistrationRequest['status'];
  decidedAt: string | null;
  declineReason: string | null;
}

/** Plain JSON, so it can travel through Redis to other instances. */
export function registrationView(r: RegistrationRequest): RegistrationRequestView {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    name: r.name,
    email: r.email,
    telegram: r.telegram ?? null,
    company: r.company ?? null,
    comment: r.comment ?? null,
    role: r.role,
    source: r.source,
    status: r.status,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    declineReason: r.declineReason ?? null,
  };
}

export interface SignInResult {
  accessToken: string;
  user: User;
}

export class AuthService {
  constructor(
    private readonly deps: {
      config: Config;
      pubsub: PubSub;
      tokens: TokenService;
      mailer: Mailer;
      limiter: RateLimiter;
      google?: GoogleClient;
      log: Logger;
      appUrl: () => string;
      /** A fresh EntityManager for work that goes on after the answer. */
      em: () => EntityManager;
    },
  ) {}

  /** Work that must not change how long the answer takes (mail, the reset link): after it. */
  private readonly pending = new Set<Promise<void>>();

  private afterAnswer(what: string, work: () => Promise<void>) {
    // Started once the answer has left: its queries and mail must not compete with the answer
    // for the CPU, or the time to answer would tell which path ran after all.
    const run = new Promise<void>((resolve) => setTimeout(resolve, AFTER_ANSWER_DELAY_MS)).then(async () => {
      try {
        await work();
      } catch (err) {
        this.deps.log.error({ err }, `${what} failed`);
      }
    });
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Waits for the work started after answers (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  hashPassword(password: string) {
    return argon2.hash(password, HASH_OPTIONS);
  }

  /** Counts one attempt under every key; refuses when any key is over the limit. */
  private async limit(keys: string[], message: string) {
    const results = await Promise.all(keys.map((k) => this.deps.limiter.hit(k)));
    if (results.includes(false)) throw rateLimited(message, secondsLeftInMinute());
  }

  /**
   * Closed registration: the request waits for a moderator. The answer is the same whether or
   * not the e-mail is known, and so is the work before it (the password hashed, one row
   * written and committed): for an e-mail with an account or a request under review the owner
   * is told by mail instead (at most once a day), and nothing else happens.
   */
  async requestRegistration(em: EntityManager, input: RegistrationInput, ip?: string): Promise<void> {
    if (ip) await this.limit([`registration:ip:${ip}`], 'Too many registration requests. Wait a minute and try again.');
    const passwordHash = await this.hashPassword(input.password);
    const filed = await em.transactional(async (tx) => {
      // Serialises concurrent requests for one e-mail so the check below cannot race.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${input.email}`]);
      const [taken] = await tx.execute<{ account: boolean; pending: boolean }[]>(
        `select exists (select 1 from users where email = ?) as account,
                exists (select 1 from registration_requests where email = ? and status = 'PENDING') as pending`,
        [input.email, input.email],
      );
      if (taken.account || taken.pending) {
        const kind: NoticeKind = taken.account ? 'REGISTRATION_EXISTS' : 'REGISTRATION_PENDING';
        tx.create(AccountNotice, { email: input.email, kind, sentAt: null });
        await tx.flush();
        return { notice: kind };
      }
      const request = tx.create(RegistrationRequest, {
        name: input.name,
        email: input.email,
        passwordHash,
        telegram: input.telegram,
        role: input.role,
        company: input.company,
        comment: input.comment,
        source: 'FORM',
      });
      await tx.flush();
      return { request: registrationView(request) };
    });
    if (filed.request) {
      const view = filed.request;
      this.afterAnswer('registration event', () => this.deps.pubsub.publish(topics.registrationRequests(), view));
    } else if (filed.notice) {
      const kind = filed.notice;
      this.afterAnswer('registration notice', () => this.notify(input.email, kind));
    }
  }

  /** Mails the owner of `email` about `kind`, at most once a day per kind. */
  private async notify(email: string, kind: NoticeKind) {
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
    const url = this.deps.appUrl();
    const mail = {
      REGISTRATION_EXISTS: {
        subject: 'You already have an account',
        text: `Hello,\n\nSomeone asked to register a Taskgram Ads account with this e-mail, but it already has one.\nSign in at ${url}/login, or set a new password at ${url}/reset-password if you forgot it.\n\nIf it was not you, you can ignore this e-mail: nothing has changed.`,
      },
      REGISTRATION_PENDING: {
        subject: 'Your registration request is under review',
        text: `Hello,\n\nSomeone asked again to register a Taskgram Ads account with this e-mail. Your first request is still under review: we will write to you once a moderator has looked at it.\n\nIf it was not you, you can ignore this e-mail.`,
      },
      SIGN_IN_FAILURES: {
        subject: 'Many failed sign-in attempts on your account',
        text: `Hello,\n\nYour Taskgram Ads account has just seen many sign-in attempts with a wrong password. They are slowed down; sign-ins from where you signed in before are not affected.\nIf it was not you, choose a new, strong password at ${url}/reset-password.\n\nIf it was you, you can ignore this e-mail.`,
      },
    }[kind];
    await this.deps.mailer.send({ to: email, ...mail });
  }

  /** Sign-in with e-mail and password, throttled as `signInLimits` says. */
  async login(em: EntityManager, input: LoginInput, ip: string): Promise<SignInResult> {
    const limits = signInLimits(this.deps.config.rateLimitPerMinute);
    const { limiter } = this.deps;
    const fromAddress = [`login:ip:${ip}`, `login:ip-email:${ip}:${input.email}`];
    const [addressOk, pairOk] = await Promise.all([
      limiter.hit(fromAddress[0], limits.perAddress),
      limiter.hit(fromAddress[1], limits.perAddressAndEmail),
    ]);
    if (!addressOk || !pairOk) throw rateLimited(SIGN_IN_MESSAGES.address, secondsLeftInMinute());
    const user = await em.findOne(User, { email: input.email });
    // Attempts from the owner's own addresses do not count against the account, nor wait.
    const known = !!user && (await this.knownAddress(em, user.id, ip));
    const accountKey = `login:account:${input.email}`;
    let underAttack = false;
    if (!known) {
      underAttack = !(await limiter.hit(accountKey, limits.perAccount));
      if (underAttack && !(await limiter.claim(`login:slowed:${input.email}`, limits.slowedEveryMs))) {
        // Not tried: the address's own counts stay as they were.
        await Promise.all(fromAddress.map((k) => limiter.undo(k)));
        throw rateLimited(SIGN_IN_MESSAGES.slowed, Math.ceil(limits.slowedEveryMs / 1000));
      }
    }
    const ok = user?.passwordHash
      ? await argon2.verify(user.passwordHash, input.password)
      : await this.verifyWithoutAccount(em, input);
    if (!ok || !user) {
      if (underAttack) this.afterAnswer('sign-in failures notice', () => this.alertOwner(input.email));
      throw unauthenticated('Incorrect e-mail or password');
    }
    // A success is not a failure: its attempt is taken back everywhere.
    await Promise.all([...fromAddress, ...(known ? [] : [accountKey])].map((k) => limiter.undo(k)));
    await em.execute(
      `insert into sign_in_addresses (user_id, ip) values (?, ?)
       on conflict (user_id, ip) do update set last_seen_at = now()`,
      [user.id, ip],
    );
    return { accessToken: await this.deps.tokens.issue(user.id, user.tokenVersion), user };
  }

  private async knownAddress(em: EntityManager, userId: number, ip: string): Promise<boolean> {
    const rows = await em.execute<{ ok: number }[]>(
      `select 1 as ok from sign_in_addresses where user_id = ? and ip = ? and last_seen_at > now() - interval '90 days'`,
      [userId, ip],
    );
    return rows.length > 0;
  }

  /** The owner of an account under attack hears of it once a day (a notice, then a mail). */
  private async alertOwner(email: string) {
    if (!(await this.deps.limiter.claim(`login:alerted:${email}`, 24 * 3600_000))) return;
    const em = this.deps.em();
    const [user] = await em.execute<{ id: number }[]>('select id from users where email = ?', [email]);
    if (!user) return;
    await em.execute(`insert into account_notices (email, kind) values (?, 'SIGN_IN_FAILURES')`, [email]);
    await this.notify(email, 'SIGN_IN_FAILURES');
  }

  /**
   * No account with a password: one password check all the same (a miss takes as long as a
   * hit), against the latest registration request when there is one, so a person whose request
   * is not approved learns so, but only with the right password.
   */
  private async verifyWithoutAccount(em: EntityManager, input: LoginInput): Promise<false> {
    const request = await em.findOne(RegistrationRequest, { email: input.email }, { orderBy: { createdAt: 'desc' } });
    const hash = request?.passwordHash && request.status !== 'APPROVED' ? request.passwordHash : await DUMMY_HASH;
    if (!(await argon2.verify(hash, input.password)) || !request || hash !== request.passwordHash) return false;
    if (request.status === 'PENDING') {
      throw new DomainError(
        ErrorCode.FORBIDDEN,
        'Your registration request is still under review. We will contact you once it is approved.',
      );
    }
    throw new DomainError(
      ErrorCode.FORBIDDEN,
      'Your registration request was declined. Contact support if you think this is a mistake.',
    );
  }

  /**
   * Sends a one-hour reset link to the account of `email`, if there is one. The answer is the
   * same either way and leaves before anything about the e-mail is looked up: the lookup, the
   * link and the mail happen after it. One e-mail gets at most RESET_MAILS_PER_MINUTE links a
   * minute, however many are asked for (its inbox cannot be flooded, and asking is not refused).
   */
  async requestPasswordReset(_em: EntityManager, email: string, ip: string): Promise<void> {
    if (!(await this.deps.limiter.hit(`reset:ip:${ip}`))) {
      throw rateLimited('Too many reset requests. Wait a minute and try again.', secondsLeftInMinute());
    }
    this.afterAnswer('password reset', () => this.sendResetLink(email));
  }

  private async sendResetLink(email: string) {
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
    const link = `${this.deps.appUrl()}/reset-password/${reset.id}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.name},\n\nOpen this link within one hour to set a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
    });
  }

  async resetPassword(em: EntityManager, id: string, password: string, ip?: string): Promise<void> {
    if (ip) await this.limit([`reset-set:ip:${ip}`], 'Too many attempts. Wait a minute and try again.');
    const passwordHash = await this.hashPassword(password);
    await em.transactional(async (tx) => {
      const reset = await tx.findOne(PasswordReset, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!reset || reset.usedAt || reset.expiresAt.getTime() < Date.now()) {
        throw validation('The link has expired or was already used. Request a new one.');
      }
      const user = await tx.findOneOrFail(User, { id: reset.userId });
      user.passwordHash = passwordHash;
      // Every session signed in with the old password ends.
      user.tokenVersion += 1;
      reset.usedAt = new Date();
      // One new password ends every other outstanding link of that user.
      await tx.nativeUpdate(PasswordReset, { userId: user.id, usedAt: null }, { usedAt: new Date() });
    });
  }

  /** Google sign-in: the approved user with that verified e-mail, or a new registration request. */
  async googleSignIn(
    em: EntityManager,
    code: string,
    ip?: string,
  ): Promise<SignInResult | { registrationRequested: true; request: RegistrationRequest }> {
    // Not a 503: nothing will change by trying again (a disabled feature is a 404 here).
    if (!this.deps.google) throw new DomainError(ErrorCode.NOT_FOUND, 'Google sign-in is not configured');
    if (ip) await this.limit([`google:ip:${ip}`], 'Too many sign-in attempts. Wait a minute and try again.');
    const identity = await this.deps.google.exchange(code);
    const user = await em.findOne(User, { email: identity.email });
    if (user) return { accessToken: await this.deps.tokens.issue(user.id, user.tokenVersion), user };
    return inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${identity.email}`]);
      const pending = await tx.findOne(RegistrationRequest, { email: identity.email, status: 'PENDING' });
      if (pending) return { registrationRequested: true as const, request: pending };
      const request = tx.create(RegistrationRequest, {
        name: identity.name || identity.email.split('@')[0],
        email: identity.email,
        passwordHash: null,
        telegram: null,
        company: null,
        comment: null,
        role: 'ADVERTISER',
        source: 'GOOGLE',
      });
      await tx.flush();
      emit(topics.registrationRequests(), registrationView(request));
      return { registrationRequested: true as const, request };
    });
  }

  async userFromToken(em: EntityManager, token: string | undefined): Promise<User | null> {
    return (await this.sessionFromToken(em, token))?.user ?? null;
  }

  private readonly sessionUsers = new SessionUsers();

  /** The user of a valid token whose version is current, with the token's expiry. */
  async sessionFromToken(
    em: EntityManager,
    token: string | undefined,
  ): Promise<{ user: User; expiresAt: number } | null> {
    const session = await this.sessionRow(em, token);
    // Mapped into the request's EntityManager as the entity the ORM would have loaded.
    return session && { user: em.map(User, session.row), expiresAt: session.expiresAt };
  }

  /**
   * The same check for a live socket: the user as a plain object (no entity, no identity map
   * to keep as long as the socket lives).
   */
  async sessionUserFromToken(
    em: EntityManager,
    token: string | undefined,
  ): Promise<{ user: User; expiresAt: number } | null> {
    const session = await this.sessionRow(em, token);
    return session && { user: plainUser<User>(session.row), expiresAt: session.expiresAt };
  }

  private async sessionRow(em: EntityManager, token: string | undefined) {
    if (!token) return null;
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    // Every authenticated request reads its user; reads of one moment share a statement.
    const row = await this.sessionUsers.read(em, claims.userId);
    if (!row || Number(row.token_version) !== claims.version) return null;
    return { row, expiresAt: claims.expiresAt };
  }
}

/** Seconds until the limiter's current one-minute window ends. */
function secondsLeftInMinute(): number {
  return Math.max(1, Math.ceil((60_000 - (Date.now() % 60_000)) / 1000));
}

/** Forgets account notices after 30 days and sign-in addresses 90 days after their last use (a job). */
export async function purgeAccountSafety(em: EntityManager): Promise<{ notices: number; addresses: number }> {
  const [row] = await em.execute<{ notices: string; addresses: string }[]>(
    `with notices as (delete from account_notices where created_at < now() - interval '30 days' returning 1),
          addresses as (delete from sign_in_addresses where last_seen_at < now() - interval '90 days' returning 1)
     select (select count(*) from notices) as notices, (select count(*) from addresses) as addresses`,
  );
  return { notices: Number(row.notices), addresses: Number(row.addresses) };
}
