import Negotiator from 'negotiator';
import { LANGUAGES, type Language, supportedLanguage } from '../../shared/languages.ts';

/**
 * The language to write to a person in: the account's saved choice, else the one of ours the
 * browser prefers most (its Accept-Language, negotiated by `negotiator`: q-values, `pt-BR` for
 * `pt`, `*`), else English.
 */
export function answerLanguage(saved: string | null | undefined, acceptLanguage?: string): Language {
  const own = supportedLanguage(saved);
  if (own) return own;
  if (!acceptLanguage) return 'en';
  const negotiated = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return supportedLanguage(negotiated) ?? 'en';
}
