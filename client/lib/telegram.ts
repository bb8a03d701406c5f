import { initDataLanguage } from '../../shared/languages';
/**
 * The dashboard opened inside Telegram as a Mini App, told without the Mini App SDK (which
 * loads only then, client/features/telegram/miniApp.ts): Telegram opens it with its launch
 * parameters in the address (`#tgWebAppData=…`), or a page of Telegram's `Telegram.WebApp`
 * carries the signed initData. Remembered for the tab, as the address loses them on navigation.
 */
const MINI_APP_KEY = 'taskgram:mini-app';

/** A Telegram sign-in that found no account: the link token and what to tell (the login page reads it). */
const TELEGRAM_LINK_KEY = 'taskgram:telegram-link';

interface TelegramGlobal {
  Telegram?: { WebApp?: { initData?: string } };
}

export function isMiniApp(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    if (sessionStorage.getItem(MINI_APP_KEY) === '1') return true;
    const launched =
      /[#?&]tgWebAppData=/.test(window.location.hash) ||
      /[?&]tgWebAppData=/.test(window.location.search) ||
      !!(window as TelegramGlobal).Telegram?.WebApp?.initData;
    if (launched) sessionStorage.setItem(MINI_APP_KEY, '1');
    return launched;
  } catch {
    return false;
  }
}

/** The initData a page of Telegram's own script carries (`Telegram.WebApp.initData`), if any. */
export function webAppInitData(): string | undefined {
  return (window as TelegramGlobal).Telegram?.WebApp?.initData || undefined;
}

/**
 * The Telegram user's `language_code` from the launch parameters (the address's `tgWebAppData`,
 * or `Telegram.WebApp.initData`), if opened inside Telegram. Not verified: it only picks a language.
 */
export function telegramLanguageCode(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const fromAddress = (text: string) =>
      new URLSearchParams(text.replace(/^[#?]/, '')).get('tgWebAppData') ?? undefined;
    return initDataLanguage(
      fromAddress(window.location.hash) ?? fromAddress(window.location.search) ?? webAppInitData(),
    );
  } catch {
    return undefined;
  }
}

export interface TelegramLinkNote {
  linkToken: string;
  message: string;
  /** The Telegram account the sign-in named, which the owner is asked to confirm once signed in. */
  account?: { username: string | null; name: string };
}

/** The state of a started Login Widget sign-in (the server keeps it in a cookie too). */
const TELEGRAM_STATE_KEY = 'taskgram:telegram-state';

export function keepTelegramState(state: string): void {
  try {
    sessionStorage.setItem(TELEGRAM_STATE_KEY, state);
  } catch {
    // Storage off: the sign-in is refused as not started here, and says to start it again.
  }
}

/** The kept state, once. */
export function takeTelegramState(): string | undefined {
  try {
    const state = sessionStorage.getItem(TELEGRAM_STATE_KEY) ?? undefined;
    sessionStorage.removeItem(TELEGRAM_STATE_KEY);
    return state;
  } catch {
    return undefined;
  }
}

/** The pending link of an unlinked Telegram sign-in, for the password sign-in that links it. */
export function telegramLinkNote(): TelegramLinkNote | null {
  try {
    const raw = sessionStorage.getItem(TELEGRAM_LINK_KEY);
    return raw ? (JSON.parse(raw) as TelegramLinkNote) : null;
  } catch {
    return null;
  }
}

export function setTelegramLinkNote(note: TelegramLinkNote | null): void {
  try {
    if (note) sessionStorage.setItem(TELEGRAM_LINK_KEY, JSON.stringify(note));
    else sessionStorage.removeItem(TELEGRAM_LINK_KEY);
  } catch {
    // Storage off: the user signs in with Telegram again.
  }
}

/** How the dashboard names a Telegram account: “@username (Name)”, or the name alone. */
export function telegramAccountLabel(account: { username: string | null; name: string }): string {
  if (!account.username) return account.name;
  return account.name ? `@${account.username} (${account.name})` : `@${account.username}`;
}
