import { i18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language, RTL_LANGUAGES, supportedLanguage } from '../../shared/languages';
import { setFormatLocale } from './locale';
import { telegramLanguageCode } from './telegram';

/**
 * The dashboard's language: Lingui's `i18n`, each language's compiled catalog (English
 * too: in production the macros leave only the messages' ids) loaded the first time it is chosen,
 * before the signed-in layout first renders (the home route's loader, `startLanguage`).
 *
 * Which language: the account's saved choice (`User.language`), else the one this browser last
 * used, else Telegram's `language_code` inside the Mini App, else the browser's languages, else
 * English. `<html lang dir>` follows it: Persian and Arabic read right to left.
 */
export { LANGUAGES, type Language, supportedLanguage };

/** Each language in its own words, as the switcher lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  uk: 'Українська',
  es: 'Español',
  pt: 'Português',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
  fa: 'فارسی',
  ar: 'العربية',
};

/** Where this browser keeps the last language it used (a guest's choice, and the first paint's). */
const STORAGE_KEY = 'taskgram:language';

export function isRightToLeft(language: string): boolean {
  return RTL_LANGUAGES.includes(language);
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether a language nobody chose is taken from Telegram or the browser: on since every
 * dashboard page is in the catalogs (the pseudo-locale walk, tests/e2e/i18n-walk.test.ts, finds
 * no words outside them). The public pages are English still.
 */
export const DETECT_LANGUAGE = true;

/**
 * Lingui's pseudolocalization of English ("Ŝéàŕçĥ"), for finding words left outside the
 * catalogs: a developer's switch, `localStorage['taskgram:language'] = 'pseudo'` (the end-to-end
 * walk in tests/e2e/i18n-walk.test.ts uses it). Never offered to users.
 */
export const PSEUDO = 'pseudo';
export type ShownLanguage = Language | typeof PSEUDO;

/** The language to show, from the account's choice (when signed in) and this browser. */
export function preferredLanguage(saved?: string | null, detect = DETECT_LANGUAGE): ShownLanguage {
  if (stored() === PSEUDO) return PSEUDO;
  const browser = !detect || typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const code of [saved, stored(), detect ? telegramLanguageCode() : undefined, ...browser]) {
    const language = supportedLanguage(code);
    if (language) return language;
  }
  return 'en';
}

// The catalogs, compiled from client/locales/<lang>/messages.po by @lingui/vite-plugin, each its
// own chunk. English has none to load: the code holds it (the build compiles each message's
// English where it is used, client/lingui-english.ts).
const catalogs = import.meta.glob<{ messages: Messages }>(['../locales/*/messages.po', '!../locales/en/messages.po']);

const loaded = new Set<string>(['en']);
// In development and tests the macros keep each message's English as written: compiled here
// when shown. The production build has it compiled already, and no compiler.
if (!import.meta.env.PROD) i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Whether a message can be shown in the active language: English, or its catalog is loaded. */
export function catalogLoaded(): boolean {
  return loaded.has(i18n.locale);
}

// The public pages' words (the landing page, FAQ and policies: client/features/landing, policy), a
// catalog of their own per language, so that the dashboard never loads them and they never load
// the dashboard's. The build renders those pages in every language (scripts/prerender.mjs); the
// app loads one only when it shows such a page itself (their routes' loader).
const publicCatalogs = import.meta.glob<{ messages: Messages }>(['../locales/*/public.po', '!../locales/en/public.po']);
const publicLoaded = new Set<string>(['en']);

/** The public pages' catalog of `language` (English when it has none), loaded once. */
export async function loadPublicCatalog(language: string): Promise<void> {
  if (publicLoaded.has(language)) return;
  const load = publicCatalogs[`../locales/${language}/public.po`];
  if (!load) return; // (a language without its own: the code's English)
  i18n.load(language, (await load()).messages);
  publicLoaded.add(language);
}

/** The path of a public page in the language shown: `/privacy-policy` → `/ru/privacy-policy`; English has none. */
export function publicPath(path: string, language: string = i18n.locale): string {
  if (language === 'en' || !LANGUAGES.includes(language as Language)) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** Keeps `language` as this browser's choice (a link to a page in it: the next `/` or `/login` opens in it). */
/** A language the reader picked (a link of the switcher): kept, and marked as this page's choice. */
export function chooseLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.languageChosen = language;
  rememberLanguage(language);
}

export function rememberLanguage(language: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {}
}

/**
 * The sign-in pages' `{-$lang}` for a link between them (client/routes/guest.tsx): the language
 * shown, none for English (and for the pseudo-locale, which has no address of its own).
 */
export function langParams(): { lang: Language | undefined } {
  const language = i18n.locale;
  return { lang: language !== 'en' && LANGUAGES.includes(language as Language) ? (language as Language) : undefined };
}

/** `<html lang dir>` for `language`: the page's text direction, its fonts' and screen readers' language. */
export function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

/** Shows the dashboard in `language`: loads its catalog once, then switches every message at once. */
export async function activateLanguage(language: ShownLanguage): Promise<void> {
  if (!loaded.has(language)) {
    const load = catalogs[`../locales/${language}/messages.po`];
    if (!load) throw new Error(`No catalog for ${language}`);
    i18n.load(language, (await load()).messages);
    loaded.add(language);
  }
  // Figures first: the pages re-render on `activate`, in the new language's number forms.
  setFormatLocale(language);
  i18n.activate(language);
  applyDocumentLanguage(language);
  // A language picked on this page (the switcher's link, marked on <html> also by the build's
  // inline script before the app runs) is the one kept, whenever this catalog came.
  const picked = typeof document === 'undefined' ? undefined : document.documentElement.dataset.languageChosen;
  if (!picked || picked === language) rememberLanguage(language);
}

/**
 * The first language of the signed-in layout and of the sign-in pages (their routes' loaders wait
 * for it): the one the address names (`/ru/login`), else this browser's choice or language.
 * Should its catalog not come within a few seconds, English (or what is there) shows.
 */
export function startLanguage(named?: Language): Promise<void> {
  const language = named ?? preferredLanguage();
  const load = activateLanguage(language).catch(() => (language === 'en' ? undefined : activateLanguage('en')));
  return Promise.race([load, new Promise<void>((r) => setTimeout(r, 5000))]).catch(() => undefined);
}

export { i18n };
