import { fail } from '../failures.ts';

export interface TgChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  first_name?: string;
  photo?: { small_file_id: string; big_file_id: string };
}

export interface TgChatMember {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  is_member?: boolean;
  user: { id: number; is_bot: boolean; username?: string };
}

export class TelegramApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(`Telegram Bot API: ${errorCode} ${description}`);
  }
}

/** The Telegram Bot API over HTTP; the base URL is configurable so tests run a local fake. */
export class TelegramClient {
  private me: Promise<{ id: number; username: string }> | null = null;

  constructor(
    private readonly token: string | undefined,
    private readonly apiUrl: string,
  ) {}

  get configured() {
    return !!this.token;
  }

  private requireToken(): string {
    // A feature this server does not have is a 404, as a disabled webhook is: not a 503, which
    // says "try again later" where nothing will change.
    if (!this.token) {
      throw fail('TELEGRAM_LOOKUPS_OFF');
    }
    return this.token;
  }

  async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const token = this.requireToken();
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw fail('TELEGRAM_UNREACHABLE_NOW');
    }
    const body = (await res.json().catch(() => ({ ok: false, error_code: res.status, description: 'bad answer' }))) as {
      ok: boolean;
      result?: T;
      error_code?: number;
      description?: string;
    };
    if (!body.ok) {
      const code = body.error_code ?? res.status;
      // A refused token or a wrong base URL is the server's configuration, not the user's link.
      if (code === 401 || code === 404) {
        throw fail('TELEGRAM_TOKEN_REFUSED');
      }
      if (code === 429 || code >= 500) {
        throw fail('TELEGRAM_UNREACHABLE_NOW');
      }
      throw new TelegramApiError(code, body.description ?? 'error');
    }
    return body.result as T;
  }

  getMe() {
    this.me ??= this.call<{ id: number; username: string }>('getMe').catch((err) => {
      this.me = null;
      throw err;
    });
    return this.me;
  }

  getChat(chatId: string | number) {
    return this.call<TgChat>('getChat', { chat_id: chatId });
  }

  getChatMember(chatId: string | number, userId: number) {
    return this.call<TgChatMember>('getChatMember', { chat_id: chatId, user_id: userId });
  }

  /** Downloads a file (e.g. a chat photo) by its file_id. */
  async download(fileId: string): Promise<Buffer> {
    const token = this.requireToken();
    const file = await this.call<{ file_path?: string }>('getFile', { file_id: fileId });
    if (!file.file_path) throw new TelegramApiError(400, 'file has no path');
    const res = await fetch(`${this.apiUrl}/file/bot${token}/${file.file_path}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new TelegramApiError(res.status, 'file download failed');
    return Buffer.from(await res.arrayBuffer());
  }
}

/** Chat member statuses that count as "in the channel or chat". */
export function isMember(member: { status: string; is_member?: boolean }): boolean {
  return (
    member.status === 'creator' ||
    member.status === 'administrator' ||
    member.status === 'member' ||
    (member.status === 'restricted' && member.is_member === true)
  );
}
