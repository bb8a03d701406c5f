import type { AccessLevel } from '../../../shared/access-levels.ts';
import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';

/** The access levels as people know them from Google Ads (the same words in every language). */
export const LEVEL_NAMES: Record<AccessLevel, string> = {
  ADMIN: 'Admin',
  STANDARD: 'Standard',
  BILLING: 'Billing',
  READ_ONLY: 'Read-only',
};

const SUBJECT = /*i18n*/ { id: '{inviter} invites you to the Taskgram Ads account {account}' };
const TEXT = /*i18n*/ {
  id: 'Hello,\n\n{inviter} invites you to work in the Taskgram Ads account {account} with {level} access.\n\nOpen this link within {days} days to accept (sign in, or register with this e-mail address, first):\n{link}\n\nIf you do not know {inviter}, ignore this e-mail: nothing happens.',
};

/**
 * The invitation to an account, in the invitee's language when they have an account that chose
 * one, else the inviter's, else English.
 */
export function invitationMail(
  language: Language,
  params: { account: string; inviter: string; level: AccessLevel; link: string; days: number },
): { subject: string; text: string } {
  const values = { ...params, level: LEVEL_NAMES[params.level] };
  return { subject: say(language, SUBJECT, values), text: say(language, TEXT, values) };
}
