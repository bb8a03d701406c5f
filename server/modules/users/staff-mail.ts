import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';
import type { StaffRole } from './user.entity.ts';

/**
 * The mail a person gets when a staff role of theirs is granted or taken: in the
 * language their account chose, else English (the change is somebody else's request: no browser
 * of theirs says a language).
 */

const WORDS = {
  roles: {
    moderator: /*i18n*/ { id: 'moderator' },
    finance: /*i18n*/ { id: 'finance' },
    admin: /*i18n*/ { id: 'staff administrator' },
  },
  granted: /*i18n*/ {
    id: 'You are now {role, select, admin {a staff administrator} other {{name} staff}} on Taskgram Ads',
  },
  taken: /*i18n*/ { id: 'Your {name} role on Taskgram Ads was taken away' },
  text: /*i18n*/ {
    id: 'Hello {name},\n\nYour Taskgram Ads account ({email}) was {granted, select, yes {given} other {changed: it no longer has}} the {role} role, by {by}. It is in force at once, on every page you have open.\n\nIf you did not expect this, tell your team: every change of a staff role is recorded with who made it.\n\n{link}',
  },
};

/** The mail for a grant (`granted`) or removal of `role`, in `language`. */
export function staffRoleMail(
  language: Language,
  p: { name: string; email: string; role: StaffRole; granted: boolean; by: string; link: string },
): { subject: string; text: string } {
  const role = say(language, WORDS.roles[p.role]);
  return {
    subject: p.granted
      ? say(language, WORDS.granted, { role: p.role, name: role })
      : say(language, WORDS.taken, { name: role }),
    text: say(language, WORDS.text, { ...p, role, granted: p.granted ? 'yes' : 'no' }),
  };
}
