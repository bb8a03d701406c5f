/**
 * The locale every figure is shown in: the dashboard's language, set by
 * `activateLanguage` (lib/i18n.ts). A plain module, not Lingui, so the public pages that show
 * money or dates load none of Lingui.
 *
 * English keeps the spec's `$` suffix, its thousands grouped (`999,950.00 $`) and dates in the browser's own locale, as before. Every other language gets its
 * own: grouping, decimal mark, digits and the currency sign where the language puts it.
 */
import { RTL_LANGUAGES } from '../../shared/languages';

let current = 'en';

export function setFormatLocale(language: string): void {
  current = language;
}

/** The locale for `Intl`: `undefined` (the browser's) for English, else the language. */
export function formatLocale(): string | undefined {
  return current === 'en' ? undefined : current;
}

export function isEnglishFormat(): boolean {
  return current === 'en';
}

/** Persian and Arabic. */
export function isRightToLeftFormat(): boolean {
  return RTL_LANGUAGES.includes(current);
}

/**
 * A formatter per locale, made at its first use (a new `Intl` object costs about a millisecond on
 * a phone: never one per row).
 */
export function perLocale<F>(make: (locale: string | undefined) => F): () => F {
  const byLocale = new Map<string, F>();
  return () => {
    const key = current;
    let format = byLocale.get(key);
    if (!format) {
      format = make(formatLocale());
      byLocale.set(key, format);
    }
    return format;
  };
}

const integer = perLocale((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const percent = perLocale((locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));
const decimal = perLocale((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));

/** A count in the reader's form: "12,345" in English, "12 345" in Russian, "۱۲٬۳۴۵" in Persian. */
export function formatCount(value: number): string {
  return integer().format(value);
}

/** A share (0.125) as a percentage in the reader's form: "12.5%", "12,5 %", "%۱۲٫۵". */
export function formatPercent(share: number): string {
  return percent().format(share);
}

/** A measure with its fraction (0.8 s) in the reader's form: "0.8", "0,8", "۰٫۸". */
export function formatDecimal(value: number): string {
  return decimal().format(value);
}

const listFormat = perLocale((locale) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));
const regionNames = perLocale((locale) => new Intl.DisplayNames(locale ?? 'en', { type: 'region' }));
const languageNames = perLocale((locale) => new Intl.DisplayNames(locale ?? 'en', { type: 'language' }));

/** People or things in a sentence: "Morgan and Sam", "Морган и Сэм", "مورگان و سم". */
export function formatList(items: readonly string[]): string {
  return listFormat().format(items);
}

/** A country by its ISO code, in the reader's language ("DE" → "Germany", "Германия"); `fallback` for a code Intl does not know. */
export function countryName(code: string, fallback = code): string {
  try {
    return regionNames().of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A language by its code, in the reader's language ("ru" → "Russian", "русский"). */
export function languageName(code: string, fallback = code): string {
  try {
    return languageNames().of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
