import { en, type MessageKey, type Messages, type Plural } from './i18n/en.ts';

/** Fills `{name}` placeholders. */
function fill(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** A language's messages: built-in English, others fetched once per page and language. */
const catalogs: Record<string, Promise<Messages>> = {};
function catalog(apiBase: string, lang: string): Promise<Messages> {
  if (lang === 'en') return Promise.resolve(en);
  catalogs[lang] ??= fetch(`${apiBase}/showcase/i18n/${lang}.json`, { credentials: 'omit' })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((m: Partial<Messages>) => ({ ...en, ...m }) as Messages)
    .catch(() => {
      delete catalogs[lang];
      return en;
    });
  return catalogs[lang];
}

/**
 * The showcase's words in the player's language: English at once, the player's catalog when it
 * has loaded (`ready`), numbers and plural forms by the language's rules.
 */
export function createTranslator(apiBase: string, lang: string) {
  let messages: Messages = en;
  const ready = catalog(apiBase, lang).then((m) => {
    messages = m;
  });
  const t = (key: MessageKey, vars?: Record<string, string | number>) => {
    const value = messages[key];
    return fill(typeof value === 'string' ? value : value.other, vars);
  };
  const number = (n: number) => {
    try {
      return new Intl.NumberFormat(lang).format(n);
    } catch {
      return String(n);
    }
  };
  const plural = (key: MessageKey, count: number) => {
    const forms = messages[key] as Plural;
    let category = 'other';
    try {
      category = new Intl.PluralRules(lang).select(count);
    } catch {}
    return fill(forms[category as keyof Plural] ?? forms.other, { count: number(count) });
  };
  /** True while English stands in for another language whose catalog has not arrived. */
  const waitingForCatalog = () => messages === en && lang !== 'en';
  return { ready, t, number, plural, waitingForCatalog };
}
