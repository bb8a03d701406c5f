import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, type Context, GrammyError, HttpError, InlineKeyboard } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { Logger } from 'pino';
import { botText, messageLanguage } from './messages.ts';

/** What the bot asks of the notifications service when a user writes to it. */
export interface BotHandlers {
  /** `/start <token>`: link the sender to the account that made the token. */
  link(
    token: string,
    from: { id: number; username?: string; language_code?: string },
    chatId: number,
  ): Promise<{ ok: true; name: string } | { ok: false; reason: 'expired' | 'taken' }>;
  /** `/stop`, or the user blocked the bot: unlink whoever has this Telegram account. */
  unlink(telegramUserId: number): Promise<boolean>;
  /** Whether the Telegram account is linked (so `/settings` knows what to say). */
  isLinked(telegramUserId: number): Promise<boolean>;
}

export interface SystemBotOptions {
  token: string;
  apiUrl: string;
  /** The dashboard's address: the menu button and message buttons open it as a Mini App when it is https. */
  appUrl: () => string;
  log: Logger;
  handlers: BotHandlers;
  /** Known ahead (tests, the fake): skips getMe. */
  botInfo?: UserFromGetMe;
}

export type SendResult = { ok: true } | { ok: false; blocked: boolean; retry: boolean; error: string };

/** A Telegram token, as `/start` carries it: up to 64 characters of A-Za-z0-9_-. */
const START_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The system bot on grammY: commands (`/start [token]`, `/settings`, `/stop`), a blocked bot
 * seen as `my_chat_member` → unlink, and sending the notifications. Every Bot API call goes
 * through auto-retry (a 429's `retry_after` is waited, up to a minute, three times) and the throttler (under 30 messages a second, one a second per chat in this
 * process; the outbox's claim keeps the same limits across instances).
 */
export class SystemBot {
  readonly bot: Bot;
  private ready: Promise<void> | null = null;
  private polling = false;

  constructor(private readonly opts: SystemBotOptions) {
    this.bot = new Bot(opts.token, { client: { apiRoot: opts.apiUrl }, botInfo: opts.botInfo });
    // 429s are waited here; network errors and 5xx come back at once, for the outbox to retry
    // later (a send must not hang while Telegram is away).
    this.bot.api.config.use(
      autoRetry({
        maxRetryAttempts: 3,
        maxDelaySeconds: 60,
        rethrowHttpErrors: true,
        rethrowInternalServerErrors: true,
      }),
    );
    this.bot.api.config.use(apiThrottler());
    this.commands();
    this.bot.catch((err) => opts.log.error({ err: err.error }, 'telegram bot: an update failed'));
  }

  /** getMe once (the bot's username for links); retried on the next call after a failure. */
  init(): Promise<void> {
    this.ready ??= this.bot.init().catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  /** The bot as getMe answers it: its id and username (for links and the sign-in button). */
  async me(): Promise<{ id: number; username: string }> {
    await this.init();
    return { id: this.bot.botInfo.id, username: this.bot.botInfo.username };
  }

  /** A button that opens `path` of the dashboard: as a Mini App over https, a plain link otherwise. */
  button(label: string, path: string): InlineKeyboard {
    const url = `${this.opts.appUrl()}${path}`;
    return url.startsWith('https://') ? new InlineKeyboard().webApp(label, url) : new InlineKeyboard().url(label, url);
  }

  async send(chatId: number, text: string, button: { label: string; path: string }): Promise<SendResult> {
    try {
      await this.bot.api.sendMessage(chatId, text, {
        reply_markup: this.button(button.label, button.path),
        link_preview_options: { is_disabled: true },
      });
      return { ok: true };
    } catch (err) {
      if (err instanceof GrammyError) {
        const blocked = err.error_code === 403;
        // 429 after auto-retry gave up, and 5xx: later. Other 4xx will not change.
        const retry = err.error_code === 429 || err.error_code >= 500;
        return { ok: false, blocked, retry, error: `${err.error_code} ${err.description}` };
      }
      const message = err instanceof HttpError ? 'Telegram is unreachable' : (err as Error).message;
      return { ok: false, blocked: false, retry: true, error: message };
    }
  }

  /**
   * An update from the webhook. A handler that fails is logged and the update answered as
   * handled: Telegram would otherwise resend it again and again. Not knowing the bot yet
   * (getMe failed: Telegram away) throws, so Telegram resends it later.
   */
  async handleUpdate(update: Update): Promise<void> {
    await this.init();
    try {
      await this.bot.handleUpdate(update);
    } catch (err) {
      this.opts.log.error({ err, updateId: update.update_id }, 'telegram bot: an update failed');
    }
  }

  /**
   * Where updates come from: the webhook (`setWebhook` to `webhookUrl` with the secret, when the
   * dashboard has a public address) or long polling (grammY's `bot.start`, one instance only).
   */
  async launch(mode: 'webhook' | 'polling', webhook?: { url: string; secret: string }): Promise<void> {
    await this.init();
    const menuUrl = this.opts.appUrl();
    await this.bot.api
      .setMyCommands([
        { command: 'start', description: 'Open the dashboard or link this chat' },
        { command: 'settings', description: 'Choose your notifications' },
        { command: 'stop', description: 'Turn notifications off' },
      ])
      .catch((err) => this.opts.log.warn({ err: String(err) }, 'telegram bot: setMyCommands failed'));
    if (menuUrl.startsWith('https://')) {
      await this.bot.api
        .setChatMenuButton({ menu_button: { type: 'web_app', text: 'Dashboard', web_app: { url: menuUrl } } })
        .catch((err) => this.opts.log.warn({ err: String(err) }, 'telegram bot: setChatMenuButton failed'));
    }
    if (mode === 'webhook' && webhook) {
      await this.bot.api.setWebhook(webhook.url, {
        secret_token: webhook.secret,
        allowed_updates: ['message', 'my_chat_member', 'chat_member'],
      });
      return;
    }
    if (mode === 'polling') {
      this.polling = true;
      // Resolves when polling stops; errors (another instance polling: 409) are logged, not thrown.
      void this.bot
        .start({ drop_pending_updates: false, allowed_updates: ['message', 'my_chat_member'] })
        .catch((err) => this.opts.log.error({ err: String(err) }, 'telegram bot: long polling stopped'));
    }
  }

  async stop(): Promise<void> {
    if (this.polling) await this.bot.stop().catch(() => {});
  }

  private commands() {
    const { handlers } = this.opts;
    const text = (ctx: Context) => botText(messageLanguage(ctx.from?.language_code));
    const dashboard = (ctx: Context, path = '/') => this.button(text(ctx).openDashboard, path);
    this.bot.command('start', async (ctx) => {
      const t = text(ctx);
      const token = ctx.match.trim();
      if (!token || !ctx.from) {
        await ctx.reply(t.welcome, { reply_markup: dashboard(ctx) });
        return;
      }
      const result = START_TOKEN.test(token)
        ? await handlers.link(token, ctx.from, ctx.chat.id)
        : ({ ok: false, reason: 'expired' } as const);
      if (result.ok) await ctx.reply(t.linked(result.name), { reply_markup: dashboard(ctx, '/notifications') });
      else await ctx.reply(result.reason === 'taken' ? t.taken : t.expired);
    });
    this.bot.command('settings', async (ctx) => {
      const t = text(ctx);
      const linked = ctx.from ? await handlers.isLinked(ctx.from.id) : false;
      await ctx.reply(linked ? t.settings : t.notLinked, {
        reply_markup: this.button(t.openSettings, '/notifications'),
      });
    });
    this.bot.command('stop', async (ctx) => {
      if (ctx.from) await handlers.unlink(ctx.from.id);
      await ctx.reply(text(ctx).stopped);
    });
    // The user blocked the bot (or unblocked it): blocked means unlinked, as the issue asks.
    this.bot.on('my_chat_member', async (ctx) => {
      const status = ctx.myChatMember.new_chat_member.status;
      if (ctx.chat.type === 'private' && (status === 'kicked' || status === 'left')) {
        await handlers.unlink(ctx.myChatMember.from.id);
      }
    });
  }
}
