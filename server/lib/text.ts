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
