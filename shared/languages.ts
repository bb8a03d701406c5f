// The languages of the product, in one place: the dashboard's catalogs (lingui.config.ts), the
// server's mails, notices and answers, and the showcase (whose script bundles only this and
// English; the rest load on demand). No catalogs here, so the showcase script stays small.
export const LANGUAGES = ['en', 'ru', 'uk', 'es', 'pt', 'tr', 'id', 'fa', 'ar'] as const;
export const RTL_LANGUAGES: readonly string[] = ['fa', 'ar'];

export type Language = (typeof LANGUAGES)[number];

/** The supported language of a code such as Telegram's `pt-br` or a browser's `pt-BR` (`pt`), if it is one. */
export function supportedLanguage(code: string | null | undefined): Language | undefined {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/** The supported language of a Telegram `language_code` (`pt-br` → `pt`), else English. */
export function languageOf(code: string | null | undefined): Language {
  return supportedLanguage(code) ?? 'en';
}

/** The player's language_code from initData (its `user` field), if any. Not verified: only picks a language. */
export function initDataLanguage(initData: string | undefined): string | undefined {
  try {
    const user = new URLSearchParams(initData ?? '').get('user');
    return user ? (JSON.parse(user) as { language_code?: string }).language_code : undefined;
  } catch {
    return undefined;
  }
}
