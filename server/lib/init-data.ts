import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { withoutNul } from './text.ts';
import { fail } from '../failures.ts';

/**
 * Telegram Mini App initData: the signed query string a mini app receives from Telegram and
 * forwards to us as its player's identity (`Authorization: tma <initData>`).
 *
 * Two ways to verify it (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * - with the bot token: `hash` = hex HMAC-SHA256(key = HMAC-SHA256(key "WebAppData", token),
 *   data-check-string of every field but `hash`);
 * - without it (third party): `signature` = base64url Ed25519 by Telegram over
 *   `${botId}:WebAppData\n` + the data-check-string of every field but `hash` and `signature`.
 */

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
}

export interface InitData {
  user: TelegramUser;
  /** Unix seconds when Telegram signed the data. */
  authDate: number;
  queryId?: string;
  /** The query string as received. */
  raw: string;
}

/** Telegram's production Ed25519 public key for third-party validation (raw 32 bytes, hex). */
export const TELEGRAM_PUBLIC_KEY_PRODUCTION = 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d';
/** A key pair of our own that plays Telegram outside production (tests, the simulator, the demo). */
export const DEV_TEST_PRIVATE_KEY = 'e131927893e325a180578132cc3d879720eccafbfe40b8b482d27923b12d9a1d';
export const DEV_TEST_PUBLIC_KEY = '51e1cc715f22e4153eb9302e6bdbb0b5a74bc65fb2ea0c4b15dc521fad03a61d';

/** How far in the future auth_date may be (clock skew) before it is refused. */
const MAX_FUTURE_SECONDS = 60;
/** Real initData is a few hundred bytes; anything far larger is not worth parsing. */
const MAX_RAW_LENGTH = 16_384;

/** Names come signed from Telegram, NUL and all: kept without the NULs PostgreSQL cannot store. */
const text = z.string().transform(withoutNul);
const userSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: text,
  last_name: text.optional(),
  username: text.optional(),
  language_code: text.optional(),
  is_premium: z.boolean().optional(),
});

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const publicKeys = new Map<string, KeyObject>();
const rawPublicKeys = new Map<string, Buffer>();
const privateKeys = new Map<string, KeyObject>();

function rawKey(hex: string, what: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${what} must be 64 hex characters (a raw 32-byte Ed25519 key)`);
  return Buffer.from(hex, 'hex');
}

function publicKey(hex: string): KeyObject {
  let key = publicKeys.get(hex);
  if (!key) {
    const der = Buffer.concat([SPKI_ED25519_PREFIX, rawKey(hex, 'The Ed25519 public key')]);
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    publicKeys.set(hex, key);
  }
  return key;
}

function rawPublicKey(hex: string): Buffer {
  let key = rawPublicKeys.get(hex);
  if (!key) {
    key = rawKey(hex, 'The Ed25519 public key');
    rawPublicKeys.set(hex, key);
  }
  return key;
}

type Ed25519Verify = (message: Buffer, publicKeyHex: string, signature: Buffer) => boolean;

/** OpenSSL's Ed25519 (node:crypto): ~100 µs a check on the machine of docs/performance.md. */
export const verifyWithOpenSsl: Ed25519Verify = (message, hex, signature) =>
  verify(null, message, publicKey(hex), signature);

/**
 * libsodium's Ed25519 (sodium-native, a prebuilt addon): the same check in ~60 % of OpenSSL's
 * time; it is the largest part of a new player's first list. Null where the addon does not load
 * (a platform without a prebuild): then OpenSSL checks.
 */
export const verifyWithSodium: Ed25519Verify | null = (() => {
  try {
    const sodium: typeof import('sodium-native') = createRequire(import.meta.url)('sodium-native');
    return (message, hex, signature) =>
      signature.length === sodium.crypto_sign_BYTES &&
      sodium.crypto_sign_verify_detached(signature, message, rawPublicKey(hex));
  } catch {
    return null;
  }
})();

const verifyEd25519: Ed25519Verify = verifyWithSodium ?? verifyWithOpenSsl;

function privateKey(hex: string): KeyObject {
  let key = privateKeys.get(hex);
  if (!key) {
    const der = Buffer.concat([PKCS8_ED25519_PREFIX, rawKey(hex, 'The Ed25519 private key')]);
    key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    privateKeys.set(hex, key);
  }
  return key;
}

/** `key=value` lines sorted by key (code point order, as Telegram sorts), without the excluded keys. */
function dataCheckString(entries: [string, string][], exclude: readonly string[]): string {
  return entries
    .filter(([key]) => !exclude.includes(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

function hmacSecret(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

function hmacHash(entries: [string, string][], botToken: string): Buffer {
  return createHmac('sha256', hmacSecret(botToken))
    .update(dataCheckString(entries, ['hash']))
    .digest();
}

function ed25519Message(entries: [string, string][], botId: number): Buffer {
  return Buffer.from(`${botId}:WebAppData\n${dataCheckString(entries, ['hash', 'signature'])}`);
}

/** The fields of a query string; a repeated key makes it garbled (which copy was signed?). */
function parseFields(raw: string): Map<string, string> | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RAW_LENGTH) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    return null;
  }
  const fields = new Map<string, string>();
  for (const [key, value] of params) {
    if (fields.has(key)) return null;
    fields.set(key, value);
  }
  return fields;
}

function parseUser(json: string | undefined): TelegramUser | null {
  if (json === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = userSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Checks initData and returns the player it names. With a bot token the `hash` (HMAC) is
 * checked, else with a bot id Telegram's Ed25519 `signature`; then auth_date must be at most
 * `maxAgeSeconds` old and at most 60 s in the future. Every failure is UNAUTHENTICATED.
 */
export function validateInitData(
  raw: string,
  opts: {
    botToken?: string | null;
    botId?: number | null;
    publicKeyHex: string;
    maxAgeSeconds: number;
    /** Unix seconds; defaults to the clock. */
    now?: number;
  },
): InitData {
  const fields = parseFields(raw);
  if (!fields) throw fail('SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION');
  const user = parseUser(fields.get('user'));
  const authDateText = fields.get('auth_date');
  if (!user || !authDateText || !/^\d{1,12}$/.test(authDateText)) throw fail('SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION');
  const entries = [...fields.entries()];

  if (opts.botToken) {
    const hash = fields.get('hash');
    if (hash === undefined) throw fail('SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION');
    const given = /^[0-9a-fA-F]{64}$/.test(hash) ? Buffer.from(hash, 'hex') : null;
    if (!given || !timingSafeEqual(given, hmacHash(entries, opts.botToken))) {
      throw fail('INITDATA_SIGNATURE_INVALID');
    }
  } else if (opts.botId) {
    const signature = fields.get('signature');
    if (signature === undefined) throw fail('SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION');
    // 64 signature bytes are 86 base64url characters (Telegram sends no padding)
    const bytes = /^[A-Za-z0-9_-]{86}(==)?$/.test(signature) ? Buffer.from(signature, 'base64url') : null;
    if (!bytes || !verifyEd25519(ed25519Message(entries, opts.botId), opts.publicKeyHex, bytes)) {
      throw fail('INITDATA_SIGNATURE_INVALID');
    }
  } else {
    throw fail('APP_CANNOT_VERIFY_ITS_PLAYERS');
  }

  const authDate = Number(authDateText);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (now - authDate > opts.maxAgeSeconds || authDate - now > MAX_FUTURE_SECONDS) {
    throw fail('INITDATA_TOO_OLD_REOPEN_APP');
  }

  const queryId = fields.get('query_id');
  return { user, authDate, ...(queryId !== undefined ? { queryId } : {}), raw };
}

/** Signs fields as Telegram does with the bot token; returns the query string with `hash`. */
export function signInitDataHmac(fields: Record<string, string>, botToken: string): string {
  const entries = Object.entries(fields).filter(([key]) => key !== 'hash');
  const params = new URLSearchParams(entries);
  params.set('hash', hmacHash(entries, botToken).toString('hex'));
  return params.toString();
}

/**
 * Signs fields as Telegram does for third parties (Ed25519 over `${botId}:WebAppData\n…`) with
 * the given private key (the DEV test key plays Telegram). Returns the query string with
 * `signature`, plus a `hash` field so it has the shape of real initData; that hash is not a
 * bot-token HMAC (we have no token), so only the Ed25519 check accepts this data.
 */
export function signInitDataEd25519(fields: Record<string, string>, botId: number, privateKeyHex: string): string {
  const entries = Object.entries(fields).filter(([key]) => key !== 'hash' && key !== 'signature');
  const message = ed25519Message(entries, botId);
  const signature = sign(null, message, privateKey(privateKeyHex)).toString('base64url');
  const params = new URLSearchParams(entries);
  params.set('signature', signature);
  params.set('hash', createHash('sha256').update(message).update(signature).digest('hex'));
  return params.toString();
}

/** initData for a player as Telegram would send it to a mini app of bot `botId` (Ed25519-signed). */
export function playerInitData(
  user: TelegramUser,
  opts: { botId: number; privateKeyHex: string; authDate?: number },
): string {
  const authDate = opts.authDate ?? Math.floor(Date.now() / 1000);
  const queryId = `AA${createHash('sha256').update(`${user.id}:${authDate}:${Math.random()}`).digest('base64url').slice(0, 22)}`;
  return signInitDataEd25519(
    { user: JSON.stringify(user), auth_date: String(authDate), query_id: queryId },
    opts.botId,
    opts.privateKeyHex,
  );
}
