import { FAILURES } from '../failures.ts';

/** PostgreSQL cannot store NUL in text: every way in refuses it with this message. */
export const NUL_MESSAGE = FAILURES.TEXT_MUST_NOT_CONTAIN_NUL.message;

/** True when a string anywhere in `value` (keys included, 20 levels deep) holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}

/** Text we must keep although it may hold NUL (a Telegram name): the NULs removed. */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * Replaces lone UTF-16 surrogates in every string of `value` (in place, keys included, 20
 * levels deep) with U+FFFD, as a UTF-8 text column would store them anyway. JSON.stringify
 * keeps them as `\ud800` escapes, which PostgreSQL's jsonb refuses.
 */
export function wellFormedDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const fixed = wellFormedDeep(record[key], depth + 1);
    const name = wellFormed(key);
    if (name !== key) delete record[key];
    record[name] = fixed;
  }
  return value;
}

/**
 * A web address or a domain in text: `https://…`, `www.…`, `name.tld` (a top-level domain of 2
 * to 24 letters), or a Telegram `t.me/…` link.
 *
 * Written so that it reads the text once: a scheme is looked for behind each `://` (only there: a
 * look-behind tried at every position would read back over every letter), a domain's name is one
 * character before its `.tld`. The form it replaces
 * (`[a-z][a-z0-9+.-]*://|…|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,24}…`) finds the same
 * texts (text-links.test.ts compares them) but scanned the rest of the text from every letter:
 * 40,000 letters took 1.9 s, a 1 MB name would have held the server for minutes.
 */
export const LINK_PATTERN = /:\/\/(?<=[a-z][a-z0-9+.-]*:\/\/)\S|www\.\S|[\p{L}\p{N}-]\.[a-z]{2,24}(?![\p{L}\p{N}])/iu;

/** True when `text` holds something a messenger or a mail client would make a link of. */
export function containsLink(text: string): boolean {
  return LINK_PATTERN.test(text);
}

/**
 * User-written text made safe to show in a bot message or a mail: addresses and domains broken
 * apart ("example[.]com", "https[:]//"), @mentions too, so that Telegram and mail clients make no
 * link of a stranger's name ("Support: verify at taskgram-verify.example").
 */
export function withoutLinks(text: string): string {
  return text
    .replace(/:\/\//g, '[:]//')
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-])/gu, '$1[.]')
    .replace(/(^|[^\p{L}\p{N}_])@(?=[\p{L}\p{N}_])/gu, '$1@\u200B');
}
