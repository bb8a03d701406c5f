import { describe, expect, it } from 'vitest';
import { dateFormat, formatShortDate } from './dates';

describe('dates', () => {
  it('formats as toLocaleString does, an invalid date included', () => {
    const iso = '2026-04-03T14:05:00.000Z';
    expect(formatShortDate(iso)).toBe(
      new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
    );
    expect(formatShortDate('not a date')).toBe(new Date('not a date').toLocaleString());
    const day = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(day(Date.UTC(2026, 3, 3))).toBe(
      new Date(Date.UTC(2026, 3, 3)).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    );
    expect(day(Number.NaN)).toBe('Invalid Date');
  });
});
