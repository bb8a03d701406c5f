import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, DomainError, ErrorCode, rateLimited, unauthenticated, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../graphql/pubsub.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { plainUser, SessionUsers } from './session-users.ts';
import { User } from '../users/user.entity.ts';
import type { GoogleClient } from './google.ts';
import { PasswordReset } from './password-reset.entity.ts';
import { RegistrationRequest } from './registration-request.entity.ts';
import type { LoginInput, RegistrationInput } from './auth.inputs.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent it a link to reset the password. The link is valid for one hour.';
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the e-mail is unknown, so a miss takes as long as a hit.
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
    },
  ) {}

  hashPassword(password: string) {
    return argon2.hash(password, HASH_OPTIONS);
  }

  /** Closed registration: the request waits for a moderator. */
  /** Counts one attempt under every key; refuses when any key is over the limit. */
  private async limit(keys: string[], message: string) {
    const results = await Promise.all(keys.map((k) => this.deps.limiter.hit(k)));
    if (results.includes(false)) throw rateLimited(message);
  }

  async requestRegistration(em: EntityManager, input: RegistrationInput, ip?: string): Promise<RegistrationRequest> {
    if (ip) await this.limit([`registration:ip:${ip}`], 'Too many registration requests. Wait a minute and try again.');
    const passwordHash = await this.hashPassword(input.password);
    return inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      await this.assertEmailFree(tx, input.email);
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
      emit(topics.registrationRequests(), registrationView(request));
      return request;
    });
  }

  private async assertEmailFree(em: EntityManager, email: string) {
    // Serialises concurrent requests for one e-mail so the checks below cannot race.
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${email}`]);
    if (await em.count(User, { email })) {
      throw conflict('An account with this e-mail already exists. Sign in or reset your password.');
    }
    if (await em.count(RegistrationRequest, { email, status: 'PENDING' })) {
      throw conflict('A registration request with this e-mail is already under review. We will contact you soon.');
    }
  }

  async login(em: EntityManager, input: LoginInput, ip: string): Promise<SignInResult> {
    const [ipOk, emailOk] = await Promise.all([
      this.deps.limiter.hit(`login:ip:${ip}`),
      this.deps.limiter.hit(`login:email:${input.email}`),
    ]);
    if (!ipOk || !emailOk) throw rateLimited('Too many sign-in attempts. Wait a minute and try again.');

    const user = await em.findOne(User, { email: input.email });
    if (!user?.passwordHash) {
      await argon2.verify(await DUMMY_HASH, input.password);
      await this.explainMissingAccount(em, input);
      throw unauthenticated('Incorrect e-mail or password');
    }
    if (!(await argon2.verify(user.passwordHash, input.password))) {
      throw unauthenticated('Incorrect e-mail or password');
    }
    return { accessToken: await this.deps.tokens.issue(user.id, user.tokenVersion), user };
  }

  /** A person whose request is not approved yet learns so, but only with the right password. */
  private async explainMissingAccount(em: EntityManager, input: LoginInput) {
    const request = await em.findOne(RegistrationRequest, { email: input.email }, { orderBy: { createdAt: 'desc' } });
    if (!request?.passwordHash || request.status === 'APPROVED') return;
    if (!(await argon2.verify(request.passwordHash, input.password))) return;
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

  async requestPasswordReset(em: EntityManager, email: string, ip: string): Promise<void> {
    const [ipOk, emailOk] = await Promise.all([
      this.deps.limiter.hit(`reset:ip:${ip}`),
      this.deps.limiter.hit(`reset:email:${email}`),
    ]);
    if (!ipOk || !emailOk) throw rateLimited('Too many reset requests. Wait a minute and try again.');
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
    try {
      await this.deps.mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.name},\n\nOpen this link within one hour to set a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
      });
    } catch (err) {
      // The answer must not reveal whether the account exists, so a mail failure is only logged.
      this.deps.log.error({ err, userId: user.id }, 'password reset mail failed');
    }
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
    if (!this.deps.google) throw new DomainError(ErrorCode.UNAVAILABLE, 'Google sign-in is not configured');
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
