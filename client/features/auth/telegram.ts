import { keepTelegramState } from '../../lib/telegram';
import { type AuthConfig, authApi } from './authApi';
import { keepSignInBack } from './signInBack';

/**
 * Sends the browser to Telegram's sign-in (what the Login Widget opens: oauth.telegram.org with
 * the bot's id), which comes back to /login with the signed fields in `#tgAuthResult=`. The
 * bot's domain must be this site's (BotFather's /setdomain).
 */
export async function startTelegramSignIn(telegram: NonNullable<AuthConfig['telegram']>, back?: string): Promise<void> {
  // The server's state for this browser (a cookie, and here for the return): Telegram's answer
  // counts only in the browser that asked for it.
  const { state } = await authApi.telegramStart();
  keepTelegramState(state);
  keepSignInBack(back);
  const url = new URL('https://oauth.telegram.org/auth');
  url.search = new URLSearchParams({
    bot_id: String(telegram.botId),
    origin: window.location.origin,
    request_access: 'write',
    return_to: `${window.location.origin}/login`,
  }).toString();
  window.location.assign(url.toString());
}

/** The signed fields Telegram sent back in the address (once: the fragment is cleared). */
export function takeTelegramResult(): Record<string, string | number> | null {
  const match = /[#&]tgAuthResult=([^&]+)/.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  try {
    const base64 = decodeURIComponent(match[1]).replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const fields = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return fields && typeof fields === 'object' ? (fields as Record<string, string | number>) : null;
  } catch {
    return null;
  }
}
