/** PostgreSQL cannot store NUL in text: every way in refuses it with this message. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

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
