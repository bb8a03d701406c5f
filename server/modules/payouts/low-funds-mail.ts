import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';

/**
 * The mail finance gets when approved withdrawals wait for the hot wallet's funds: in
 * each finance member's chosen language, else English. Amounts keep the chain's form (`12.50
 * USDT`, `0.35 TON`): they are what to send.
 */

const WORDS = {
  subject: /*i18n*/ { id: 'The payout wallet is short of funds' },
  fees: /*i18n*/ { id: 'fees' },
  and: /*i18n*/ { id: 'and' },
  text: /*i18n*/ {
    id: 'Approved withdrawals are waiting: the hot wallet needs {needs} more. Send them to {address}; nothing is sent until then.',
  },
};

/** The mail in `language`; `usdt` and `ton` are what is missing ('' when nothing is). */
export function lowFundsMail(
  language: Language,
  p: { usdt: string; ton: string; address: string },
): { subject: string; text: string } {
  const needs = [p.usdt ? `${p.usdt} USDT` : '', p.ton ? `${p.ton} TON (${say(language, WORDS.fees)})` : '']
    .filter(Boolean)
    .join(` ${say(language, WORDS.and)} `);
  return {
    subject: say(language, WORDS.subject),
    text: `${say(language, WORDS.text, { needs, address: p.address })}\n`,
  };
}
