import { FAILURES } from '../../server/failures.ts';
import type { TestApp } from './app.ts';
import { em } from './campaigns.ts';

/**
 * Shared parts of the fuzz tests (tests/integration/fuzz-*.test.ts): a seeded random source,
 * the bad values every input is tried with, a bounded request runner and the tally it prints.
 */

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with FUZZ_SEED. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(xs: readonly T[]): T {
      return xs[Math.floor(next() * xs.length)];
    },
    /** Up to `n` of `xs`, in a random order, without repeats. */
    sample<T>(xs: readonly T[], n: number): T[] {
      const copy = [...xs];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}
export type Random = ReturnType<typeof random>;

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** Strings nobody should send: control characters, NUL, huge, odd Unicode, injections. */
export const BAD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\t',
  'x'.repeat(300),
  'y'.repeat(70_000),
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  '\u202egnp.exe',
  "' or 1=1 --",
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '$' + '{7*7}', // a template placeholder as text
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1f',
  '9'.repeat(40),
  '-9223372036854775809',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '[]',
  '{}',
  '{"a":',
  'true',
  'ACTIVE',
  '2026-02-30',
  '0000-01-01',
  '99999-12-31',
  'https://127.0.0.1/x',
  'http://[::1]/',
  'tg://resolve?domain=x',
  'javascript:alert(1)',
];

/** Numbers at and past every boundary a column or a JavaScript number has. */
export const BAD_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  0.5,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740991,
  2 ** 53 + 2,
  1e20,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Values of every JSON type, for a field of another type. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  'text',
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  [{}],
];

/**
 * What every field of a kind is always tried with (the random samples come on top): NUL, a
 * huge text, past every numeric boundary a column has, the wrong JSON type.
 */
export const CORE_VALUES = {
  text: ['\u0000', 'a\u0000b', 'z'.repeat(70_000), '', '9'.repeat(40), '-1', 2147483648, null, {}, []],
  number: [2147483648, -2147483649, 2 ** 53 + 2, 1e20, -1, 0.5, '1e309', '\u0000', null, []],
  money: ['1e20', '9007199254740993', '9223372036854.775808', 2 ** 53 + 2, 1e20, '-1', 'NaN', '\u0000', {}],
  date: ['0000-01-01', '99999-12-31', '2026-02-30', '\u0000', 'x'.repeat(5000), 1e20],
} as const;

/** Every value a field is tried with. */
export const BAD_VALUES: readonly unknown[] = [...BAD_STRINGS, ...BAD_NUMBERS, ...WRONG_TYPES];

/** Bodies that are not what the content type says. */
export const BAD_BODIES: readonly { type: string; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '[1,' },
  { type: 'application/json', body: '{"a":1}x' },
  { type: 'application/json', body: '"just a string"' },
  { type: 'application/json', body: '123' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '{"a":"\\u0000"}' },
  { type: 'application/json', body: '{"__proto__":{"isModerator":true}}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', body: `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}` },
  { type: 'application/json', body: '1e999999' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'text/plain', body: '{"a":1}' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
  { type: 'multipart/form-data', body: '--x\r\n' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\n' },
  { type: 'application/octet-stream', body: '\u0000\u0001' },
];

/** Headers a careless or hostile client sends. */
export const BAD_HEADERS: readonly Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer x.y.z' },
  { authorization: `Bearer ${'a'.repeat(6000)}` },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: 'tma ' },
  { authorization: 'tma user=%7B%7D&hash=00&auth_date=1' },
  { authorization: `tma ${'user=%00&'.repeat(500)}` },
  { 'idempotency-key': ' ' },
  { 'idempotency-key': 'k'.repeat(2000) },
  { 'x-forwarded-for': 'not-an-ip, , ::::' },
  { 'x-country': '\u00ff\u00fe' },
  { 'x-country': 'ZZZZ' },
  { 'accept-language': 'xx-'.repeat(300) },
  { 'x-api-key': 'k'.repeat(5000) },
  { 'x-request-id': 'r'.repeat(500) },
];

export interface Outcome {
  label: string;
  status: number;
  /** The answer's text (for the tally and schema checks). */
  text: string;
  /** What went wrong, if anything: a 5xx, no answer in time, a cut connection, a missing check. */
  failure?: string;
}

/** Messages of the database's refusals (server/errors.ts): seeing one means a check is missing. */
const FALLBACKS = (['NUMBER_OUT_OF_RANGE', 'TEXT_TOO_LONG', 'TEXT_HOLDS_NUL', 'VALUE_NOT_VALID'] as const).map(
  (code) => FAILURES[code].message,
);

/** Judges one answer: 5xx, a database refusal that validation should have caught, a stack trace. */
export function judge(status: number, text: string): string | undefined {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 300)}`;
  if (FALLBACKS.some((m) => text.includes(m)))
    return `validation missing (the database refused): ${text.slice(0, 200)}`;
  if (/INTERNAL_SERVER_ERROR|\n\s+at .+\(.+:\d+:\d+\)/.test(text)) return `internal error: ${text.slice(0, 300)}`;
  return undefined;
}

/** Sends one request; never throws: a hang or a cut connection is an outcome too. */
export async function send(url: string, init: RequestInit & { timeoutMs?: number }, label: string): Promise<Outcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
    // As sent: res.text() would drop a CSV's byte order mark.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { label, status: res.status, text, failure: judge(res.status, text) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const what =
      e.name === 'TimeoutError' ? 'no answer within 20 s' : `connection failed: ${e.cause?.code ?? e.message}`;
    return { label, status: 0, text: '', failure: what };
  }
}

/** Runs `jobs` with at most `concurrency` in flight. */
export async function pool<T>(jobs: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}

/** Counts of statuses, for the printed tally: `{ 200: 12, 400: 900, … }`. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status || 'none'] = (counts[o.status || 'none'] ?? 0) + 1;
  return counts;
}

/** Ids of the demo data, for path parameters and arguments that reach past "not found". */
export async function demoIds(app: TestApp): Promise<Record<string, string>> {
  const tx = em(app);
  const one = async (sql: string) => String((await tx.execute<{ id: number | string }[]>(sql))[0]?.id ?? 1);
  const adv = await one(`select id from users where email = 'advertiser@demo.local'`);
  const pub = await one(`select id from users where email = 'publisher@demo.local'`);
  const project = await one(`select id from projects where owner_id = ${adv} order by id limit 1`);
  const platform = await one(`select id from platforms where owner_id = ${pub} order by id limit 1`);
  return {
    project,
    platform,
    task: await one(`select id from tasks where project_id = ${project} order by id limit 1`),
    campaign: await one(`select id from campaigns where owner_id = ${adv} and deal_id is null order by id limit 1`),
    service: await one(`select id from platform_services where platform_id = ${platform} order by id limit 1`),
    botId: await one(`select tg_bot_id as id from platforms where id = ${platform}`),
    offer: await one('select id from exchange_offers order by id limit 1'),
    deal: await one('select id from exchange_deals order by id limit 1'),
    report: await one('select id from player_reports order by id limit 1'),
    review: await one(`select id from campaigns where status = 'MODERATION' order by id limit 1`),
    registration: await one('select id from registration_requests order by id limit 1'),
    transaction: await one(`select id from payments where kind = 'WITHDRAWAL' order by id limit 1`),
  };
}
