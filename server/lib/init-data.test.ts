import { FAILURES } from '../failures.ts';
import { describe, expect, test } from 'vitest';
import { DomainError, ErrorCode } from '../errors.ts';
import {
  DEV_TEST_PRIVATE_KEY,
  DEV_TEST_PUBLIC_KEY,
  playerInitData,
  signInitDataEd25519,
  signInitDataHmac,
  TELEGRAM_PUBLIC_KEY_PRODUCTION,
  validateInitData,
  verifyWithOpenSsl,
  verifyWithSodium,
} from './init-data.ts';

const NOW = 1_760_000_000;
const BOT_ID = 7_000_000_001;
const BOT_TOKEN = `${BOT_ID}:AAE_test-token_for_the_unit_tests_only`;
const USER = { id: 279058397, first_name: 'Ann + Bob & Co', username: 'ann', language_code: 'de', is_premium: true };
const OTHER_PRIVATE_KEY = '1f'.repeat(32);

const fields = (overrides: Record<string, string> = {}) => ({
  user: JSON.stringify(USER),
  auth_date: String(NOW - 30),
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  ...overrides,
});

const ed = { botId: BOT_ID, publicKeyHex: DEV_TEST_PUBLIC_KEY, maxAgeSeconds: 86_400, now: NOW };
const hmac = { botToken: BOT_TOKEN, publicKeyHex: DEV_TEST_PUBLIC_KEY, maxAgeSeconds: 86_400, now: NOW };

/** The message of the UNAUTHENTICATED DomainError `run` throws (fails the test otherwise). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.UNAUTHENTICATED);
    return (error as DomainError).message;
  }
  throw new Error('expected the initData to be refused');
}

/** Replaces one field's value in a signed query string, leaving the signature as it was. */
function tamper(raw: string, key: string, value: string): string {
  const params = new URLSearchParams(raw);
  params.set(key, value);
  return params.toString();
}

describe('validateInitData with the bot token (HMAC)', () => {
  test('accepts data signed with the token and returns the player', () => {
    const raw = signInitDataHmac(fields(), BOT_TOKEN);
    expect(validateInitData(raw, hmac)).toEqual({
      user: USER,
      authDate: NOW - 30,
      queryId: 'AAHdF6IQAAAAAN0XohDhrOrc',
      raw,
    });
  });

  test('the token wins over the bot id: an Ed25519-only string is refused when the app has a token', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(raw, { ...hmac, botId: BOT_ID }))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
  });

  test('refuses a tampered field, another token and a malformed hash', () => {
    const raw = signInitDataHmac(fields(), BOT_TOKEN);
    const forged = tamper(raw, 'user', JSON.stringify({ ...USER, id: 1 }));
    expect(refusal(() => validateInitData(forged, hmac))).toBe(FAILURES.INITDATA_SIGNATURE_INVALID.message);
    expect(refusal(() => validateInitData(tamper(raw, 'auth_date', String(NOW)), hmac))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
    expect(refusal(() => validateInitData(raw, { ...hmac, botToken: `${BOT_ID}:another` }))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
    expect(refusal(() => validateInitData(tamper(raw, 'hash', 'zz'), hmac))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
    const added = `${raw}&start_param=x`;
    expect(refusal(() => validateInitData(added, hmac))).toBe(FAILURES.INITDATA_SIGNATURE_INVALID.message);
  });

  test('a missing hash is garbled initData', () => {
    const raw = new URLSearchParams(fields()).toString();
    expect(refusal(() => validateInitData(raw, hmac))).toBe(FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message);
  });
});

describe('validateInitData with the bot id (Ed25519 third-party signature)', () => {
  test('accepts data signed with the key for that bot', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    const data = validateInitData(raw, ed);
    expect(data.user).toEqual(USER);
    expect(data.authDate).toBe(NOW - 30);
    expect(data.queryId).toBe('AAHdF6IQAAAAAN0XohDhrOrc');
  });

  test('playerInitData builds user, auth_date and query_id and signs them', () => {
    const raw = playerInitData(USER, { botId: BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY, authDate: NOW - 5 });
    const params = new URLSearchParams(raw);
    expect(JSON.parse(params.get('user')!)).toEqual(USER);
    expect(params.get('auth_date')).toBe(String(NOW - 5));
    expect(params.get('query_id')).toBeTruthy();
    expect(params.get('signature')).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(validateInitData(raw, ed).user).toEqual(USER);
    // defaults to the clock
    const fresh = playerInitData({ id: 5, first_name: 'Eve' }, { botId: BOT_ID, privateKeyHex: DEV_TEST_PRIVATE_KEY });
    expect(validateInitData(fresh, { ...ed, now: undefined }).user).toEqual({ id: 5, first_name: 'Eve' });
  });

  test('refuses a tampered field', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    const forged = tamper(raw, 'user', JSON.stringify({ ...USER, is_premium: false }));
    expect(refusal(() => validateInitData(forged, ed))).toBe(FAILURES.INITDATA_SIGNATURE_INVALID.message);
    expect(refusal(() => validateInitData(tamper(raw, 'query_id', 'other'), ed))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
  });

  test('refuses data signed for another bot', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID + 1, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(raw, ed))).toBe(FAILURES.INITDATA_SIGNATURE_INVALID.message);
  });

  test('refuses data signed with another key, or checked against another public key', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, OTHER_PRIVATE_KEY);
    expect(refusal(() => validateInitData(raw, ed))).toBe(FAILURES.INITDATA_SIGNATURE_INVALID.message);
    const ours = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(ours, { ...ed, publicKeyHex: TELEGRAM_PUBLIC_KEY_PRODUCTION }))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
  });

  test('refuses a malformed signature and garbles a missing one', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(tamper(raw, 'signature', 'abc'), ed))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
    expect(refusal(() => validateInitData(tamper(raw, 'signature', `${'A'.repeat(85)}!`), ed))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
    const params = new URLSearchParams(raw);
    params.delete('signature');
    expect(refusal(() => validateInitData(params.toString(), ed))).toBe(
      FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message,
    );
  });
});

describe('validateInitData: time, shape and configuration', () => {
  test('auth_date older than maxAgeSeconds or more than 60 s ahead is too old', () => {
    const old = signInitDataEd25519(fields({ auth_date: String(NOW - 86_401) }), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(old, ed))).toBe(FAILURES.INITDATA_TOO_OLD_REOPEN_APP.message);
    expect(validateInitData(old, { ...ed, maxAgeSeconds: 100_000 }).authDate).toBe(NOW - 86_401);
    const edge = signInitDataEd25519(fields({ auth_date: String(NOW - 86_400) }), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(validateInitData(edge, ed).authDate).toBe(NOW - 86_400);

    const future = signInitDataHmac(fields({ auth_date: String(NOW + 61) }), BOT_TOKEN);
    expect(refusal(() => validateInitData(future, hmac))).toBe(FAILURES.INITDATA_TOO_OLD_REOPEN_APP.message);
    const skew = signInitDataHmac(fields({ auth_date: String(NOW + 60) }), BOT_TOKEN);
    expect(validateInitData(skew, hmac).authDate).toBe(NOW + 60);
  });

  test('an app with neither a bot token nor a bot id cannot verify its players', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(raw, { ...ed, botId: null, botToken: null }))).toBe(
      FAILURES.APP_CANNOT_VERIFY_ITS_PLAYERS.message,
    );
    expect(FAILURES.APP_CANNOT_VERIFY_ITS_PLAYERS.message).toBe(
      'This app cannot verify its players yet: add the bot token or the bot id in the app settings',
    );
  });

  test.each([
    ['empty', ''],
    ['garbage', 'not initdata at all'],
    ['a bearer token', 'eyJhbGciOiJIUzI1NiJ9.e30.abc'],
    ['huge', `user=${'x'.repeat(20_000)}`],
  ])('%s is garbled', (_name, raw) => {
    expect(refusal(() => validateInitData(raw, ed))).toBe(FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message);
    expect(refusal(() => validateInitData(raw, hmac))).toBe(FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message);
  });

  test.each([
    ['no user', { user: undefined }],
    ['user is not JSON', { user: '{id:1' }],
    ['user id is not an integer', { user: JSON.stringify({ id: 1.5, first_name: 'A' }) }],
    ['user id is a string', { user: JSON.stringify({ id: '1', first_name: 'A' }) }],
    ['user without first_name', { user: JSON.stringify({ id: 1 }) }],
    ['no auth_date', { auth_date: undefined }],
    ['auth_date is not a number', { auth_date: 'yesterday' }],
  ])('%s is garbled, even when correctly signed', (_name, overrides) => {
    const values = Object.fromEntries(
      Object.entries(fields(overrides as Record<string, string>)).filter(([, value]) => value !== undefined),
    );
    expect(refusal(() => validateInitData(signInitDataHmac(values, BOT_TOKEN), hmac))).toBe(
      FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message,
    );
    expect(refusal(() => validateInitData(signInitDataEd25519(values, BOT_ID, DEV_TEST_PRIVATE_KEY), ed))).toBe(
      FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message,
    );
  });

  test('a repeated field is garbled (which copy was signed?)', () => {
    const raw = signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY);
    expect(refusal(() => validateInitData(`${raw}&user=${encodeURIComponent('{"id":1,"first_name":"X"}')}`, ed))).toBe(
      FAILURES.SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION.message,
    );
  });

  test('the DEV test key pair belongs together', () => {
    const raw = playerInitData(USER, { botId: 1, privateKeyHex: DEV_TEST_PRIVATE_KEY, authDate: NOW });
    expect(validateInitData(raw, { ...ed, botId: 1 }).user.id).toBe(USER.id);
  });
});

describe("Telegram's published example (bot 7342037359)", () => {
  // A real initData string from the @telegram-apps init-data docs: signed by Telegram with both the
  // bot token's HMAC and the production Ed25519 key.
  const raw =
    'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733509682&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73';
  const opts = { publicKeyHex: TELEGRAM_PUBLIC_KEY_PRODUCTION, maxAgeSeconds: 86_400, now: 1733509682 + 10 };
  const user = {
    id: 279058397,
    first_name: 'Vladislav + - ? /',
    last_name: 'Kibenko',
    username: 'vdkfrost',
    language_code: 'ru',
    is_premium: true,
  };

  test('passes the third-party check with the production key and bot id', () => {
    expect(validateInitData(raw, { ...opts, botId: 7342037359 })).toEqual({ user, authDate: 1733509682, raw });
    expect(refusal(() => validateInitData(raw, { ...opts, botId: 7342037358 }))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
    expect(
      refusal(() => validateInitData(raw, { ...opts, botId: 7342037359, publicKeyHex: DEV_TEST_PUBLIC_KEY })),
    ).toBe(FAILURES.INITDATA_SIGNATURE_INVALID.message);
  });

  test('passes the HMAC check with the bot token', () => {
    const botToken = '7342037359:AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4';
    expect(validateInitData(raw, { ...opts, botToken }).user).toEqual(user);
    expect(refusal(() => validateInitData(raw, { ...opts, botToken: `${botToken}x` }))).toBe(
      FAILURES.INITDATA_SIGNATURE_INVALID.message,
    );
  });

  test('is too old a day later', () => {
    expect(refusal(() => validateInitData(raw, { ...opts, botId: 7342037359, now: 1733509682 + 86_401 }))).toBe(
      FAILURES.INITDATA_TOO_OLD_REOPEN_APP.message,
    );
  });
});

describe('the two Ed25519 checks (libsodium, OpenSSL) give the same answers', () => {
  const message = Buffer.from(`${BOT_ID}:WebAppData\nauth_date=${NOW}\nuser=${JSON.stringify(USER)}`);
  const signature = Buffer.from(
    new URLSearchParams(signInitDataEd25519({ x: 'y' }, BOT_ID, DEV_TEST_PRIVATE_KEY)).get('signature')!,
    'base64url',
  );
  const signed = new URLSearchParams(signInitDataEd25519(fields(), BOT_ID, DEV_TEST_PRIVATE_KEY));
  const good = Buffer.from(signed.get('signature')!, 'base64url');
  const checked = Buffer.from(
    `${BOT_ID}:WebAppData\n${[...signed.entries()]
      .filter(([k]) => k !== 'hash' && k !== 'signature')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}`,
  );
  const flipped = (bytes: Buffer, at: number) => {
    const copy = Buffer.from(bytes);
    copy[at]! ^= 1;
    return copy;
  };
  const cases: [string, Buffer, string, Buffer, boolean][] = [
    ['a good signature', checked, DEV_TEST_PUBLIC_KEY, good, true],
    ['another message', message, DEV_TEST_PUBLIC_KEY, good, false],
    ["another message's signature", checked, DEV_TEST_PUBLIC_KEY, signature, false],
    ['a bit flipped in R', checked, DEV_TEST_PUBLIC_KEY, flipped(good, 3), false],
    ['a bit flipped in S', checked, DEV_TEST_PUBLIC_KEY, flipped(good, 40), false],
    ['a bit flipped in the message', flipped(checked, 20), DEV_TEST_PUBLIC_KEY, good, false],
    ['the production key', checked, TELEGRAM_PUBLIC_KEY_PRODUCTION, good, false],
    ['a short signature', checked, DEV_TEST_PUBLIC_KEY, good.subarray(0, 63), false],
    [
      'an S over the group order',
      checked,
      DEV_TEST_PUBLIC_KEY,
      Buffer.concat([good.subarray(0, 32), Buffer.alloc(32, 0xff)]),
      false,
    ],
  ];

  test('libsodium loads here (the prebuilt addon of sodium-native)', () => {
    expect(verifyWithSodium).not.toBeNull();
  });

  test.each(cases)('%s', (_name, msg, key, sig, expected) => {
    expect(verifyWithOpenSsl(msg, key, sig)).toBe(expected);
    expect(verifyWithSodium!(msg, key, sig)).toBe(expected);
  });
});
