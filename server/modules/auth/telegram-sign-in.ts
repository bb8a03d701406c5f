import { fail, says } from '../../failures.ts';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type TelegramUser, validateInitData } from '../../lib/init-data.ts';
import { withoutNul } from '../../lib/text.ts';

/**
 * Sign-in with Telegram, two ways, both signed with the system bot's token:
 * - the Mini App's `initData` (the dashboard opened from the bot): `hash` = HMAC-SHA256 with
 *   key HMAC-SHA256("WebAppData", token) (lib/init-data.ts);
 * - the Login Widget's fields (https://core.telegram.org/widgets/login#checking-authorization):
 *   `hash` = hex HMAC-SHA256 of the data-check-string with key SHA-256(token).
 * `auth_date` at most 10 minutes old, and each signed payload accepted once (auth.service.ts
 * remembers it across instances until it would expire). The Login Widget's return must come to
 * the browser that started it (`state`, kept in a cookie by `/auth/telegram/start`): a link to
 * `/login#tgAuthResult=…` that someone else signed gets nobody anything. An unlinked Telegram
 * user gets a short-lived link token, signed with the JWT secret, that the account's owner,
 * signed in, confirms (seeing which Telegram account it names) to link it.
 */

export const TELEGRAM_SIGN_IN_MAX_AGE_SECONDS = 600;
const LINK_TOKEN_SECONDS = 15 * 60;
/** How long a started Telegram sign-in's state stands (the cookie's age). */
export const TELEGRAM_STATE_SECONDS = 15 * 60;
export const TELEGRAM_STATE_COOKIE = 'tg_state';

export const TELEGRAM_SIGN_IN_MESSAGES = {
  unlinked:
    'This Telegram account is not linked to a dashboard account yet. Sign in with your e-mail and password once, then confirm the link: Telegram signs you in from then on.',
} as const;

const text = z.string().max(256).transform(withoutNul);
export const TelegramWidgetInput = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: text,
  last_name: text.optional(),
  username: text.optional(),
  photo_url: z.string().max(1024).optional(),
  auth_date: z.coerce.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/, says('HASH_MUST_64_HEX_CHARACTERS')),
});
export type TelegramWidgetInput = z.infer<typeof TelegramWidgetInput>;

export const TelegramSignInInput = z.union([
  z.object({
    initData: z
      .string({ error: says('INITDATA_REQUIRED') })
      .min(1)
      .max(16_384),
  }),
  // The Login Widget's fields and the state `/auth/telegram/start` gave this browser.
  TelegramWidgetInput.extend({ state: z.string().max(100).optional() }),
]);
export type TelegramSignInInput = z.infer<typeof TelegramSignInInput>;

/** Who signs in, once the signature and the age are checked. */
export function telegramIdentity(input: TelegramSignInInput, botToken: string, now = Math.floor(Date.now() / 1000)) {
  if ('initData' in input) {
    try {
      return validateInitData(input.initData, {
        botToken,
        publicKeyHex: '00'.repeat(32),
        maxAgeSeconds: TELEGRAM_SIGN_IN_MAX_AGE_SECONDS,
        now,
      }).user;
    } catch (err) {
      const stale = err instanceof Error && /too old/.test(err.message);
      throw fail(stale ? 'TELEGRAM_SIGN_IN_STALE' : 'TELEGRAM_SIGN_IN_FORGED');
    }
  }
  const { hash, state: _state, ...fields } = input as TelegramWidgetInput & { state?: string };
  const check = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const expected = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(check).digest();
  if (!timingSafeEqual(Buffer.from(hash, 'hex'), expected)) throw fail('TELEGRAM_SIGN_IN_FORGED');
  if (now - input.auth_date > TELEGRAM_SIGN_IN_MAX_AGE_SECONDS || input.auth_date - now > 60) {
    throw fail('TELEGRAM_SIGN_IN_STALE');
  }
  return {
    id: input.id,
    first_name: input.first_name,
    ...(input.last_name ? { last_name: input.last_name } : {}),
    ...(input.username ? { username: input.username } : {}),
  } as TelegramUser;
}

/** Signs the widget's fields as Telegram does (tests, the demo's simulator). */
export function signTelegramWidget(fields: Omit<TelegramWidgetInput, 'hash'>, botToken: string): TelegramWidgetInput {
  const check = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

export interface LinkClaims {
  id: number;
  username: string | null;
  /** The Telegram account's name, shown when its link is confirmed. */
  name: string;
  language: string | null;
  exp: number;
}

/** A token naming the Telegram user, for the password sign-in that links them (15 minutes). */
export function signLinkToken(
  user: TelegramUser,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): { token: string; claims: LinkClaims } {
  const claims: LinkClaims = {
    id: user.id,
    username: user.username ?? null,
    name: [user.first_name, user.last_name].filter(Boolean).join(' '),
    language: user.language_code ?? null,
    exp: now + LINK_TOKEN_SECONDS,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return {
    token: `${body}.${createHmac('sha256', secret).update(`telegram-link:${body}`).digest('base64url')}`,
    claims,
  };
}

export function readLinkToken(token: string, secret: string, now = Math.floor(Date.now() / 1000)): LinkClaims {
  const [body, mac] = token.split('.');
  const expected = createHmac('sha256', secret)
    .update(`telegram-link:${body ?? ''}`)
    .digest();
  const given = Buffer.from(mac ?? '', 'base64url');
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw fail('TELEGRAM_LINK_EXPIRED');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
  if (claims.exp < now) throw fail('TELEGRAM_LINK_EXPIRED');
  return { ...claims, name: claims.name ?? '' };
}

/**
 * What a sign-in payload is remembered by, so that it signs in once: its signature in one
 * canonical form (lowercase hex), so the same signature written another way (upper-cased hex)
 * is the same payload. Called after the signature was checked.
 */
export function telegramPayloadKey(input: TelegramSignInInput): string {
  const signature =
    'initData' in input ? (new URLSearchParams(input.initData).get('hash') ?? input.initData) : input.hash;
  const canonical = /^[0-9a-fA-F]{64}$/.test(signature) ? signature.toLowerCase() : signature;
  return createHash('sha256').update(canonical).digest('base64url');
}
