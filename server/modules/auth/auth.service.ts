import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/transaction.ts';
import { SESSIONS_ENDED_CHANNEL } from '../../db/listen.ts';
import { accountActor, recordAudit } from '../audit/record.ts';
import { DomainError, ErrorCode, rateLimited, unauthenticated, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type RateLimiter, secondsLeftInMinute } from '../../lib/rate-limit.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { requireFreshProof, requireFreshProofBeyondPassword, withProofWindow } from '../../lib/step-up.ts';
import { plainUser, SessionUsers } from './session-users.ts';
import { User } from '../users/user.entity.ts';
import type { Language } from '../../../showcase/i18n/languages.ts';
import { accountMail, mailLanguage, signInPageLink } from './mails.ts';
import type { GoogleClient } from './google.ts';
import { EmailChange, PasswordReset } from './password-reset.entity.ts';
import { type AddedChange, addedSince, RECOVERY_MESSAGES, recentChangesFrom, undoSince } from './recovery.ts';
import { RegistrationRequest, registrationView } from './registration-request.entity.ts';
import { AccountNotice, type NoticeKind } from './account-safety.entity.ts';
import { Session, type SIGN_IN_METHODS, SignInCode } from './session.entity.ts';
import type { LoginInput, RegistrationInput } from './auth.inputs.ts';
import { SECOND_FACTOR_MESSAGES, type SecondFactorService } from './second-factor.service.ts';
import type { PasskeyResponse, PasskeySite } from './passkeys.ts';
import {
  type ChallengeClaims,
  readChallenge,
  SIGN_IN_CHALLENGE_MESSAGES,
  SIGN_IN_CHALLENGE_SECONDS,
  signChallenge,
} from './sign-in-challenge.ts';
import type { TelegramAccount } from '../notifications/notifications.service.ts';
import type { NotifyEvent } from '../notifications/notify.ts';
import {
  readLinkToken,
  signLinkToken,
  TELEGRAM_SIGN_IN_MAX_AGE_SECONDS,
  TELEGRAM_SIGN_IN_MESSAGES,
  type TelegramSignInInput,
  telegramIdentity,
  telegramPayloadKey,
} from './telegram-sign-in.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_MESSAGES = {
  same: 'This is already the e-mail of your account',
  taken: 'This e-mail is already used by another account',
  tooMany: 'Too many e-mail changes. Wait a minute and try again.',
  gone: 'The link has expired or was already used. Ask for a new one on the Security page.',
  sent: (email: string) => `We sent a link to ${email}: open it within 24 hours to make it your e-mail`,
} as const;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent it a link to reset the password. The link is valid for one hour.';
/** What every registration is answered, whether or not the e-mail is known (no enumeration). */
export const REGISTRATION_FILED_MESSAGE =
  'Thank you! We have received your request and will contact you by e-mail once it is reviewed.';
export const SIGN_IN_MESSAGES = {
  /** Whether or not the e-mail has an account: the answer must not tell. */
  code: 'Many failed sign-in attempts: to sign in from here, enter the code we have e-mailed to this account (valid for 15 minutes) with your password.',
  badCode:
    'The code is wrong or has expired. Use the latest code we e-mailed, or sign in without a code to get a new one.',
  codeTries: 'Too many wrong codes from this address. Wait a minute, then enter the latest code we e-mailed.',
  wrongCurrentPassword: 'The current password is wrong',
  tooManyAttempts: 'Too many sign-in attempts from this address. Wait a minute and try again.',
} as const;
/** How long a mailed sign-in code stands. */
const SIGN_IN_CODE_TTL_MS = 15 * 60_000;
/** Sign-in codes: 8 characters of 32 (2^40), without the ones people confuse (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
/** A session's last-seen time (and address) is written at most this often. */
const SESSION_SEEN_EVERY_MS = 5 * 60_000;

/** Where a request comes from, as a new session records it. */
export const NOT_ME_MESSAGES = {
  gone: 'This link was opened already or has expired. If someone else is in your account, reset your password now.',
} as const;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The browser's Accept-Language: the account's mails follow it when the account chose none. */
  acceptLanguage?: string;
}

/** A session as its owner sees it in the profile. */
export interface SessionView {
  id: string;
  method: (typeof SIGN_IN_METHODS)[number];
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string;
  lastIp: string;
  userAgent: string | null;
  current: boolean;
}
/** How long after an answer the work that follows it starts (mail, reset links, events). */
const AFTER_ANSWER_DELAY_MS = 20;
/** Reset mails one e-mail address receives at most per minute, however many are asked for. */
const RESET_MAILS_PER_MINUTE = 3;

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
/** The state a browser sent is the one its cookie holds (both present). */
function sameState(sent: string | undefined, cookie: string | undefined): boolean {
  if (!sent || !cookie) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the e-mail has no password to check, so a miss takes as long as a hit.
const DUMMY_HASH = argon2.hash('not-a-real-password', HASH_OPTIONS);

export interface SignInResult {
  accessToken: string;
  user: User;
  sessionId: string;
}

/** A first step (Telegram, Google) proved one thing: the account's second factor comes next. */
export interface SecondFactorAsked {
  secondFactorRequired: true;
  signInToken: string;
  methods: string[];
  message: string;
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
      /** Second factors: a password sign-in of an account with one asks for a code. */
      secondFactors?: SecondFactorService;
      /** Links a Telegram account to a user (the notifications area): false when another has it. */
      linkTelegram?: (em: EntityManager, userId: number, account: TelegramAccount) => Promise<boolean>;
      /** Security notices (the notifications area), in the change's transaction, and their delivery. */
      notify?: (em: EntityManager, event: NotifyEvent) => Promise<void>;
      deliver?: () => void;
      /** Spends a security notice's "This was not me" link: its account and when it was written, or null. */
      claimNotMe?: (em: EntityManager, token: string) => Promise<{ userId: number; since: Date } | null>;
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
  async requestRegistration(
    em: EntityManager,
    input: RegistrationInput,
    ip?: string,
    acceptLanguage?: string,
  ): Promise<void> {
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
        language: mailLanguage(null, acceptLanguage),
      });
      await tx.flush();
      return { request: registrationView(request) };
    });
    if (filed.request) {
      const view = filed.request;
      this.afterAnswer('registration event', () => this.deps.pubsub.publish(topics.registrationRequests(), view));
    } else if (filed.notice) {
      const kind = filed.notice;
      this.afterAnswer('registration notice', () => this.notify(input.email, kind, acceptLanguage));
    }
  }

  /** Mails the owner of `email` about `kind`, at most once a day per kind. */
  private async notify(email: string, kind: NoticeKind, acceptLanguage?: string) {
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
    const language = mailLanguage(owner?.language, acceptLanguage);
    const [loginLink, resetLink] = ['/login', '/reset-password'].map((path) => this.pageLink(path, language));
    const mail =
      kind === 'REGISTRATION_EXISTS'
        ? accountMail('registrationExists', language, { loginLink: loginLink!, resetLink: resetLink! })
        : kind === 'REGISTRATION_PENDING'
          ? accountMail('registrationPending', language)
          : accountMail('signInFailures', language, { resetLink: resetLink! });
    await this.deps.mailer.send({ to: email, ...mail });
  }

  /** A sign-in page's address in `language` (`/ru/login`; English has no prefix). */
  private pageLink(path: string, language: Language): string {
    return signInPageLink(this.deps.appUrl(), path, language);
  }

  /** Sign-in with e-mail and password (and the mailed code when asked for), throttled as `signInLimits` says. */
  async login(em: EntityManager, input: LoginInput, client: ClientInfo): Promise<SignInResult> {
    const { ip } = client;
    const limits = signInLimits(this.deps.config.rateLimitPerMinute);
    const { limiter } = this.deps;
    const user = await em.findOne(User, { email: input.email });
    // The owner's own addresses: a shared address's count does not apply, nor the account's.
    const known = !!user && (await this.knownAddress(em, user.id, ip));
    const counted = [`login:ip-email:${ip}:${input.email}`];
    const hits = [limiter.hit(counted[0], limits.perAddressAndEmail)];
    if (!known) {
      counted.push(`login:ip:${ip}`, `login:account:${input.email}`);
      hits.push(limiter.hit(counted[1], limits.perAddress), limiter.hit(counted[2], limits.perAccount));
    }
    const within = (await Promise.all(hits)).every(Boolean);
    let codeId: number | null = null;
    if (!within || input.code) {
      // Over a limit: only the owner's mailbox gets this address further.
      if (!input.code) {
        if (user) this.afterAnswer('sign-in code', () => this.mailSignInCode(user, client));
        if (!within && counted.length > 1)
          this.afterAnswer('sign-in failures notice', () => this.alertOwner(input.email));
        throw new DomainError(ErrorCode.FORBIDDEN, SIGN_IN_MESSAGES.code, 'code', undefined, 'EMAIL_CODE');
      }
      const tries = await this.codeTry(user?.id ?? input.email, ip, limits);
      if (!tries.allowed) {
        throw new DomainError(ErrorCode.FORBIDDEN, SIGN_IN_MESSAGES.codeTries, 'code', undefined, 'EMAIL_CODE');
      }
      codeId = user ? await this.checkSignInCode(em, user.id, input.code) : null;
      if (codeId === null) {
        throw new DomainError(ErrorCode.FORBIDDEN, SIGN_IN_MESSAGES.badCode, 'code', undefined, 'EMAIL_CODE');
      }
      // The right code is no wrong try.
      await Promise.all(tries.counted.map((k) => limiter.undo(k)));
    }
    const ok = user?.passwordHash
      ? await argon2.verify(user.passwordHash, input.password)
      : await this.verifyWithoutAccount(em, input);
    if (!ok || !user) throw unauthenticated('Incorrect e-mail or password');
    // A success is not a failure: its attempt is taken back everywhere.
    await Promise.all(counted.map((k) => limiter.undo(k)));
    await this.secondFactor(em, user, input.secondFactorCode, ip);
    if (codeId !== null) await em.execute('update sign_in_codes set used_at = now() where id = ?', [codeId]);
    await this.rememberAddress(em, user.id, ip);
    return this.startSession(em, user, client, 'PASSWORD');
  }

  /**
   * Sign-in with Telegram (the Mini App's initData or the Login Widget's fields, signed with the
   * system bot's token): the linked account, or for an unlinked Telegram user a link token that
   * the account's owner confirms once signed in (`confirmTelegramLink`). Throttled per address
   * with the password sign-ins; a forged or stale signature counts as a failed attempt. The
   * widget's fields count only with the state this browser was given (`stateCookie`, from
   * `startTelegramSignIn`), and every payload signs in once.
   */
  async telegramSignIn(
    em: EntityManager,
    input: TelegramSignInInput,
    client: ClientInfo,
    stateCookie?: string,
  ): Promise<
    SignInResult | SecondFactorAsked | { linkToken: string; account: { username: string | null; name: string } }
  > {
    const { config, limiter } = this.deps;
    if (!config.telegram.token) {
      throw new DomainError(ErrorCode.NOT_FOUND, 'Sign-in with Telegram is not configured on this server');
    }
    const key = `login:ip:${client.ip}`;
    if (!(await limiter.hit(key, signInLimits(config.rateLimitPerMinute).perAddress))) {
      throw rateLimited(SIGN_IN_MESSAGES.tooManyAttempts, secondsLeftInMinute());
    }
    const identity = telegramIdentity(input, config.telegram.token);
    if (!('initData' in input) && !sameState(input.state, stateCookie)) {
      throw unauthenticated(TELEGRAM_SIGN_IN_MESSAGES.foreign);
    }
    await limiter.undo(key);
    // Once: a payload seen before (on any instance) is refused until it would have expired anyway.
    const once = `telegram-sign-in:${telegramPayloadKey(input)}`;
    if (!(await limiter.claim(once, (TELEGRAM_SIGN_IN_MAX_AGE_SECONDS + 60) * 1000))) {
      throw unauthenticated(TELEGRAM_SIGN_IN_MESSAGES.replayed);
    }
    const user = await em.findOne(User, { telegramUserId: identity.id });
    if (!user) {
      const { token, claims } = signLinkToken(identity, config.jwtSecret);
      return { linkToken: token, account: { username: claims.username, name: claims.name } };
    }
    // Telegram proves one thing: an account with a second factor asks for it too.
    const asked = await this.askSecondFactor(em, user, 'TELEGRAM');
    if (asked) return asked;
    await this.rememberAddress(em, user.id, client.ip);
    return this.startSession(em, user, client, 'TELEGRAM');
  }

  /** For an account with a second factor: the token that `finishSecondFactor` takes with a code. */
  private async askSecondFactor(
    em: EntityManager,
    user: User,
    method: ChallengeClaims['method'],
  ): Promise<SecondFactorAsked | null> {
    const kinds = this.deps.secondFactors ? await this.deps.secondFactors.kinds(em, user.id) : [];
    if (!kinds.length) return null;
    const passkey = kinds.includes('PASSKEY');
    return {
      secondFactorRequired: true,
      signInToken: signChallenge(user.id, method, this.deps.config.jwtSecret),
      methods: passkey ? ['PASSKEY', 'TOTP', 'RECOVERY_CODE'] : ['TOTP', 'RECOVERY_CODE'],
      message: passkey ? SECOND_FACTOR_MESSAGES.askedPasskey : SECOND_FACTOR_MESSAGES.asked,
    };
  }

  /**
   * The second step of a Telegram or Google sign-in of an account with a second factor: the
   * first step's token and a code from the account's authenticator app (or a recovery code).
   * Wrong codes count against this address; the token signs in once.
   */
  async finishSecondFactor(
    em: EntityManager,
    input: { signInToken: string; code: string },
    client: ClientInfo,
  ): Promise<SignInResult> {
    const claims = readChallenge(input.signInToken, this.deps.config.jwtSecret);
    const user = await em.findOne(User, { id: claims.userId });
    if (!user) throw unauthenticated(SIGN_IN_CHALLENGE_MESSAGES.gone);
    await this.secondFactor(em, user, input.code, client.ip);
    if (
      !(await this.deps.limiter.claim(`sign-in-challenge:${claims.nonce}`, (SIGN_IN_CHALLENGE_SECONDS + 60) * 1000))
    ) {
      throw unauthenticated(SIGN_IN_CHALLENGE_MESSAGES.gone);
    }
    await this.rememberAddress(em, user.id, client.ip);
    return this.startSession(em, user, client, claims.method);
  }

  /** A state for the Login Widget's round trip: the REST layer keeps it in a cookie as well. */
  startTelegramSignIn(): { state: string } {
    if (!this.deps.config.telegram.token) {
      throw new DomainError(ErrorCode.NOT_FOUND, 'Sign-in with Telegram is not configured on this server');
    }
    return { state: randomBytes(24).toString('base64url') };
  }

  /** What a link token names, for the dialog that asks its owner to confirm (nothing changes). */
  telegramLinkPreview(linkToken: string): { id: number; username: string | null; name: string } {
    const claims = readLinkToken(linkToken, this.deps.config.jwtSecret);
    return { id: claims.id, username: claims.username, name: claims.name };
  }

  /**
   * The signed-in owner confirms the Telegram account a sign-in named: linked unless another
   * account has it (the notifications area's link, which tells the owner by mail and Telegram).
   */
  async confirmTelegramLink(em: EntityManager, user: User, linkToken: string): Promise<void> {
    requireFreshProof(user, 'linkTelegram');
    const link = readLinkToken(linkToken, this.deps.config.jwtSecret);
    const account = { id: link.id, chatId: link.id, username: link.username, language: link.language };
    if (user.telegramUserId === link.id) return;
    if (!(await this.deps.linkTelegram?.(em, user.id, account))) {
      throw new DomainError(
        ErrorCode.CONFLICT,
        'This Telegram account is linked to another dashboard account: unlink it there first',
      );
    }
    // The answer shows the link (the row changed under the entity).
    Object.assign(user, {
      telegramUserId: account.id,
      telegramChatId: account.chatId,
      telegramUsername: account.username,
      telegramLanguage: account.language,
    });
  }

  /**
   * The right password of an account with a second factor signs in only with a code from it (an
   * authenticator app's or a recovery code); without one the answer says so (`next:
   * SECOND_FACTOR`), and the form asks. The password is checked again with the code.
   */
  private async secondFactor(em: EntityManager, user: User, code: string | undefined, ip: string): Promise<void> {
    const factors = this.deps.secondFactors;
    const kinds = factors ? await factors.kinds(em, user.id) : [];
    if (!factors || !kinds.length) return;
    if (!code) {
      const passkey = kinds.includes('PASSKEY');
      throw new DomainError(
        ErrorCode.FORBIDDEN,
        passkey ? SECOND_FACTOR_MESSAGES.askedPasskey : SECOND_FACTOR_MESSAGES.asked,
        'secondFactorCode',
        undefined,
        'SECOND_FACTOR',
        // What the form offers: the passkey's button when there is one.
        passkey ? ['PASSKEY', 'TOTP', 'RECOVERY_CODE'] : ['TOTP', 'RECOVERY_CODE'],
      );
    }
    if (!(await factors.verify(em, user, code, { ip }))) {
      throw new DomainError(
        ErrorCode.FORBIDDEN,
        SECOND_FACTOR_MESSAGES.wrong,
        'secondFactorCode',
        undefined,
        'SECOND_FACTOR',
      );
    }
    await this.signedInWithFactor(em, user.id);
  }

  /** Signed in with the second factor: withdrawals stopped by "This was not me" go on. */
  private async signedInWithFactor(em: EntityManager, userId: number) {
    await em.execute(
      'update users set withdrawals_stopped_at = null where id = ? and withdrawals_stopped_at is not null',
      [userId],
    );
  }

  /** Options for "Sign in with a passkey": any passkey of this site, the browser offers them. */
  async passkeySignInOptions(em: EntityManager, site: PasskeySite, ip: string) {
    await this.limit([`passkey-options:${ip}`], SIGN_IN_MESSAGES.tooManyAttempts);
    return this.factorsOrFail().passkeys.authenticationOptions(em, site, null);
  }

  /**
   * "Sign in with a passkey": the passkey names its account and proves both factors (the device
   * verified its user). Counts as a second-factor sign-in. Throttled with the password sign-ins.
   */
  async passkeySignIn(
    em: EntityManager,
    site: PasskeySite,
    response: PasskeyResponse,
    client: ClientInfo,
  ): Promise<SignInResult> {
    const key = `login:ip:${client.ip}`;
    if (!(await this.deps.limiter.hit(key, signInLimits(this.deps.config.rateLimitPerMinute).perAddress))) {
      throw rateLimited(SIGN_IN_MESSAGES.tooManyAttempts, secondsLeftInMinute());
    }
    const { userId } = await this.factorsOrFail().passkeys.verifyAuthentication(em, site, response, null);
    await this.deps.limiter.undo(key);
    const user = await em.findOneOrFail(User, { id: userId });
    await this.signedInWithFactor(em, user.id);
    await this.rememberAddress(em, user.id, client.ip);
    return this.startSession(em, user, client, 'PASSKEY');
  }

  private factorsOrFail(): SecondFactorService {
    if (!this.deps.secondFactors) throw new DomainError(ErrorCode.NOT_FOUND, 'Passkeys are not offered here');
    return this.deps.secondFactors;
  }

  /** Marks `ip` as one of the user's own addresses (a sign-in or a reset from it). */
  private async rememberAddress(em: EntityManager, userId: number, ip: string) {
    await em.execute(
      `insert into sign_in_addresses (user_id, ip) values (?, ?)
       on conflict (user_id, ip) do update set last_seen_at = now()`,
      [userId, ip],
    );
  }

  /**
   * Mails the owner a sign-in code, unless one mailed earlier still stands: one live code per
   * account, whoever's attempt asked for it, so an attack cannot flood the owner's inbox nor
   * spend the owner's code away (wrong codes are counted per address and account: codeTry).
   */
  private async mailSignInCode(user: User, { ip, acceptLanguage }: ClientInfo) {
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
    const language = mailLanguage(user.language, acceptLanguage);
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
  private async codeTry(
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
  private async checkSignInCode(em: EntityManager, userId: number, code: string): Promise<number | null> {
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
    throw new DomainError(ErrorCode.FORBIDDEN, declinedMessage(request.declineReason ?? null));
  }

  /**
   * Sends a one-hour reset link to the account of `email`, if there is one. The answer is the
   * same either way and leaves before anything about the e-mail is looked up: the lookup, the
   * link and the mail happen after it. One e-mail gets at most RESET_MAILS_PER_MINUTE links a
   * minute, however many are asked for (its inbox cannot be flooded, and asking is not refused).
   */
  async requestPasswordReset(_em: EntityManager, email: string, ip: string, acceptLanguage?: string): Promise<void> {
    if (!(await this.deps.limiter.hit(`reset:ip:${ip}`))) {
      throw rateLimited('Too many reset requests. Wait a minute and try again.', secondsLeftInMinute());
    }
    this.afterAnswer('password reset', () => this.sendResetLink(email, acceptLanguage));
  }

  private async sendResetLink(email: string, acceptLanguage?: string) {
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
    const language = mailLanguage(user.language, acceptLanguage);
    const link = this.pageLink(`/reset-password/${reset.id}`, language);
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
  async resetInfo(
    em: EntityManager,
    id: string,
  ): Promise<{ secondFactor: boolean; since: Date | null; changes: AddedChange[] }> {
    const reset = await this.usableReset(em, id);
    const since = reset.since ?? recentChangesFrom();
    const secondFactor = (await this.deps.secondFactors?.hasFactor(em, reset.userId)) ?? false;
    return { secondFactor, since: reset.since ?? null, changes: await addedSince(em, reset.userId, since) };
  }

  private async usableReset(em: EntityManager, id: string, lock = false) {
    const reset = await em.findOne(PasswordReset, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!reset || reset.usedAt || reset.expiresAt.getTime() < Date.now()) {
      throw validation('The link has expired or was already used. Request a new one.');
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
  async resetPassword(
    em: EntityManager,
    id: string,
    password: string,
    ip?: string,
    proof: { code?: string; since?: Date } = {},
  ): Promise<void> {
    if (ip) await this.limit([`reset-set:ip:${ip}`], 'Too many attempts. Wait a minute and try again.');
    const link = await this.usableReset(em, id);
    const since = link.since ?? proof.since ?? null;
    if (since && since < recentChangesFrom()) {
      throw validation(RECOVERY_MESSAGES.sinceTooOld, 'since');
    }
    await this.ownerProof(em, link.userId, proof.code, since, ip);
    const passwordHash = await this.hashPassword(password);
    const userId = await em.transactional(async (tx) => {
      const reset = await this.usableReset(tx, id, true);
      const user = await tx.findOneOrFail(User, { id: reset.userId });
      user.passwordHash = passwordHash;
      user.withdrawalsStoppedAt = null;
      reset.usedAt = new Date();
      // One new password ends every other outstanding link of that user.
      await tx.nativeUpdate(PasswordReset, { userId: user.id, usedAt: null }, { usedAt: new Date() });
      const undone = since ? await undoSince(tx, user.id, since, 'Account recovery') : null;
      // The owner proved the mailbox from here: this address is theirs.
      if (ip) await this.rememberAddress(tx, user.id, ip);
      await this.securityNotice(tx, user, 'passwordChanged', {});
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.password_reset',
        object: { type: 'user', id: user.id },
        after: { by: 'reset link', ...(since ? { since: since.toISOString(), undone } : {}) },
      });
      return user.id;
    });
    this.deps.deliver?.();
    await this.endSessions(em, { userId });
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
    if (!code) throw new DomainError(ErrorCode.FORBIDDEN, RECOVERY_MESSAGES.codeNeeded, 'code');
    const user = await em.findOneOrFail(User, { id: userId });
    if (!(await factors.verify(em, user, code, { ip, before: since ?? undefined }))) {
      throw new DomainError(ErrorCode.FORBIDDEN, RECOVERY_MESSAGES.codeWrong, 'code');
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
      if (!claimed) throw new DomainError(ErrorCode.NOT_FOUND, NOT_ME_MESSAGES.gone);
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
    await this.endSessions(em, { userId: undone.userId });
    if (undone.telegram) {
      await this.deps.pubsub
        .publish(topics.telegramLink(undone.userId), { telegram: null })
        .catch((err) => this.deps.log.warn({ err }, 'the undone Telegram link was not announced'));
    }
    return { resetId: undone.resetId };
  }

  /** A security notice to the user (always on: mail, and Telegram when linked). */
  private async securityNotice(
    em: EntityManager,
    user: { id: number; email: string },
    type: 'passwordChanged' | 'signInNew',
    params: Record<string, string>,
  ): Promise<void> {
    await this.deps.notify?.(em, {
      userId: user.id,
      type,
      key: `${type}:${Date.now()}:${randomInt(1e9)}`,
      params: { email: user.email, ...params },
      path: '/',
    });
  }

  /** Google sign-in: the approved user with that verified e-mail, or a new registration request. */
  async googleSignIn(
    em: EntityManager,
    code: string,
    client: ClientInfo,
  ): Promise<SignInResult | SecondFactorAsked | { registrationRequested: true; request: RegistrationRequest }> {
    const { ip } = client;
    // Not a 503: nothing will change by trying again (a disabled feature is a 404 here).
    if (!this.deps.google) throw new DomainError(ErrorCode.NOT_FOUND, 'Google sign-in is not configured');
    if (ip) await this.limit([`google:ip:${ip}`], 'Too many sign-in attempts. Wait a minute and try again.');
    const identity = await this.deps.google.exchange(code);
    const user = await em.findOne(User, { email: identity.email });
    if (user) return (await this.askSecondFactor(em, user, 'GOOGLE')) ?? this.startSession(em, user, client, 'GOOGLE');
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
        language: mailLanguage(null, client.acceptLanguage),
      });
      await tx.flush();
      emit(topics.registrationRequests(), registrationView(request));
      return { registrationRequested: true as const, request };
    });
  }

  // ---- Sessions -------------------------------------------------------------------------
  //
  // The design (OWASP's session management guidance, server-side state): a sign-in creates a
  // row in `sessions`, and the access token is only its signed handle (`sid`). Every request
  // and every operation on a live socket already reads its user from the database; the same
  // statement reads the session (SessionUsers), so a session ended anywhere serves nothing
  // from the next request on, on every instance, at no extra cost. That makes short-lived
  // access tokens with rotated refresh tokens unnecessary here: their purpose is to bound how
  // long a token nobody checks stays good, and ours are checked every time. Ending sessions
  // publishes `sessionsEnded`, and each instance closes those sessions' sockets at once.

  /** A new session for `user`, and its token. */
  async startSession(
    em: EntityManager,
    user: User,
    client: ClientInfo,
    method: (typeof SIGN_IN_METHODS)[number],
  ): Promise<SignInResult> {
    const sessionId = randomUUID();
    const { token, expiresAt } = await this.deps.tokens.issue(user.id, sessionId);
    await this.tellIfNewDevice(em, user, client, method);
    await em.insert(Session, {
      id: sessionId,
      userId: user.id,
      method,
      expiresAt: new Date(expiresAt * 1000),
      ip: client.ip,
      lastIp: client.ip,
      userAgent: client.userAgent?.slice(0, 512) || null,
    });
    return { accessToken: token, user, sessionId };
  }

  /**
   * A sign-in from a device (browser and system) or an address none of the account's sessions
   * had: the owner is told (a security notice). The first sign-in of an account has nothing to
   * compare with and tells nothing.
   */
  private async tellIfNewDevice(
    em: EntityManager,
    user: User,
    client: ClientInfo,
    method: (typeof SIGN_IN_METHODS)[number],
  ): Promise<void> {
    if (!this.deps.notify) return;
    const device = deviceOf(client.userAgent);
    // One pass over the account's sessions (was three subqueries on every sign-in).
    const [seen] = await em.execute<{ before: boolean; address: boolean | null; agents: (string | null)[] | null }[]>(
      `select count(*) > 0 as before, bool_or(ip = ? or last_ip = ?) as address,
              array_agg(distinct user_agent) as agents
         from sessions where user_id = ?`,
      [client.ip, client.ip, user.id],
    );
    if (!seen?.before) return;
    const knownDevice = (seen.agents ?? []).some((agent) => deviceOf(agent ?? undefined) === device);
    if (seen.address && knownDevice) return;
    await this.securityNotice(em, user, 'signInNew', {
      device,
      ip: client.ip,
      method: { PASSWORD: 'password', GOOGLE: 'Google', TELEGRAM: 'Telegram', PASSKEY: 'a passkey' }[method],
    });
    this.deps.deliver?.();
  }

  /** The sessions that stand, newest use first. */
  async sessions(em: EntityManager, userId: number, currentId: string | null): Promise<SessionView[]> {
    const rows = await em.find(
      Session,
      { userId, endedAt: null, expiresAt: { $gt: new Date() } },
      { orderBy: { lastSeenAt: 'desc', createdAt: 'desc' } },
    );
    return rows.map((r) => ({
      id: r.id,
      method: r.method,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      expiresAt: r.expiresAt,
      ip: r.ip,
      lastIp: r.lastIp,
      userAgent: r.userAgent ?? null,
      current: r.id === currentId,
    }));
  }

  /**
   * Ends sessions of one user: one (`id`), or all of them but `except`. Their tokens stop
   * working at once and their live sockets close on every instance. Answers how many ended.
   */
  async endSessions(em: EntityManager, which: { userId: number; id?: string; except?: string | null }) {
    const ended = await em.execute<{ id: string }[]>(
      `update sessions set ended_at = now()
        where user_id = ? and ended_at is null ${which.id ? 'and id = ?' : ''} ${which.except ? 'and id <> ?' : ''}
        returning id`,
      [which.userId, ...(which.id ? [which.id] : []), ...(which.except ? [which.except] : [])],
    );
    if (ended.length) {
      // Through the database too: every instance hears it, with Redis or without (db/listen.ts).
      const ids = ended.map((r) => r.id);
      for (let i = 0; i < ids.length; i += 150) {
        await em
          .execute('select pg_notify(?, ?)', [SESSIONS_ENDED_CHANNEL, ids.slice(i, i + 150).join(',')])
          .catch((err) => this.deps.log.warn({ err }, 'ended sessions not announced through the database'));
      }
      await this.deps.pubsub
        .publish(topics.sessionsEnded(), { ids })
        .catch((err) =>
          this.deps.log.warn({ err }, 'ended sessions not announced: their sockets close at their next operation'),
        );
    }
    return ended.length;
  }

  /**
   * A signed-in user ends sessions of their own: this one (signing out) as it is; another one, or
   * all of them, with a fresh proof (a stolen token must not sign its owner out everywhere).
   */
  async endOwnSessions(
    em: EntityManager,
    user: User,
    current: string | null,
    which: { id: string } | { all: true },
  ): Promise<number> {
    if (!('id' in which) || which.id !== current) requireFreshProof(user, 'endOtherSessions');
    return this.endSessions(em, { userId: user.id, ...('id' in which ? { id: which.id } : {}) });
  }

  /** A signed-in user's new password: every other session ends. */
  async changePassword(
    em: EntityManager,
    user: User,
    sessionId: string | null,
    input: { currentPassword: string; password: string },
  ): Promise<number> {
    requireFreshProofBeyondPassword(user, 'changePassword');
    const ok = !!user.passwordHash && (await argon2.verify(user.passwordHash, input.currentPassword));
    if (!ok) throw validation(SIGN_IN_MESSAGES.wrongCurrentPassword, 'currentPassword');
    const passwordHash = await this.hashPassword(input.password);
    await em.transactional(async (tx) => {
      await tx.execute('update users set password_hash = ?, updated_at = now() where id = ?', [passwordHash, user.id]);
      await this.securityNotice(tx, user, 'passwordChanged', {});
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.password_changed',
        object: { type: 'user', id: user.id },
      });
    });
    this.deps.deliver?.();
    return this.endSessions(em, { userId: user.id, except: sessionId });
  }

  /**
   * A new e-mail for the account, after a fresh proof: a link to the new address confirms it
   * (24 hours, once); until then nothing changes. At most three links a minute per account.
   */
  async requestEmailChange(
    em: EntityManager,
    user: User,
    email: string,
    acceptLanguage?: string,
  ): Promise<{ message: string }> {
    requireFreshProof(user, 'changeEmail');
    const newEmail = email.trim().toLowerCase();
    if (newEmail === user.email) throw validation(EMAIL_CHANGE_MESSAGES.same, 'email');
    if (await em.count(User, { email: newEmail })) throw validation(EMAIL_CHANGE_MESSAGES.taken, 'email');
    if (!(await this.deps.limiter.hit(`email-change:${user.id}`, 3))) {
      throw rateLimited(EMAIL_CHANGE_MESSAGES.tooMany, secondsLeftInMinute());
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
    const language = mailLanguage(user.language, acceptLanguage);
    // Not under a language's prefix: the page is the same whether or not this browser is signed in.
    const link = this.pageLink(`/confirm-email/${change.id}`, 'en');
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
  async confirmEmailChange(em: EntityManager, id: string): Promise<{ email: string }> {
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
        throw validation(EMAIL_CHANGE_MESSAGES.gone);
      }
      if (await tx.count(User, { email: change.newEmail })) throw validation(EMAIL_CHANGE_MESSAGES.taken);
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

  async userFromToken(em: EntityManager, token: string | undefined, ip?: string) {
    const session = await this.sessionRow(em, token, ip);
    // Mapped into the request's EntityManager as the entity the ORM would have loaded.
    if (!session) return null;
    const user = em.map(User, session.row.user);
    // Not a column: whether the user has a second factor (staff need one where required).
    // Nor when the session last gave a fresh proof (step-up, lib/step-up.ts).
    Object.assign(user, {
      hasSecondFactor: session.row.user.has_second_factor === true,
      hasPasskey: session.row.user.has_passkey === true,
      sessionProvedAt: session.row.user.session_proved_at ?? null,
    });
    return { user: withProofWindow(user, this.deps.config.stepUpSeconds), sessionId: session.sessionId };
  }

  private readonly sessionUsers = new SessionUsers();
  /** When this instance last wrote each session's last-seen time. */
  private readonly seenWritten = new Map<string, number>();

  /**
   * The same check for a live socket: the user as a plain object (no entity, no identity map
   * to keep as long as the socket lives), with the token's expiry.
   */
  async sessionUserFromToken(
    em: EntityManager,
    token: string | undefined,
    ip?: string,
  ): Promise<{ user: User; sessionId: string; expiresAt: number } | null> {
    const session = await this.sessionRow(em, token, ip);
    return (
      session && {
        user: withProofWindow(plainUser<User>(session.row.user), this.deps.config.stepUpSeconds),
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
      }
    );
  }

  /**
   * The user of session `id` as the database has them now (roles included), or null when the
   * session has ended: a live socket's operation runs with this, not with what it had at connect.
   */
  async sessionUser(em: EntityManager, id: string): Promise<User | null> {
    const row = await this.sessionUsers.read(em, id);
    return row ? withProofWindow(plainUser<User>(row.user), this.deps.config.stepUpSeconds) : null;
  }

  private async sessionRow(em: EntityManager, token: string | undefined, ip?: string) {
    if (!token) return null;
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    // Every authenticated request reads its session and user; reads of one moment share a statement.
    const row = await this.sessionUsers.read(em, claims.sessionId);
    if (!row || row.userId !== claims.userId) return null;
    this.markSeen(em, claims.sessionId, row.lastSeenAt, ip);
    return { row, sessionId: claims.sessionId, expiresAt: claims.expiresAt };
  }

  /** Writes a session's last-seen time and address now and then, after the answer. */
  private markSeen(em: EntityManager, id: string, lastSeenAt: Date, ip?: string) {
    const now = Date.now();
    if (now - lastSeenAt.getTime() < SESSION_SEEN_EVERY_MS) return;
    if (now - (this.seenWritten.get(id) ?? 0) < SESSION_SEEN_EVERY_MS) return;
    if (this.seenWritten.size > 50_000) this.seenWritten.clear();
    this.seenWritten.set(id, now);
    void em
      .getConnection()
      .execute('update sessions set last_seen_at = now(), last_ip = coalesce(?, last_ip) where id = ?', [
        ip ?? null,
        id,
      ])
      .catch((err) => this.deps.log.warn({ err }, 'session last-seen time not written'));
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** "This was not me" undoes what was added from this long before its notice's event. */
const NOT_ME_MARGIN_MS = 5_000;

/**
 * Forgets account notices after 30 days, sign-in addresses 90 days after their last use, spent
 * or expired sign-in codes after a day, and sessions 30 days after they ended or expired (a job).
 */
export async function purgeAccountSafety(
  em: EntityManager,
): Promise<{ notices: number; addresses: number; codes: number; sessions: number }> {
  const [row] = await em.execute<{ notices: string; addresses: string; codes: string; sessions: string }[]>(
    `with notices as (delete from account_notices where created_at < now() - interval '30 days' returning 1),
          addresses as (delete from sign_in_addresses where last_seen_at < now() - interval '90 days' returning 1),
          codes as (delete from sign_in_codes where expires_at < now() - interval '1 day' returning 1),
          sessions as (delete from sessions
                        where coalesce(ended_at, expires_at) < now() - interval '30 days' and expires_at < now() returning 1),
          hits as (delete from rate_limit_hits where expires_at < now() - interval '1 minute'),
          slots as (delete from rate_limit_slots where until < now())
     select (select count(*) from notices) as notices, (select count(*) from addresses) as addresses,
            (select count(*) from codes) as codes, (select count(*) from sessions) as sessions`,
  );
  return {
    notices: Number(row.notices),
    addresses: Number(row.addresses),
    codes: Number(row.codes),
    sessions: Number(row.sessions),
  };
}

/** What a declined applicant is told at sign-in: the moderator's reason when one was given. */
export function declinedMessage(reason: string | null): string {
  const why = reason ? ` The moderator wrote: “${reason}”.` : '';
  return `Your registration request was declined.${why} Contact support if you think this is a mistake.`;
}

/** A browser and system, as a person would name them, from a User-Agent ("Chrome on Windows"). */
export function deviceOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return 'an unnamed device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /(Chrome|Chromium|CriOS)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /Telegram/i.test(ua)
              ? 'Telegram'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /(iPhone|iPad|iPod)/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  if (!browser) return system ? `an app on ${system}` : 'an app or script';
  return system ? `${browser} on ${system}` : browser;
}
