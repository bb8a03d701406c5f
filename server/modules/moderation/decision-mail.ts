import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';
import { signInPageLink } from '../auth/mails.ts';

/**
 * The decision on a registration request, mailed to the applicant: in the language
 * they applied in (`registration_requests.language`, from the page that sent the request), else
 * English; the links open the sign-in pages in it.
 */

const WORDS = {
  approvedSubject: /*i18n*/ { id: 'Your Taskgram Ads account is ready' },
  approved: /*i18n*/ {
    id: 'Hello {name},\n\nYour registration request was approved: your Taskgram Ads account is ready. {how}:\n\n    {link}\n\nWelcome aboard!',
  },
  withGoogle: /*i18n*/ { id: 'Sign in with the same Google account' },
  withPassword: /*i18n*/ { id: 'Sign in with this e-mail and the password you chose when you applied' },
  declinedSubject: /*i18n*/ { id: 'Your Taskgram Ads registration request was declined' },
  declined: /*i18n*/ {
    id: "Hello {name},\n\nYour registration request was declined.\n\n{reasonGiven, select, yes {The moderator's reason: {reason}\n\n} other {}}If you think this is a mistake, or once the reason no longer applies, reply to this e-mail or send a new request at {link}.",
  },
};

/** The decision's mail in `language`: what was decided and what to do next. */
export function decisionMail(
  language: Language,
  p: { approved: boolean; google: boolean; name: string; reason: string | null; appUrl: string },
): { subject: string; text: string } {
  const page = (path: string) => signInPageLink(p.appUrl, path, language);
  if (p.approved) {
    const how = say(language, p.google ? WORDS.withGoogle : WORDS.withPassword);
    return {
      subject: say(language, WORDS.approvedSubject),
      text: say(language, WORDS.approved, { name: p.name, how, link: page('/login') }),
    };
  }
  return {
    subject: say(language, WORDS.declinedSubject),
    text: say(language, WORDS.declined, {
      name: p.name,
      reason: p.reason,
      reasonGiven: p.reason ? 'yes' : 'no',
      link: page('/register'),
    }),
  };
}
