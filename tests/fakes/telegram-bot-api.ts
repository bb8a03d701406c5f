import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of one pixel in the given colour (RGBA), built byte by byte. */
export function onePixelPng(rgba: [number, number, number, number] = [34, 158, 217, 255]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // interlace
  const scanline = Buffer.from([0, ...rgba]); // filter byte "none", then the pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Who presses Start on the fake's t.me link (the simulator's demo). */
const DEMO_USER: FakeTelegramUser = { id: 424242, first_name: 'Demo', username: 'demo_user', language_code: 'en' };

export type FakeChatType = 'private' | 'group' | 'supergroup' | 'channel';

export interface FakeChat {
  /** Without the `@`. Looked up case-insensitively, as Telegram does. */
  username: string;
  type: FakeChatType;
  title?: string;
  /** For private chats (users and bots). */
  firstName?: string;
  /** Give the chat a profile photo (a real PNG served through getFile and the file URL). */
  photo?: boolean;
  id?: number;
}

export type FakeMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface FakeBotApiCall {
  method: string;
  params: Record<string, unknown>;
}

/** A message the bot sent (sendMessage), as the fake received it. */
export interface FakeSentMessage {
  messageId: number;
  chatId: number;
  text: string;
  /** The inline keyboard's buttons, flattened: label and the URL or Mini App URL. */
  buttons: { text: string; url?: string; webAppUrl?: string }[];
  /** Milliseconds since the epoch when the fake accepted it. */
  at: number;
}

/** A user of the fake Telegram (who writes to the bot). */
export interface FakeTelegramUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface FakeBotApi {
  /** The Bot API base URL, e.g. http://127.0.0.1:1234 (what TELEGRAM_API_URL takes). */
  url: string;
  /** The only token the fake accepts. */
  token: string;
  /** The fake system bot (what getMe answers). */
  bot: { id: number; is_bot: true; first_name: string; username: string };
  /** The PNG bytes served for every chat photo. */
  photoBytes: Buffer;
  /** Every Bot API method call that carried the right token, in order. */
  calls: FakeBotApiCall[];
  /** Every file download (file_path) that carried the right token, in order. */
  downloads: string[];
  /** Requests refused because of a wrong token (path as requested). */
  rejected: string[];
  /** Adds or replaces a chat that getChat can find by `@username`. */
  setChat(chat: FakeChat): void;
  /** Whether the system bot is an administrator of the chat `@username`. */
  setAdmin(username: string, isAdmin: boolean): void;
  /**
   * What getChatMember answers for user `userId` in the chat `@username` ('member', 'left',
   * 'kicked', 'restricted' with `isMember`…); null forgets it. A user never set is unknown to
   * the chat: getChatMember fails with "user not found", as before.
   */
  setMember(username: string, userId: number, status: FakeMemberStatus | null, opts?: { isMember?: boolean }): void;
  callsOf(method: string): FakeBotApiCall[];
  /** Every message the bot sent, in order. */
  messages: FakeSentMessage[];
  /** Messages sent to one chat. */
  messagesTo(chatId: number): FakeSentMessage[];
  /** Answers sendMessage refused with 429 (too many requests), and how many. */
  throttled: number;
  /** The webhook set with setWebhook (null after deleteWebhook or never set). */
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | null;
  /** The user blocked the bot: sendMessage to their chat answers 403 (true) or works again (false). */
  block(chatId: number, blocked?: boolean): void;
  /** The next `count` calls of `method` fail with this answer (e.g. 429 with retry_after, or 500). */
  failNext(method: string, count: number, error: { code: number; description: string; retryAfter?: number }): void;
  /**
   * A user writes `text` to the bot in their private chat (chat id = user id): queued for
   * getUpdates, and returned so a test can post it to a webhook instead.
   */
  userWrites(user: FakeTelegramUser, text: string): Record<string, unknown>;
  /** The user blocked (kicked) the bot: a my_chat_member update, queued and returned. */
  userBlocks(user: FakeTelegramUser): Record<string, unknown>;
  reset(): void;
  close(): Promise<void>;
}

interface StoredChat extends FakeChat {
  id: number;
}

/**
 * A local Telegram Bot API speaking its HTTP protocol: `POST /bot<token>/<method>` with JSON,
 * form or query parameters, answering `{ ok: true, result }` or
 * `{ ok: false, error_code, description }`, and files at `GET /file/bot<token>/<file_path>`.
 * Implements getMe, getChat, getChatMember, getFile, sendMessage (inline keyboards, 403 for a
 * user who blocked the bot, Telegram's flood limits as 429 with retry_after when `limits` is
 * set), setWebhook/deleteWebhook, getUpdates (long polling; 409 while a webhook is set),
 * setMyCommands and setChatMenuButton; `failNext` makes any method fail (429, 500…).
 */
export async function startFakeBotApi(
  options: {
    botUsername?: string;
    chats?: FakeChat[];
    admins?: string[];
    /** A fixed port and token (the simulator's, which a server is started with); random otherwise. */
    port?: number;
    token?: string;
    /** Every `@username` asked about is a public channel (the simulator does not know them in advance). */
    anyChannel?: boolean;
    /**
     * Telegram's limits, answered with 429 and retry_after as Telegram does: more than
     * `perSecond` messages in a second, or two to one chat within `perChatMs`. Off by default.
     */
    limits?: { perSecond: number; perChatMs: number };
    /** Told of every message the bot sends (the simulator prints them). */
    onMessage?: (m: FakeSentMessage) => void;
  } = {},
): Promise<FakeBotApi> {
  const botId = options.token
    ? Number(options.token.split(':')[0])
    : 7_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const token = options.token ?? `${botId}:AA${randomBytes(24).toString('base64url')}`;
  const bot = {
    id: botId,
    is_bot: true as const,
    first_name: 'Fake System Bot',
    username: options.botUsername ?? 'fake_system_bot',
  };
  const photoBytes = onePixelPng();
  const chats = new Map<string, StoredChat>();
  const admins = new Set<string>();
  // `${chat}:${userId}` → the member's status in that chat.
  const members = new Map<string, { status: FakeMemberStatus; isMember?: boolean }>();
  const files = new Map<string, { path: string; bytes: Buffer }>();
  const calls: FakeBotApiCall[] = [];
  const downloads: string[] = [];
  const rejected: string[] = [];
  let nextChatId = 1_000_000_000_000;
  const messages: FakeSentMessage[] = [];
  const blocked = new Set<number>();
  const failures = new Map<
    string,
    { count: number; error: { code: number; description: string; retryAfter?: number } }
  >();
  const updates: Record<string, unknown>[] = [];
  const updateWaiters = new Set<() => void>();
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let throttled = 0;
  let webhook: FakeBotApi['webhook'] = null;

  const key = (username: string) => username.replace(/^@/, '').toLowerCase();

  function setChat(chat: FakeChat) {
    const id = chat.id ?? (chat.type === 'private' ? nextChatId++ % 1_000_000_000 : -nextChatId++);
    chats.set(key(chat.username), { ...chat, id });
    if (chat.photo) {
      for (const size of ['small', 'big']) {
        files.set(`photo_${size}_${key(chat.username)}`, {
          path: `profile_photos/${key(chat.username)}_${size}.png`,
          bytes: photoBytes,
        });
      }
    }
  }
  for (const chat of options.chats ?? []) setChat(chat);
  for (const name of options.admins ?? []) admins.add(key(name));

  class BotApiError extends Error {
    constructor(
      readonly code: number,
      readonly description: string,
      readonly retryAfter?: number,
    ) {
      super(description);
    }
  }

  function buttonsOf(markup: unknown): FakeSentMessage['buttons'] {
    const parsed = typeof markup === 'string' ? JSON.parse(markup) : markup;
    const rows = (parsed as { inline_keyboard?: Record<string, unknown>[][] } | undefined)?.inline_keyboard ?? [];
    return rows.flat().map((b) => ({
      text: String(b.text),
      ...(typeof b.url === 'string' ? { url: b.url } : {}),
      ...(b.web_app ? { webAppUrl: String((b.web_app as { url: string }).url) } : {}),
    }));
  }

  /** Telegram's flood control, when `limits` is set: 429 with the seconds to wait. */
  function checkLimits(chatId: number, now: number) {
    const limits = options.limits;
    if (!limits) return;
    const lastSecond = messages.filter((m) => m.at > now - 1000);
    const lastToChat = lastSecond.filter((m) => m.chatId === chatId).at(-1);
    if (lastSecond.length >= limits.perSecond || (lastToChat && now - lastToChat.at < limits.perChatMs)) {
      throttled++;
      throw new BotApiError(429, 'Too Many Requests: retry after 1', 1);
    }
  }

  function queueUpdate(update: Record<string, unknown>) {
    const full = { update_id: nextUpdateId++, ...update };
    updates.push(full);
    for (const wake of updateWaiters) wake();
    return full;
  }

  function privateChat(user: FakeTelegramUser) {
    return {
      id: user.id,
      type: 'private',
      first_name: user.first_name,
      ...(user.username ? { username: user.username } : {}),
    };
  }

  function findChat(chatId: unknown): StoredChat {
    if (chatId === undefined || chatId === null || chatId === '') {
      throw new BotApiError(400, 'Bad Request: chat_id is empty');
    }
    const text = String(chatId);
    const found = text.startsWith('@') ? chats.get(key(text)) : [...chats.values()].find((c) => String(c.id) === text);
    // Any channel, as the simulator's players need; not a bot's name: the real Bot API does not
    // answer getChat for a bot it never talked to (a name ending in "bot" is one).
    if (!found && options.anyChannel && text.startsWith('@') && !/bot$/i.test(text)) {
      setChat({ username: key(text), type: 'channel', title: key(text) });
      return chats.get(key(text))!;
    }
    if (!found) throw new BotApiError(400, 'Bad Request: chat not found');
    return found;
  }

  function chatResult(chat: StoredChat) {
    return {
      id: chat.id,
      type: chat.type,
      ...(chat.type === 'private'
        ? { first_name: chat.firstName ?? chat.username, username: chat.username }
        : { title: chat.title ?? chat.username, username: chat.username }),
      ...(chat.photo
        ? {
            photo: {
              small_file_id: `photo_small_${key(chat.username)}`,
              small_file_unique_id: `us_${key(chat.username)}`,
              big_file_id: `photo_big_${key(chat.username)}`,
              big_file_unique_id: `ub_${key(chat.username)}`,
            },
          }
        : {}),
    };
  }

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    getMe: () => ({
      ...bot,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    }),
    getChat: (params) => chatResult(findChat(params.chat_id)),
    getChatMember: (params) => {
      const chat = findChat(params.chat_id);
      const userId = Number(params.user_id);
      if (!Number.isInteger(userId) || userId <= 0)
        throw new BotApiError(400, 'Bad Request: invalid user_id specified');
      if (userId !== bot.id) {
        const member = members.get(`${key(chat.username)}:${userId}`);
        if (!member) throw new BotApiError(400, 'Bad Request: user not found');
        const user = { id: userId, is_bot: false, first_name: `Player ${userId}` };
        if (member.status === 'restricted') {
          return { status: 'restricted', user, is_member: member.isMember ?? false, until_date: 0 };
        }
        if (member.status === 'kicked') return { status: 'kicked', user, until_date: 0 };
        return { status: member.status, user };
      }
      if (admins.has(key(chat.username))) {
        return {
          status: 'administrator',
          user: bot,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_invite_users: true,
        };
      }
      return { status: 'left', user: bot };
    },
    sendMessage: (params) => {
      const chatId = Number(params.chat_id);
      if (!Number.isSafeInteger(chatId)) throw new BotApiError(400, 'Bad Request: chat not found');
      const text = String(params.text ?? '');
      if (!text.trim()) throw new BotApiError(400, 'Bad Request: message text is empty');
      if (text.length > 4096) throw new BotApiError(400, 'Bad Request: message is too long');
      if (blocked.has(chatId)) throw new BotApiError(403, 'Forbidden: bot was blocked by the user');
      const now = Date.now();
      checkLimits(chatId, now);
      const message = { messageId: nextMessageId++, chatId, text, buttons: buttonsOf(params.reply_markup), at: now };
      messages.push(message);
      options.onMessage?.(message);
      return {
        message_id: message.messageId,
        date: Math.floor(now / 1000),
        chat: { id: chatId, type: 'private' },
        from: bot,
        text,
        ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
      };
    },
    setWebhook: (params) => {
      const url = String(params.url ?? '');
      if (url && !/^https?:\/\//.test(url)) throw new BotApiError(400, 'Bad Request: bad webhook: invalid URL');
      const allowed =
        typeof params.allowed_updates === 'string' ? JSON.parse(params.allowed_updates) : params.allowed_updates;
      webhook = url
        ? {
            url,
            ...(params.secret_token ? { secretToken: String(params.secret_token) } : {}),
            ...(allowed ? { allowedUpdates: allowed as string[] } : {}),
          }
        : null;
      return true;
    },
    deleteWebhook: () => {
      webhook = null;
      return true;
    },
    setMyCommands: () => true,
    setChatMenuButton: () => true,
    getFile: (params) => {
      const fileId = String(params.file_id ?? '');
      const file = files.get(fileId);
      if (!file) throw new BotApiError(400, 'Bad Request: invalid file_id');
      return { file_id: fileId, file_unique_id: `u_${fileId}`, file_size: file.bytes.length, file_path: file.path };
    },
  };

  async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!raw) return params;
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/json')) {
      const body = JSON.parse(raw);
      if (body && typeof body === 'object') Object.assign(params, body);
    } else if (type.includes('application/x-www-form-urlencoded')) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
    }
    return params;
  }

  /** Long polling: what is queued after `offset`, waiting up to `timeout` seconds for some. */
  async function getUpdates(params: Record<string, unknown>, req: IncomingMessage) {
    if (webhook)
      throw new BotApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    const offset = Number(params.offset ?? 0);
    // Confirmed: updates before the offset are forgotten, as Telegram does.
    while (updates.length && Number(updates[0].update_id) < offset) updates.shift();
    const limit = Math.min(100, Number(params.limit ?? 100));
    const timeout = Math.min(50, Number(params.timeout ?? 0));
    if (!updates.length && timeout > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeout * 1000);
        function done() {
          clearTimeout(timer);
          updateWaiters.delete(done);
          req.off('close', done);
          resolve();
        }
        updateWaiters.add(done);
        req.once('close', done);
      });
    }
    return updates.slice(0, limit);
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, description: string) =>
    send(res, code, { ok: false, error_code: code, description });

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
      if (file) {
        if (file[1] !== token) {
          rejected.push(url.pathname);
          return fail(res, 401, 'Unauthorized');
        }
        const path = decodeURIComponent(file[2]);
        const found = [...files.values()].find((f) => f.path === path);
        if (!found || req.method !== 'GET') return fail(res, 404, 'Not Found');
        downloads.push(path);
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': found.bytes.length });
        return res.end(found.bytes);
      }
      // The fake's t.me: `/<bot>?start=<token>` is a person pressing Start (the simulator's demo).
      if (req.method === 'GET' && url.pathname.toLowerCase() === `/${bot.username.toLowerCase()}`) {
        const start = url.searchParams.get('start');
        queueUpdate(startMessage(DEMO_USER, start ? `/start ${start}` : '/start'));
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(
          `Sent “${start ? `/start ${start}` : '/start'}” to @${bot.username} as ${DEMO_USER.first_name}.\n`,
        );
      }
      const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!call) return fail(res, 404, 'Not Found');
      if (call[1] !== token) {
        rejected.push(url.pathname);
        return fail(res, 401, 'Unauthorized');
      }
      const handler = Object.hasOwn(methods, call[2]) ? methods[call[2]] : undefined;
      if (!handler && call[2] !== 'getUpdates') return fail(res, 404, 'Not Found');
      let params: Record<string, unknown>;
      try {
        params = await readParams(req, url);
      } catch {
        return fail(res, 400, "Bad Request: can't parse JSON object");
      }
      calls.push({ method: call[2], params });
      const failure = failures.get(call[2]);
      if (failure && failure.count > 0) {
        failure.count--;
        const { code, description, retryAfter } = failure.error;
        if (code === 429) throttled++;
        return send(res, code, {
          ok: false,
          error_code: code,
          description,
          ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}),
        });
      }
      try {
        if (call[2] === 'getUpdates') return send(res, 200, { ok: true, result: await getUpdates(params, req) });
        return send(res, 200, { ok: true, result: handler!(params) });
      } catch (err) {
        if (err instanceof BotApiError) {
          return send(res, err.code, {
            ok: false,
            error_code: err.code,
            description: err.description,
            ...(err.retryAfter ? { parameters: { retry_after: err.retryAfter } } : {}),
          });
        }
        throw err;
      }
    } catch (err) {
      return fail(res, 500, `Internal Server Error: ${(err as Error).message}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  function startMessage(user: FakeTelegramUser, text: string) {
    const command = /^\/\w+/.exec(text);
    return {
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: privateChat(user),
        from: { is_bot: false, ...user },
        text,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
      },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    bot,
    photoBytes,
    calls,
    downloads,
    rejected,
    setChat,
    setAdmin(username, isAdmin) {
      if (isAdmin) admins.add(key(username));
      else admins.delete(key(username));
    },
    setMember(username, userId, status, opts = {}) {
      const k = `${key(username)}:${userId}`;
      if (status === null) members.delete(k);
      else members.set(k, { status, isMember: opts.isMember });
    },
    callsOf: (method) => calls.filter((c) => c.method === method),
    messages,
    messagesTo: (chatId) => messages.filter((m) => m.chatId === chatId),
    get throttled() {
      return throttled;
    },
    get webhook() {
      return webhook;
    },
    block(chatId, isBlocked = true) {
      if (isBlocked) blocked.add(chatId);
      else blocked.delete(chatId);
    },
    failNext(method, count, error) {
      failures.set(method, { count, error });
    },
    userWrites: (user, text) => queueUpdate(startMessage(user, text)),
    userBlocks: (user) =>
      queueUpdate({
        my_chat_member: {
          chat: privateChat(user),
          from: { is_bot: false, ...user },
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { status: 'member', user: bot },
          new_chat_member: { status: 'kicked', user: bot, until_date: 0 },
        },
      }),
    reset() {
      calls.length = 0;
      downloads.length = 0;
      rejected.length = 0;
      messages.length = 0;
      failures.clear();
      blocked.clear();
      throttled = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const wake of updateWaiters) wake();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
