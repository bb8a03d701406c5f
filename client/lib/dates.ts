import { perLocale } from './locale';

/**
 * Local date formats, each an `Intl.DateTimeFormat` made once, at its first use. Making one costs
 * about a millisecond on a phone (its locale data): `toLocaleString(locale, options)` makes a new
 * one at every call (every row of a table), and one made at a module's top level slows the start
 * of every page that loads the module, whether it shows a date or not.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date | number) => string {
  // One per language (lib/locale.ts): the browser's locale in English, as before; else the
  // reader's language.
  const format = perLocale((locale) => new Intl.DateTimeFormat(locale, options));
  return (date) => {
    // As `toLocaleString` does (format() throws on an invalid date).
    if (Number.isNaN(typeof date === 'number' ? date : date.getTime())) return 'Invalid Date';
    return format().format(date);
  };
}

const shortDateTime = dateFormat({ dateStyle: 'short', timeStyle: 'short' });

/** Short local date and time, e.g. "4/3/26, 2:05 PM". */
export const formatShortDate = (iso: string): string => shortDateTime(new Date(iso));

const dayOnly = dateFormat({ dateStyle: 'medium' });

/** A day in the reader's language, e.g. "Dec 7, 2026", "7 дек. 2026 г.", "۱۶ آذر ۱۴۰۵". */
export const formatDate = (iso: string): string => dayOnly(new Date(iso));

const dateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the reader's language, e.g. "Dec 7, 2026, 4:05 AM". */
export const formatDateTime = (iso: string): string => dateTime(new Date(iso));
