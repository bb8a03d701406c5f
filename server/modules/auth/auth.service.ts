import { FAILURES, fail, failWith, type RateLimitCode } from '../../failures.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/transaction.ts';
import { accountActor, recordAudit } from '../audit/record.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type RateLimiter, secondsLeftInMinute } from '../../lib/rate-limit.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { authorize } from '../../lib/access.ts';
import { type ClientInfo, securityNotice, Sessions, type SignInResult } from './sessions.ts';
import type { AuthKit } from './auth-kit.ts';
import { HASH_OPTIONS, SignInGuard, signInLimits } from './sign-in-guard.ts';
import { PasswordResets } from './resets.ts';
import { Registrations } from './registrations.ts';
import { EmailChanges } from './email-changes.ts';
import { User } from '../users/user.entity.ts';
import type { Language } from '../../../shared/languages.ts';
import { answerLanguage } from '../../lib/language.ts';
import { signInPageLink } from './mails.ts';
import type { GoogleClient } from './google.ts';
import { RegistrationRequest, registrationView } from './registration-request.entity.ts';
import type { LoginInput } from './auth.inputs.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import type { PasskeyResponse, PasskeySite } from './passkeys.ts';
import { type ChallengeClaims, readChallenge, SIGN_IN_CHALLENGE_SECONDS, signChallenge } from './sign-in-challenge.ts';
import type { TelegramAccount } from '../notifications/notifications.service.ts';
import type { NotifyEvent } from '../notifications/notify.ts';
import {
  readLinkToken,
  signLinkToken,
  TELEGRAM_SIGN_IN_MAX_AGE_SECONDS,
  type TelegramSignInInput,
  telegramIdentity,
  telegramPayloadKey,
} from './telegram-sign-in.ts';

/** Where a request comes from, as a new session records it. */

/** How long after an answer the work that follows it starts (mail, reset links, events). */
const AFTER_ANSWER_DELAY_MS = 20;

/** The state a browser sent is the one its cookie holds (both present). */
function sameState(sent: string | undefined, cookie: string | undefined): boolean {
  if (!sent || !cookie) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
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
  ) {
    this.sessions = new Sessions(deps);
    this.guard = new SignInGuard({ ...deps, pageLink: (path, language) => this.pageLink(path, language) });
    const kit: AuthKit = {
      afterAnswer: (what, work) => this.afterAnswer(what, work),
      limit: (keys, code) => this.limit(keys, code),
      hashPassword: (password) => this.hashPassword(password),
      rememberAddress: (em, userId, ip) => this.guard.rememberAddress(em, userId, ip),
      pageLink: (path, language) => this.pageLink(path, language),
      sessions: this.sessions,
    };
    this.registrations = new Registrations(deps, kit, this.guard);
    this.resets = new PasswordResets(deps, kit);
    this.emailChanges = new EmailChanges(deps, kit);
  }

  /** Known addresses, mailed sign-in codes, the owner told of an attack. */
  private readonly guard: SignInGuard;
  /** Registration requests from the form (the Google sign-in files its own). */
  readonly registrations: Registrations;
  /** Reset links and "This was not me": the way back into an account. */
  readonly resets: PasswordResets;
  /** A new e-mail for the account, confirmed from the new address. */
  readonly emailChanges: EmailChanges;

  /** The sign-ins' sessions: started, listed, ended, and read from a token on every request. */
  readonly sessions: Sessions;

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
  private async limit(keys: string[], code: RateLimitCode) {
    const results = await Promise.all(keys.map((k) => this.deps.limiter.hit(k)));
    if (results.includes(false)) throw failWith(code, { retryAfterSeconds: secondsLeftInMinute() });
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
    const known = !!user && (await this.guard.knownAddress(em, user.id, ip));
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
        if (user) this.afterAnswer('sign-in code', () => this.guard.mailSignInCode(user, client));
        if (!within && counted.length > 1)
          this.afterAnswer('sign-in failures notice', () => this.guard.alertOwner(input.email));
        throw failWith('SIGN_IN_CODE_NEEDED', { next: 'EMAIL_CODE' });
      }
      const tries = await this.guard.codeTry(user?.id ?? input.email, ip, limits);
      if (!tries.allowed) {
        throw failWith('SIGN_IN_CODE_TRIES', { next: 'EMAIL_CODE' });
      }
      codeId = user ? await this.guard.checkSignInCode(em, user.id, input.code) : null;
      if (codeId === null) {
        throw failWith('SIGN_IN_CODE_WRONG', { next: 'EMAIL_CODE' });
      }
      // The right code is no wrong try.
      await Promise.all(tries.counted.map((k) => limiter.undo(k)));
    }
    const ok = user?.passwordHash
      ? await argon2.verify(user.passwordHash, input.password)
      : await this.guard.verifyWithoutAccount(em, input);
    if (!ok || !user) throw fail('SIGN_IN_WRONG');
    // A success is not a failure: its attempt is taken back everywhere.
    await Promise.all(counted.map((k) => limiter.undo(k)));
    await this.secondFactor(em, user, input.secondFactorCode, ip);
    if (codeId !== null) await em.execute('update sign_in_codes set used_at = now() where id = ?', [codeId]);
    await this.guard.rememberAddress(em, user.id, ip);
    return this.sessions.start(em, user, client, 'PASSWORD');
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
      throw fail('TELEGRAM_SIGN_IN_OFF');
    }
    const key = `login:ip:${client.ip}`;
    if (!(await limiter.hit(key, signInLimits(config.rateLimitPerMinute).perAddress))) {
      throw failWith('SIGN_IN_TOO_MANY', { retryAfterSeconds: secondsLeftInMinute() });
    }
    const identity = telegramIdentity(input, config.telegram.token);
    if (!('initData' in input) && !sameState(input.state, stateCookie)) {
      throw fail('TELEGRAM_SIGN_IN_FOREIGN');
    }
    await limiter.undo(key);
    // Once: a payload seen before (on any instance) is refused until it would have expired anyway.
    const once = `telegram-sign-in:${telegramPayloadKey(input)}`;
    if (!(await limiter.claim(once, (TELEGRAM_SIGN_IN_MAX_AGE_SECONDS + 60) * 1000))) {
      throw fail('TELEGRAM_SIGN_IN_REPLAYED');
    }
    const user = await em.findOne(User, { telegramUserId: identity.id });
    if (!user) {
      const { token, claims } = signLinkToken(identity, config.jwtSecret);
      return { linkToken: token, account: { username: claims.username, name: claims.name } };
    }
    // Telegram proves one thing: an account with a second factor asks for it too.
    const asked = await this.askSecondFactor(em, user, 'TELEGRAM');
    if (asked) return asked;
    await this.guard.rememberAddress(em, user.id, client.ip);
    return this.sessions.start(em, user, client, 'TELEGRAM');
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
      message: passkey ? FAILURES.SECOND_FACTOR_ASKED_PASSKEY.message : FAILURES.SECOND_FACTOR_ASKED.message,
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
    if (!user) throw fail('SIGN_IN_CHALLENGE_GONE');
    await this.secondFactor(em, user, input.code, client.ip);
    if (
      !(await this.deps.limiter.claim(`sign-in-challenge:${claims.nonce}`, (SIGN_IN_CHALLENGE_SECONDS + 60) * 1000))
    ) {
      throw fail('SIGN_IN_CHALLENGE_GONE');
    }
    await this.guard.rememberAddress(em, user.id, client.ip);
    return this.sessions.start(em, user, client, claims.method);
  }

  /** A state for the Login Widget's round trip: the REST layer keeps it in a cookie as well. */
  startTelegramSignIn(): { state: string } {
    if (!this.deps.config.telegram.token) {
      throw fail('TELEGRAM_SIGN_IN_OFF');
    }
    return { state: randomBytes(24).toString('base64url') };
  }

  /** What a link token names, for the dialog that asks its owner to confirm (nothing changes). */
  telegramLinkPreview(user: User | null, linkToken: string): { id: number; username: string | null; name: string } {
    authorize(user, 'telegram.preview');
    const claims = readLinkToken(linkToken, this.deps.config.jwtSecret);
    return { id: claims.id, username: claims.username, name: claims.name };
  }

  /**
   * The signed-in owner confirms the Telegram account a sign-in named: linked unless another
   * account has it (the notifications area's link, which tells the owner by mail and Telegram).
   */
  async confirmTelegramLink(em: EntityManager, user: User, linkToken: string): Promise<void> {
    authorize(user, 'telegram.link');
    const link = readLinkToken(linkToken, this.deps.config.jwtSecret);
    const account = { id: link.id, chatId: link.id, username: link.username, language: link.language };
    if (user.telegramUserId === link.id) return;
    if (!(await this.deps.linkTelegram?.(em, user.id, account))) {
      throw fail('TELEGRAM_LINKED_ELSEWHERE');
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
      // What the form offers: the passkey's button when there is one.
      const methods = passkey ? ['PASSKEY', 'TOTP', 'RECOVERY_CODE'] : ['TOTP', 'RECOVERY_CODE'];
      throw failWith(passkey ? 'SECOND_FACTOR_ASKED_PASSKEY' : 'SECOND_FACTOR_ASKED', {
        next: 'SECOND_FACTOR',
        methods,
      });
    }
    if (!(await factors.verify(em, user, code, { ip }))) {
      throw failWith('SECOND_FACTOR_WRONG', { next: 'SECOND_FACTOR' });
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
    await this.limit([`passkey-options:${ip}`], 'SIGN_IN_TOO_MANY');
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
      throw failWith('SIGN_IN_TOO_MANY', { retryAfterSeconds: secondsLeftInMinute() });
    }
    const { userId } = await this.factorsOrFail().passkeys.verifyAuthentication(em, site, response, null);
    await this.deps.limiter.undo(key);
    const user = await em.findOneOrFail(User, { id: userId });
    await this.signedInWithFactor(em, user.id);
    await this.guard.rememberAddress(em, user.id, client.ip);
    return this.sessions.start(em, user, client, 'PASSKEY');
  }

  private factorsOrFail(): SecondFactorService {
    if (!this.deps.secondFactors) throw fail('PASSKEYS_OFF');
    return this.deps.secondFactors;
  }

  /** Google sign-in: the approved user with that verified e-mail, or a new registration request. */
  async googleSignIn(
    em: EntityManager,
    code: string,
    client: ClientInfo,
  ): Promise<SignInResult | SecondFactorAsked | { registrationRequested: true; request: RegistrationRequest }> {
    const { ip } = client;
    // Not a 503: nothing will change by trying again (a disabled feature is a 404 here).
    if (!this.deps.google) throw fail('GOOGLE_SIGN_IN_OFF');
    if (ip) await this.limit([`google:ip:${ip}`], 'GOOGLE_SIGN_INS_TOO_MANY');
    const identity = await this.deps.google.exchange(code);
    const user = await em.findOne(User, { email: identity.email });
    if (user)
      return (await this.askSecondFactor(em, user, 'GOOGLE')) ?? this.sessions.start(em, user, client, 'GOOGLE');
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
        language: answerLanguage(null, client.acceptLanguage),
      });
      await tx.flush();
      emit(topics.registrationRequests(), registrationView(request));
      return { registrationRequested: true as const, request };
    });
  }

  /** A signed-in user's new password: every other session ends. */
  async changePassword(
    em: EntityManager,
    user: User,
    sessionId: string | null,
    input: { currentPassword: string; password: string },
  ): Promise<number> {
    authorize(user, 'password.change');
    const ok = !!user.passwordHash && (await argon2.verify(user.passwordHash, input.currentPassword));
    if (!ok) throw fail('CURRENT_PASSWORD_WRONG');
    const passwordHash = await this.hashPassword(input.password);
    await em.transactional(async (tx) => {
      await tx.execute('update users set password_hash = ?, updated_at = now() where id = ?', [passwordHash, user.id]);
      await securityNotice(this.deps.notify, tx, user, 'passwordChanged', {});
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.password_changed',
        object: { type: 'user', id: user.id },
      });
    });
    this.deps.deliver?.();
    return this.sessions.end(em, { userId: user.id, except: sessionId });
  }
}
