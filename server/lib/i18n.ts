import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '../../shared/languages.ts';

/**
 * The server's own words in the reader's language: mails, Telegram messages, notices. Written in
 * the code as descriptors, `/*i18n*\/ { id: 'the … bounced the transfer' }`
 * (the id is the English, the source, in ICU: `{name}`, plurals and selects, `{when, date, medium}`), extracted
 * by `npm run i18n:extract` into one PO catalog a language (server/locales/<lang>/server.po) and
 * checked by `npm run lint` like the dashboard's. The catalogs are read once, when this module
 * loads; numbers and dates are formatted by Intl in the language.
 */

const LOCALES = join(import.meta.dirname, '../locales');
const po = formatter({ explicitIdAsDefault: true });

/**
 * The named formats a message may use: `{when, date, utc}` is a moment in UTC with its time, in
 * the language's own way of writing dates (Intl).
 */
const FORMATS = {
  utc: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A language's catalog, compiled once: each id's translation (English's message where a language has none). */
async function catalog(language: Language): Promise<Record<string, CompiledMessage>> {
  const text = readFileSync(join(LOCALES, language, 'server.po'), 'utf8');
  const parsed = await po.parse(text, { locale: language, sourceLocale: 'en', filename: `${language}/server.po` });
  return Object.fromEntries(
    // English is the id itself: its catalog only lists the messages.
    Object.entries(parsed ?? {}).map(([id, entry]) => [
      id,
      compileMessage((language !== 'en' && entry.translation) || entry.message || id),
    ]),
  );
}

const speakers = new Map<Language, I18n>();
await Promise.all(
  LANGUAGES.map(async (language) => {
    const i18n = setupI18n({ locale: language, messages: { [language]: await catalog(language) } });
    i18n.setMessagesCompiler(compileMessage);
    speakers.set(language, i18n);
  }),
);

/** Values a message fills in: text, numbers (Intl-formatted where the message says `number`), dates. */
export type Values = Record<string, string | number | Date | null | undefined>;

/** `descriptor` in `language`, its `{name}`s filled in from `values`. */
export function say(language: Language, descriptor: MessageDescriptor, values?: Values): string {
  return speakers.get(language)!._(descriptor.id!, values as Record<string, unknown>, {
    message: descriptor.message,
    formats: FORMATS,
  });
}
