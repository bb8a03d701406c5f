import type { Language } from '../../../shared/languages.ts';
import { uk } from './translations/uk.ts';
import { es } from './translations/es.ts';
import { pt } from './translations/pt.ts';
import { tr } from './translations/tr.ts';
import { id } from './translations/id.ts';
import { fa } from './translations/fa.ts';
import { ar } from './translations/ar.ts';

/**
 * The notifications, the "This was not me" line and the bot's answers in the languages past
 * English and Russian (those two are beside each type in messages.ts). Keyed by type; a test
 * (messages.test.ts) keeps every type, button and answer present in every language.
 */

type Params = Record<string, string | number>;
type Text = (p: Params) => string;

export interface BotText {
  welcome: string;
  linked: (name: string) => string;
  expired: string;
  taken: string;
  notLinked: string;
  settings: string;
  stopped: string;
  openDashboard: string;
  openSettings: string;
}

export interface MessageTranslation {
  text: Record<string, Text>;
  /** Each button's label, by its English label. */
  buttons: Record<string, string>;
  notMe: (link: string) => string;
  bot: BotText;
}

type More = Exclude<Language, 'en' | 'ru'>;

export const TRANSLATIONS: Record<More, MessageTranslation> = { uk, es, pt, tr, id, fa, ar };
