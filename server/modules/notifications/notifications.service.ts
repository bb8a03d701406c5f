import { authorize } from '../../lib/access.ts';
import type { Update } from 'grammy/types';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Language } from '../../../shared/languages.ts';
import { pgIds } from '../../db/columns.ts';
import type { Emit } from '../../db/transaction.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { User } from '../users/user.entity.ts';
import { type TelegramLink, telegramLinkOf } from '../users/telegram-link.ts';
import type { SystemBot } from './bot.ts';
import {
  buttonLabel,
  isNotificationType,
  messageLanguage,
  NOTIFICATION_TYPE_NAMES,
  notMeLine,
  NOTIFICATION_TYPES,
  type TypeDef,
  type NotificationType,
  renderMessage,
} from './messages.ts';
import { NotificationPreference, TelegramLinkToken } from './notification.entity.ts';
import { Delivery } from './delivery.ts';
import type { DeliverySettings, PreferenceView, SettingsView, TelegramAccount } from './notification-views.ts';
import { defaults, recordTelegramLink, telegramAccountName } from './notification-views.ts';
import type { NotifyEvent } from './notify.ts';
import { fail } from '../../failures.ts';

export type { DeliverySettings, PreferenceView, SettingsView, TelegramAccount } from './notification-views.ts';

const LINK_TTL_MS = 10 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a security notice's "This was not me" link works. */
export const NOT_ME_DAYS = 14;

/** A security notice's text with its "This was not me" line. */
const withNotMe = (text: string, token: string | null, language: Language) =>
  token ? `${text}\n\n${notMeLine(language, token)}` : text;

/**
 * Notifications: the outbox written where things happen (`notify`, in their transaction), each
 * user's choices per type and channel, the Telegram link, and delivery. Delivery claims due rows
 * under one advisory lock, so every instance together stays under `perSecond` messages a second
 * and one a second per chat; a row is marked SENT right after its own send.
 */
export class NotificationsService {
  /** Sends the outbox (notifications/delivery.ts). */
  private readonly delivery: Delivery;

  constructor(
    private readonly deps: {
      em: () => EntityManager;
      log: Logger;
      pubsub: PubSub;
      mailer: Mailer;
      bot: SystemBot | null;
      appUrl: () => string;
      delivery: DeliverySettings;
    },
  ) {
    this.delivery = new Delivery({ ...deps, unlink: (em, userId) => this.unlink(em, userId, false) });
  }

  /** Starts a delivery round now (or right after the running one). */
  kick(): void {
    this.delivery.kick();
  }

  /** Sends what is due, round after round while there is some; answers how many were sent. */
  deliverDue(): Promise<number> {
    return this.delivery.deliverDue();
  }

  /** A round when something is due now (the job's tick). */
  deliverIfDue(): Promise<number> {
    return this.delivery.deliverIfDue();
  }

  /** Stops taking new rounds and waits for the running one; the bot stops. */
  async close(): Promise<void> {
    await this.delivery.close();
    await this.deps.bot?.stop();
  }

  get botConfigured() {
    return this.deps.bot !== null;
  }

  /** The system bot for “Sign in with Telegram” (getMe); null when it is off or Telegram cannot be reached. */
  async signInBot(): Promise<{ bot: string; botId: number } | null> {
    const bot = this.deps.bot;
    if (!bot) return null;
    try {
      const me = await bot.me();
      return { bot: me.username, botId: me.id };
    } catch {
      return null;
    }
  }

  /**
   * Writes the messages of these events for the users who want them, in `em`'s transaction (so
   * a rolled-back change tells nobody). With `emit`, delivery starts right after the commit.
   */
  async notify(em: EntityManager, events: NotifyEvent | NotifyEvent[], emit?: Emit): Promise<void> {
    const list = Array.isArray(events) ? events : [events];
    if (!list.length) return;
    const userIds = [...new Set(list.map((e) => e.userId))];
    const users = new Map(
      // The language the account chose comes first; else Telegram's for Telegram.
      (
        await em.execute<{ id: number; chat: string | null; language: string | null; chosen: string | null }[]>(
          `select id, telegram_chat_id as chat, coalesce(language, telegram_language) as language, language as chosen
             from users where id = any(?::int[])`,
          [pgIds(userIds)],
        )
      ).map((u) => [u.id, u]),
    );
    const prefs = await this.preferenceMap(em, userIds);
    const rows: unknown[] = [];
    const notMeLinks: unknown[] = [];
    for (const e of list) {
      const user = users.get(e.userId);
      if (!user) continue;
      const security = (NOTIFICATION_TYPES[e.type] as TypeDef).alwaysOn === true;
      const pref = security ? defaults(e.type) : (prefs.get(`${e.userId}:${e.type}`) ?? defaults(e.type));
      // A security notice carries a one-time "This was not me" link (AuthService.notMe).
      const notMe = security ? randomBytes(24).toString('base64url') : null;
      if (notMe) notMeLinks.push(e.userId, hashToken(notMe));
      const language = messageLanguage(user.language);
      const { text, subject } = renderMessage(e.type, e.params, language);
      if (pref.telegram && user.chat && !e.noTelegram)
        rows.push(e.userId, e.type, e.key, 'TELEGRAM', withNotMe(text, notMe, language), subject, e.path, null);
      // Mail in the language the account chose, else English (the address says nothing of one).
      const answerLanguage = messageLanguage(user.chosen);
      const mail = renderMessage(e.type, e.params, answerLanguage);
      if (pref.email)
        rows.push(
          e.userId,
          e.type,
          e.key,
          'EMAIL',
          withNotMe(mail.text, notMe, answerLanguage),
          mail.subject,
          e.path,
          e.emailTo ?? null,
        );
    }
    if (notMeLinks.length) {
      await em.execute(
        `insert into not_me_links (user_id, token_hash, expires_at)
         values ${Array.from({ length: notMeLinks.length / 2 }, () => `(?, ?, now() + interval '${NOT_ME_DAYS} days')`).join(', ')}`,
        notMeLinks,
      );
    }
    if (!rows.length) return;
    const values = Array.from({ length: rows.length / 8 }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    await em.execute(
      `insert into notifications (user_id, type, event_key, channel, text, subject, path, email_to) values ${values}
       on conflict (user_id, event_key, channel) do nothing`,
      rows,
    );
    emit?.(topics.notificationsDue(), {});
  }

  /**
   * Spends a "This was not me" link: the account it belongs to, or null when it is unknown,
   * expired or was opened already (each link acts once).
   */
  async claimNotMe(em: EntityManager, token: string): Promise<{ userId: number; since: Date } | null> {
    const [row] = await em.execute<{ user_id: number; created_at: Date }[]>(
      `update not_me_links set used_at = now()
        where token_hash = ? and used_at is null and expires_at > now() returning user_id, created_at`,
      [hashToken(token)],
    );
    return row ? { userId: Number(row.user_id), since: new Date(row.created_at) } : null;
  }

  private async preferenceMap(em: EntityManager, userIds: number[]) {
    const rows = await em.find(NotificationPreference, { userId: { $in: userIds } });
    return new Map(rows.map((r) => [`${r.userId}:${r.type}`, r]));
  }

  /** Every type this user can get, with their choice or the default. */
  async preferences(em: EntityManager, user: User): Promise<PreferenceView[]> {
    const prefs = await this.preferenceMap(em, [user.id]);
    return NOTIFICATION_TYPE_NAMES.filter(
      (type) =>
        (user.isModerator || NOTIFICATION_TYPES[type].group !== 'MODERATION') &&
        (user.isFinance || NOTIFICATION_TYPES[type].group !== 'FINANCE'),
    ).map((type) => {
      const pref = prefs.get(`${user.id}:${type}`) ?? defaults(type);
      const def = NOTIFICATION_TYPES[type];
      return {
        type,
        group: def.group,
        label: def.label,
        telegram: pref.telegram,
        email: pref.email,
        alwaysOn: (def as TypeDef).alwaysOn === true,
      };
    });
  }

  /**
   * The Notifications page: the bot, the linked account (from the session's user row), the
   * choices (read, unless just written: `preferences`).
   */
  async settings(em: EntityManager, user: User, preferences?: PreferenceView[]): Promise<SettingsView> {
    return {
      telegramConfigured: this.botConfigured,
      telegram: telegramLinkOf(user),
      preferences: preferences ?? (await this.preferences(em, user)),
    };
  }

  async setPreferences(
    em: EntityManager,
    user: User,
    changes: { type: string; telegram?: boolean; email?: boolean }[],
  ): Promise<PreferenceView[]> {
    authorize(user, 'notifications.choose');
    const current = new Map((await this.preferences(em, user)).map((p) => [p.type, p]));
    for (const change of changes) {
      if (!isNotificationType(change.type) || !current.has(change.type)) {
        throw fail('UNKNOWN_NOTIFICATION_TYPE', { type: change.type });
      }
      if (current.get(change.type)!.alwaysOn && (change.telegram === false || change.email === false)) {
        throw fail('SECURITY_NOTICE_IT_ALWAYS_GOES', { label: NOTIFICATION_TYPES[change.type].label });
      }
    }
    await em.transactional(async (tx) => {
      for (const change of changes) {
        const now = current.get(change.type as NotificationType)!;
        const next = { ...now, telegram: change.telegram ?? now.telegram, email: change.email ?? now.email };
        await tx.upsert(NotificationPreference, {
          userId: user.id,
          type: change.type,
          telegram: next.telegram,
          email: next.email,
        });
        current.set(next.type, next);
      }
    });
    return [...current.values()];
  }

  // ── The Telegram link ──────────────────────────────────────────────────────────────────────

  /** A one-time `/start` link to the bot for this user, valid 10 minutes. */
  async startLink(em: EntityManager, user: User): Promise<{ url: string; expiresAt: Date }> {
    // Whoever presses Start on the link gets this account's Telegram sign-in: a fresh proof first.
    authorize(user, 'telegram.link');
    const bot = this.deps.bot;
    if (!bot) throw fail('TELEGRAM_BOT_OFF');
    let username: string;
    try {
      username = (await bot.me()).username;
    } catch {
      throw fail('TELEGRAM_UNREACHABLE_NOW');
    }
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + LINK_TTL_MS);
    em.create(TelegramLinkToken, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    await em.flush();
    return { url: `https://t.me/${username}?start=${token}`, expiresAt };
  }

  /**
   * `/start <token>` from Telegram user `from` in chat `chatId`: a valid token is used up and
   * links its user, unless another account has that Telegram account (then nothing changes and
   * the token stays good: its user can unlink the other account first).
   */
  async link(
    token: string,
    from: { id: number; username?: string; language_code?: string },
    chatId: number,
  ): Promise<{ ok: true; name: string } | { ok: false; reason: 'expired' | 'taken' }> {
    const account = { id: from.id, chatId, username: from.username ?? null, language: from.language_code ?? null };
    const result = await this.deps.em().transactional(async (tx) => {
      const [row] = await tx.execute<{ id: number; user_id: number }[]>(
        `select id, user_id from telegram_link_tokens
         where token_hash = ? and used_at is null and expires_at > now() for update`,
        [hashToken(token)],
      );
      if (!row) return { ok: false, reason: 'expired' } as const;
      const attached = await this.attach(tx, row.user_id, account);
      if (!attached) return { ok: false, reason: 'taken' } as const;
      await tx.execute('update telegram_link_tokens set used_at = now() where id = ?', [row.id]);
      await recordTelegramLink(tx, row.user_id, 'account.telegram_linked', account, attached.replaced);
      const [user] = await tx.execute<{ email: string }[]>('select email from users where id = ?', [row.user_id]);
      // By e-mail: in Telegram the bot's answer says so.
      await this.tellLink(tx, row.user_id, 'telegramLinked', account, true);
      return { ok: true, name: user.email, userId: row.user_id, replaced: attached.replaced } as const;
    });
    if (!result.ok) return result;
    this.kick();
    this.tellReplaced(result.userId, result.replaced);
    await this.publishLink(
      result.userId,
      telegramLinkOf({ telegramUserId: account.id, telegramUsername: account.username }),
    );
    return { ok: true, name: result.name };
  }

  /**
   * Links a Telegram account to `userId` unless another user has it (a sign-in with Telegram
   * that found no account, then a password sign-in); the dashboard hears of it. True if linked.
   */
  async linkAccount(em: EntityManager, userId: number, account: TelegramAccount): Promise<boolean> {
    const linked = await em.transactional(async (tx) => {
      const attached = await this.attach(tx, userId, account);
      if (attached) {
        await this.tellLink(tx, userId, 'telegramLinked', account);
        await recordTelegramLink(tx, userId, 'account.telegram_linked', account, attached.replaced);
      }
      return attached;
    });
    if (!linked) return false;
    this.kick();
    this.tellReplaced(userId, linked.replaced);
    await this.publishLink(userId, telegramLinkOf({ telegramUserId: account.id, telegramUsername: account.username }));
    return true;
  }

  /**
   * The link itself, which writes nothing when another user has the account. A Telegram account
   * it replaces hears of it in its chat once this commits (`replaced`): the owner's old chat,
   * not only the new one, learns that another Telegram now signs in to the account.
   */
  private async attach(
    em: EntityManager,
    userId: number,
    account: TelegramAccount,
  ): Promise<{ replaced: TelegramAccount | null } | null> {
    const [before] = await em.execute<
      { id: string | null; chat: string | null; username: string | null; language: string | null }[]
    >(
      `select telegram_user_id as id, telegram_chat_id as chat, telegram_username as username, telegram_language as language
         from users where id = ? for update`,
      [userId],
    );
    const linked = await em.execute(
      `update users set telegram_user_id = ?, telegram_chat_id = ?, telegram_username = ?, telegram_language = ?,
              telegram_linked_at = now()
        where id = ? and not exists (select 1 from users o where o.telegram_user_id = ? and o.id <> ?) returning id`,
      [account.id, account.chatId, account.username, account.language, userId, account.id, userId],
    );
    if (!linked.length) return null;
    const replaced =
      before?.id && Number(before.id) !== account.id && before.chat
        ? { id: Number(before.id), chatId: Number(before.chat), username: before.username, language: before.language }
        : null;
    return { replaced };
  }

  /** A Telegram account a committed link replaced hears of it in its chat. */
  private tellReplaced(userId: number, replaced: TelegramAccount | null) {
    if (replaced) void this.tellChat(userId, replaced.chatId, replaced.language, replaced);
  }

  /**
   * Ends the Telegram link. The owner is told by e-mail, and the chat that was linked in
   * Telegram too (`tellChat`: not when the chat blocked the bot).
   */
  /** The owner unlinks their Telegram account (a fresh proof: a thief must not cut the owner's channel). */
  async unlinkOwn(em: EntityManager, user: User): Promise<void> {
    authorize(user, 'telegram.unlink');
    await this.unlink(em, user.id);
  }

  async unlink(em: EntityManager, userId: number, tellChat = true): Promise<void> {
    const was = await em.transactional((tx) => this.unlinkIn(tx, userId));
    await this.publishLink(userId, null);
    if (!was) return;
    this.kick();
    if (tellChat && was.chatId) await this.tellChat(userId, was.chatId, was.language, was);
  }

  /** The unlink in `em`'s transaction: the account that was linked, if one was. */
  private async unlinkIn(em: EntityManager, userId: number): Promise<TelegramAccount | null> {
    const [before] = await em.execute<
      { id: string | null; chat: string | null; username: string | null; language: string | null }[]
    >(
      `select u.telegram_user_id as id, u.telegram_chat_id as chat, u.telegram_username as username, u.telegram_language as language
         from users u where u.id = ? for update`,
      [userId],
    );
    await em.execute(
      `update users set telegram_user_id = null, telegram_chat_id = null, telegram_username = null where id = ?`,
      [userId],
    );
    // What was waiting for that chat will not go anywhere now.
    await em.execute(
      `update notifications set state = 'SKIPPED', error = 'Telegram unlinked'
       where user_id = ? and channel = 'TELEGRAM' and state in ('PENDING', 'SENDING')`,
      [userId],
    );
    if (!before?.id) return null;
    const account = {
      id: Number(before.id),
      chatId: Number(before.chat),
      username: before.username,
      language: before.language,
    };
    await this.tellLink(em, userId, 'telegramUnlinked', account);
    await recordTelegramLink(em, userId, 'account.telegram_unlinked', account, null);
    return account;
  }

  /** The security notice of a link or an unlink, in `em`'s transaction (always on: notify). */
  private async tellLink(
    em: EntityManager,
    userId: number,
    type: 'telegramLinked' | 'telegramUnlinked',
    account: TelegramAccount,
    noTelegram = false,
  ): Promise<void> {
    const [user] = await em.execute<{ email: string }[]>('select email from users where id = ?', [userId]);
    if (!user) return;
    await this.notify(em, {
      userId,
      type,
      key: `${type}:${account.id}:${Date.now()}:${randomBytes(4).toString('hex')}`,
      params: { account: telegramAccountName(account), email: user.email },
      path: '/notifications',
      noTelegram,
    });
  }

  /** The unlinked chat hears of it from the bot (it gets nothing from the outbox any more). */
  private async tellChat(userId: number, chatId: number, language: string | null, account: TelegramAccount) {
    const bot = this.deps.bot;
    if (!bot) return;
    try {
      const [user] = await this.deps
        .em()
        .execute<{ email: string }[]>('select email from users where id = ?', [userId]);
      const lang = messageLanguage(language);
      const { text } = renderMessage(
        'telegramUnlinked',
        { account: telegramAccountName(account), email: user?.email ?? '' },
        lang,
      );
      await bot.send(chatId, text, { label: buttonLabel('telegramUnlinked', lang), path: '/notifications' });
    } catch (err) {
      this.deps.log.warn({ err, userId }, 'notifications: the unlinked chat could not be told');
    }
  }

  /** `/stop` or a blocked bot: unlinks whoever has this Telegram account. */
  async unlinkTelegram(telegramUserId: number): Promise<boolean> {
    const em = this.deps.em();
    const user = await em.findOne(User, { telegramUserId });
    if (!user) return false;
    // The chat said /stop or blocked the bot: the bot's own answer (or nothing) is what it gets.
    await this.unlink(em, user.id, false);
    return true;
  }

  async isLinked(telegramUserId: number): Promise<boolean> {
    return (await this.deps.em().count(User, { telegramUserId })) > 0;
  }

  private publishLink(userId: number, link: TelegramLink | null) {
    return this.deps.pubsub.publish(topics.telegramLink(userId), { telegram: link }).catch(() => {});
  }

  /** An update from the webhook, for the bot (ignored when the bot is not configured). */
  async handleUpdate(update: Update): Promise<void> {
    await this.deps.bot?.handleUpdate(update);
  }
}
