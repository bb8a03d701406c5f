import type { MessageDescriptor } from '@lingui/core';
import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';

/**
 * The account's own mails: the password reset link, the sign-in code, and the notices
 * about registration requests and failed sign-ins, in the nine languages (the server's catalogs).
 * Which one: the account's saved language, else the one the asking browser prefers most
 * (`answerLanguage`, server/lib/language.ts), else English.
 */

type Mail = { subject: string; text: string };
/** What each mail fills in. */
interface MailParams {
  passwordReset: { name: string; link: string };
  emailConfirm: { name: string; link: string; email: string };
  signInCode: { name: string; code: string; ip: string; resetLink: string };
  registrationExists: { loginLink: string; resetLink: string };
  registrationReceived: { name: string };
  registrationPending: Record<string, never>;
  signInFailures: { resetLink: string };
}
export type AccountMail = keyof MailParams;

/** A sign-in page's address in `language` (`https://…/ru/login`; English has no prefix), for a mail's link. */
export function signInPageLink(appUrl: string, path: string, language: Language): string {
  return `${appUrl}${language === 'en' ? '' : `/${language}`}${path}`;
}

const MAILS = {
  passwordReset: {
    subject: /*i18n*/ { id: 'Reset your password' },
    text: /*i18n*/ {
      id: 'Hello {name},\n\nOpen this link within one hour to set a new password:\n{link}\n\nIf you did not ask for it, ignore this e-mail.',
    },
  },
  emailConfirm: {
    subject: /*i18n*/ { id: 'Confirm your new e-mail' },
    text: /*i18n*/ {
      id: 'Hello {name},\n\nOpen this link within 24 hours to make {email} the e-mail of your Taskgram Ads account:\n{link}\n\nIf you did not ask for it, ignore this e-mail: nothing changes.',
    },
  },
  signInCode: {
    subject: /*i18n*/ { id: 'Your sign-in code: {code}' },
    text: /*i18n*/ {
      id: 'Hello {name},\n\nYour Taskgram Ads account has seen many failed sign-in attempts, so signing in from an address it has not used before needs this code (the last attempt came from {ip}). If it is you, enter it with your password within 15 minutes:\n\n    {code}\n\nIf it is not you, do not share the code with anybody: without it, nobody gets further than the password field. You may also want to choose a new, strong password at {resetLink}.',
    },
  },
  registrationExists: {
    subject: /*i18n*/ { id: 'You already have an account' },
    text: /*i18n*/ {
      id: 'Hello,\n\nSomeone asked to register a Taskgram Ads account with this e-mail, but it already has one.\nSign in at {loginLink}, or set a new password at {resetLink} if you forgot it.\n\nIf it was not you, you can ignore this e-mail: nothing has changed.',
    },
  },
  registrationReceived: {
    subject: /*i18n*/ { id: 'We have your registration request' },
    text: /*i18n*/ {
      id: 'Hello {name},\n\nThank you for asking to join Taskgram Ads. A moderator reviews every request; we will write to you at this address as soon as yours is decided, and you can sign in from then on with the password you chose.\n\nIf it was not you, you can ignore this e-mail: nothing happens unless a moderator approves the request.',
    },
  },
  registrationPending: {
    subject: /*i18n*/ { id: 'Your registration request is under review' },
    text: /*i18n*/ {
      id: 'Hello,\n\nSomeone asked again to register a Taskgram Ads account with this e-mail. Your first request is still under review: we will write to you once a moderator has looked at it.\n\nIf it was not you, you can ignore this e-mail.',
    },
  },
  signInFailures: {
    subject: /*i18n*/ { id: 'Many failed sign-in attempts on your account' },
    text: /*i18n*/ {
      id: 'Hello,\n\nYour Taskgram Ads account has just seen many sign-in attempts with a wrong password. Sign-ins from where you signed in before are not affected; from anywhere else they now need a one-time code that we e-mail to you, so nobody without this mailbox gets further.\nIf it was not you, choose a new, strong password at {resetLink}.\n\nIf it was you, you can ignore this e-mail.',
    },
  },
};

/** One of the account's mails in `language`. */
export function accountMail<K extends AccountMail>(
  kind: K,
  language: Language,
  ...[params]: K extends 'registrationPending' ? [] : [MailParams[K]]
): Mail {
  const mail: { subject: MessageDescriptor; text: MessageDescriptor } = MAILS[kind];
  return { subject: say(language, mail.subject, params), text: say(language, mail.text, params) };
}
