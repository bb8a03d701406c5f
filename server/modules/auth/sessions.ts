import { randomInt, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { SESSIONS_ENDED_CHANNEL } from '../../db/listen.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { authorize, sessionActor } from '../../lib/access.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { NotifyEvent } from '../notifications/notify.ts';
import { User } from '../users/user.entity.ts';
import { plainUser, SessionUsers } from './session-users.ts';
import { Session, type SIGN_IN_METHODS } from './session.entity.ts';

/** A session's last-seen time (and address) is written at most this often. */
const SESSION_SEEN_EVERY_MS = 5 * 60_000;

/** Where a request comes from, as a new session records it. */
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

export interface SignInResult {
  accessToken: string;
  user: User;
  sessionId: string;
}

/** A security notice to the user (always on: mail, and Telegram when linked). */
export async function securityNotice(
  notify: ((em: EntityManager, event: NotifyEvent) => Promise<void>) | undefined,
  em: EntityManager,
  user: { id: number; email: string },
  type: 'passwordChanged' | 'signInNew',
  params: Record<string, string>,
): Promise<void> {
  await notify?.(em, {
    userId: user.id,
    type,
    key: `${type}:${Date.now()}:${randomInt(1e9)}`,
    params: { email: user.email, ...params },
    path: '/',
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
export class Sessions {
  private readonly sessionUsers = new SessionUsers();
  /** When this instance last wrote each session's last-seen time. */
  private readonly seenWritten = new Map<string, number>();

  constructor(
    private readonly deps: {
      config: Config;
      pubsub: PubSub;
      tokens: TokenService;
      log: Logger;
      /** Security notices (the notifications area), in the change's transaction, and their delivery. */
      notify?: (em: EntityManager, event: NotifyEvent) => Promise<void>;
      deliver?: () => void;
    },
  ) {}

  /** A new session for `user`, and its token. */
  async start(
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
    // One pass over the account's sessions.
    const [seen] = await em.execute<{ before: boolean; address: boolean | null; agents: (string | null)[] | null }[]>(
      `select count(*) > 0 as before, bool_or(ip = ? or last_ip = ?) as address,
              array_agg(distinct user_agent) as agents
         from sessions where user_id = ?`,
      [client.ip, client.ip, user.id],
    );
    if (!seen?.before) return;
    const knownDevice = (seen.agents ?? []).some((agent) => deviceOf(agent ?? undefined) === device);
    if (seen.address && knownDevice) return;
    await securityNotice(this.deps.notify, em, user, 'signInNew', {
      device,
      ip: client.ip,
      method: { PASSWORD: 'password', GOOGLE: 'Google', TELEGRAM: 'Telegram', PASSKEY: 'a passkey' }[method],
    });
    this.deps.deliver?.();
  }

  /** The sessions that stand, newest use first. */
  async list(em: EntityManager, userId: number, currentId: string | null): Promise<SessionView[]> {
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
  async end(em: EntityManager, which: { userId: number; id?: string; except?: string | null }) {
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

  /** Signing out: the session the request came with ends. */
  async signOut(em: EntityManager, user: User | null, current: string | null): Promise<void> {
    authorize(user, 'session.endThis');
    if (current) await this.end(em, { userId: user!.id, id: current });
  }

  /**
   * A signed-in user ends sessions of their own: this one (signing out) as it is; another one, or
   * all of them, with a fresh proof (a stolen token must not sign its owner out everywhere).
   */
  async endOwn(
    em: EntityManager,
    user: User,
    current: string | null,
    which: { id: string } | { all: true },
  ): Promise<number> {
    authorize(user, 'id' in which && which.id === current ? 'session.endThis' : 'session.endOthers');
    return this.end(em, { userId: user.id, ...('id' in which ? { id: which.id } : {}) });
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
    return { user: sessionActor(user, this.deps.config), sessionId: session.sessionId };
  }

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
        user: sessionActor(plainUser<User>(session.row.user), this.deps.config),
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
    return row ? sessionActor(plainUser<User>(row.user), this.deps.config) : null;
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
