import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';

/**
 * Why the chain did not pay a withdrawal, in the notice's language (its params `chain` and
 * `exitCode`, from the withdrawal's stored code: server/modules/payouts/chain-failure.ts); the
 * English `reason` stays for the rest.
 */
const REASONS = {
  BOUNCED: /*i18n*/ { id: 'the recipient’s jetton wallet bounced the transfer' },
  REFUSED: /*i18n*/ { id: 'the hot wallet’s jetton wallet refused the transfer (exit code {exitCode})' },
};

/** The chain's reason in `language`, or null when the params name none. */
export function chainReason(language: Language, params: Record<string, unknown>): string | null {
  if (params.chain === 'BOUNCED') return say(language, REASONS.BOUNCED);
  if (params.chain === 'REFUSED')
    return say(language, REASONS.REFUSED, { exitCode: String(params.exitCode ?? 'none') });
  return null;
}
