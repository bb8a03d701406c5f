// Every language of the showcase. The script bundles only English and fetches the player's
// language from the server (`/showcase/i18n/<lang>.json`); the server answers the showcase
// API's player-facing messages in the player's language from the same catalogs.
import { ar } from './ar.ts';
import { en, type MessageKey, type Messages, type Plural } from './en.ts';
import { es } from './es.ts';
import { fa } from './fa.ts';
import { id } from './id.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { tr } from './tr.ts';
import { uk } from './uk.ts';

export type { MessageKey, Messages, Plural };
import type { Language } from '../../shared/languages.ts';
/** Every language's catalog (one for each of shared/languages.ts's LANGUAGES). */
export const CATALOGS: Record<string, Messages> = { en, ru, uk, es, pt, tr, id, fa, ar } satisfies Record<
  Language,
  Messages
>;
