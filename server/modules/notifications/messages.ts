import type { MessageDescriptor } from '@lingui/core';
import { type Language, languageOf } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';
import { withoutLinks } from '../../lib/text.ts';
import { chainReason } from './chain-reasons.ts';

/**
 * The notification types, who they are for, and what each message says (one or two lines), with
 * the dashboard page its button opens. The words are ICU messages whose id is the English
 * (`{name}` a parameter, `{x, select, yes {…} other {…}}` a choice); the other languages are in
 * the server's catalogs (server/locales/<lang>/server.po, server/lib/i18n.ts).
 */

export const NOTIFICATION_GROUPS = [
  'SECURITY',
  'ADVERTISER',
  'PUBLISHER',
  'EXCHANGE',
  'MODERATION',
  'FINANCE',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

type Params = Record<string, string | number>;
type Text = (p: Params) => string;

export interface TypeDef {
  group: NotificationGroup;
  /** What the Notifications page calls it. */
  label: string;
  /** E-mail on by default (where the product mailed before: a failed payout). */
  email?: boolean;
  /**
   * A security notice: by e-mail always and in Telegram when linked, whatever the choices (a
   * stolen session must not be able to silence what tells the owner of it).
   */
  alwaysOn?: boolean;
  /** The English mail's subject; the message's first words otherwise. */
  subject?: Text;
  text: MessageDescriptor;
  /** The text's yes/no choices, each from the parameter it reads (`held`: whether `heldUntil` is set). */
  choices?: Record<string, string>;
  /** The button's label. */
  button: MessageDescriptor;
}

const open = /*i18n*/ { id: 'Open' };

export const NOTIFICATION_TYPES = {
  telegramLinked: {
    group: 'SECURITY',
    label: 'Telegram linked to the account',
    alwaysOn: true,
    subject: () => 'Telegram was linked to your Taskgram Ads account',
    text: /*i18n*/ {
      id: '🔐 The Telegram account {account} was linked to your Taskgram Ads account ({email}): it can sign in to it and gets its notifications. If this was not you, unlink it on the Notifications page and change your password.',
    },
    button: /*i18n*/ { id: 'Open the notifications' },
  },
  secondFactorAdded: {
    group: 'SECURITY',
    label: 'Second factor added',
    alwaysOn: true,
    subject: () => 'A second factor was added to your Taskgram Ads account',
    text: /*i18n*/ {
      id: '🔐 {factor} was added as a second factor of your Taskgram Ads account ({email}). If this was not you, change your password and remove it on the Security page.',
    },
    button: /*i18n*/ { id: 'Open Security' },
  },
  secondFactorRemoved: {
    group: 'SECURITY',
    label: 'Second factor removed',
    alwaysOn: true,
    subject: () => 'A second factor was removed from your Taskgram Ads account',
    text: /*i18n*/ {
      id: '🔐 {factor} was removed from the second factors of your Taskgram Ads account ({email}). If this was not you, change your password at once.',
    },
    button: /*i18n*/ { id: 'Open Security' },
  },
  telegramUnlinked: {
    group: 'SECURITY',
    label: 'Telegram unlinked from the account',
    alwaysOn: true,
    subject: () => 'Telegram was unlinked from your Taskgram Ads account',
    text: /*i18n*/ {
      id: '🔐 The Telegram account {account} was unlinked from your Taskgram Ads account ({email}): it no longer signs in or gets notifications. If this was not you, change your password.',
    },
    button: /*i18n*/ { id: 'Open the notifications' },
  },
  signInNew: {
    group: 'SECURITY',
    label: 'Sign-in from a new device or address',
    alwaysOn: true,
    subject: () => 'A new sign-in to your Taskgram Ads account',
    text: /*i18n*/ {
      id: '🔐 Your Taskgram Ads account ({email}) was signed in to from a device or address it had not used before: {device}, address {ip}, by {method}. If this was you, nothing to do.',
    },
    button: /*i18n*/ { id: 'Open the sessions' },
  },
  passwordChanged: {
    group: 'SECURITY',
    label: 'Password changed',
    alwaysOn: true,
    subject: () => 'The password of your Taskgram Ads account was changed',
    text: /*i18n*/ {
      id: '🔐 The password of your Taskgram Ads account ({email}) was changed, and its other sessions ended.',
    },
    button: /*i18n*/ { id: 'Open the dashboard' },
  },
  emailChanged: {
    group: 'SECURITY',
    label: 'E-mail changed',
    alwaysOn: true,
    subject: () => 'The e-mail of your Taskgram Ads account was changed',
    text: /*i18n*/ {
      id: '🔐 The e-mail of your Taskgram Ads account was changed from {email} to {newEmail}: mail and sign-in go to the new address now.',
    },
    button: /*i18n*/ { id: 'Open Security' },
  },
  withdrawalRequested: {
    group: 'SECURITY',
    label: 'Withdrawal requested',
    alwaysOn: true,
    subject: (p) => `A withdrawal of ${p.amount} $ was requested from your Taskgram Ads account`,
    text: /*i18n*/ {
      id: '🔐 A withdrawal of {amount} $ to {wallet} was requested from your Taskgram Ads account ({email}).{newAddress, select, yes { This address is new: the account has not been paid at it before.} other {}}{held, select, yes { It is held until {heldUntil, date, utc}: if it was not you, say so before then.} other {}}',
    },
    choices: { newAddress: 'newAddress', held: 'heldUntil' },
    button: /*i18n*/ { id: 'Open the withdrawals' },
  },
  teamMemberJoined: {
    group: 'SECURITY',
    label: 'Someone joined an account you administer',
    alwaysOn: true,
    subject: (p) => `${p.member} joined the Taskgram Ads account ${p.team}`,
    text: /*i18n*/ {
      id: '👥 {member} joined the Taskgram Ads account {team} with {level} access. If nobody of yours invited them, remove them on the Team page.',
    },
    button: /*i18n*/ { id: 'Open the team' },
  },
  teamMemberLeft: {
    group: 'SECURITY',
    label: 'Someone left an account you administer',
    alwaysOn: true,
    subject: (p) => `${p.member} no longer works in the Taskgram Ads account ${p.team}`,
    text: /*i18n*/ {
      id: '👥 {member} no longer works in the Taskgram Ads account {team}{removed, select, yes {: {by} removed them} other {: they left}}.',
    },
    choices: { removed: 'by' },
    button: /*i18n*/ { id: 'Open the team' },
  },
  teamLevelChanged: {
    group: 'SECURITY',
    label: 'An access level changed in an account you administer',
    alwaysOn: true,
    subject: (p) => `${p.member}'s access to the Taskgram Ads account ${p.team} changed`,
    text: /*i18n*/ {
      id: '👥 {by} gave {member} {level} access to the Taskgram Ads account {team}.',
    },
    button: /*i18n*/ { id: 'Open the team' },
  },
  campaignApproved: {
    group: 'ADVERTISER',
    label: 'Campaign approved',
    text: /*i18n*/ { id: '✅ Your campaign “{campaign}” was approved and is running.' },
    button: /*i18n*/ { id: 'Open the campaign' },
  },
  campaignRejected: {
    group: 'ADVERTISER',
    label: 'Campaign rejected',
    text: /*i18n*/ { id: '❌ Your campaign “{campaign}” was rejected: {reason}' },
    button: /*i18n*/ { id: 'Open the campaign' },
  },
  budgetLow: {
    group: 'ADVERTISER',
    label: 'Budget below 10 %',
    text: /*i18n*/ { id: '⚠️ “{campaign}” has {left} $ of its {budget} $ budget left. Top it up to keep buying.' },
    button: /*i18n*/ { id: 'Open the campaign' },
  },
  budgetExhausted: {
    group: 'ADVERTISER',
    label: 'Budget exhausted',
    text: /*i18n*/ { id: '⛔ “{campaign}” spent its {budget} $ budget and stopped buying.' },
    button: /*i18n*/ { id: 'Open the campaign' },
  },
  dailyCapReached: {
    group: 'ADVERTISER',
    label: 'Daily cap reached',
    text: /*i18n*/ {
      id: '⏸ “{campaign}” reached its daily cap of {cap, plural, one {# conversion} other {# conversions}}; it resumes tomorrow (UTC).',
    },
    button: /*i18n*/ { id: 'Open the campaign' },
  },
  topUpConfirmed: {
    group: 'ADVERTISER',
    label: 'Top-up confirmed',
    text: /*i18n*/ { id: '💰 Your top-up of {amount} $ is confirmed.' },
    button: open,
  },
  withdrawalApproved: {
    group: 'PUBLISHER',
    label: 'Withdrawal approved',
    text: /*i18n*/ { id: '👍 Your withdrawal of {amount} $ was approved; it is sent in USDT on TON shortly.' },
    button: /*i18n*/ { id: 'Open the withdrawal' },
  },
  withdrawalSent: {
    group: 'PUBLISHER',
    label: 'Withdrawal sent',
    text: /*i18n*/ { id: '📤 Your withdrawal of {amount} $ was sent to {address}; waiting for the chain to confirm.' },
    button: /*i18n*/ { id: 'Open the withdrawal' },
  },
  withdrawalConfirmed: {
    group: 'PUBLISHER',
    label: 'Withdrawal confirmed',
    text: /*i18n*/ { id: '✅ Your withdrawal of {amount} $ arrived: {amount} USDT are in your wallet.' },
    button: /*i18n*/ { id: 'Open the withdrawal' },
  },
  withdrawalFailed: {
    group: 'PUBLISHER',
    label: 'Withdrawal failed',
    email: true,
    // `rejected`: finance turned it down before it was sent; otherwise the chain refused its transfer.
    subject: (p) => `Your withdrawal #${p.id} was ${p.rejected ? 'rejected' : 'not paid'}`,
    text: /*i18n*/ {
      id: '❌ Your withdrawal of {amount} $ {rejected, select, yes {was rejected} other {failed}}: {reason}. The amount is back in your balance.',
    },
    choices: { rejected: 'rejected' },
    button: /*i18n*/ { id: 'Open the withdrawal' },
  },
  appPaused: {
    group: 'PUBLISHER',
    label: 'App paused by the quality floor',
    text: /*i18n*/ { id: '⏸ “{app}” was paused: its quality {score} fell under the floor of {floor}.' },
    button: /*i18n*/ { id: 'Open the app' },
  },
  appResumed: {
    group: 'PUBLISHER',
    label: 'App’s pause lifted',
    text: /*i18n*/ { id: '▶️ Paid campaigns show in “{app}” again: its pause under the quality floor ended.' },
    button: /*i18n*/ { id: 'Open the app' },
  },
  firstConversion: {
    group: 'PUBLISHER',
    label: 'An app’s first conversion',
    text: /*i18n*/ { id: '🎉 “{app}” earned its first conversion.' },
    button: /*i18n*/ { id: 'Open the app' },
  },
  offerReceived: {
    group: 'EXCHANGE',
    label: 'New exchange offer',
    text: /*i18n*/ { id: '🤝 New exchange offer from {from}: {count, plural, one {# user} other {# users}} each way.' },
    button: /*i18n*/ { id: 'Open the offers' },
  },
  offerAccepted: {
    group: 'EXCHANGE',
    label: 'Offer accepted',
    text: /*i18n*/ { id: '✅ {by} accepted your exchange offer: the swap has started.' },
    button: /*i18n*/ { id: 'Open the swaps' },
  },
  offerDeclined: {
    group: 'EXCHANGE',
    label: 'Offer declined',
    text: /*i18n*/ { id: '❌ {by} declined your exchange offer.' },
    button: /*i18n*/ { id: 'Open the offers' },
  },
  swapFinished: {
    group: 'EXCHANGE',
    label: 'Swap finished',
    text: /*i18n*/ { id: '🏁 Your swap with {with} is finished.' },
    button: /*i18n*/ { id: 'Open the swaps' },
  },
  queueWaiting: {
    group: 'MODERATION',
    label: 'Moderation queue waiting',
    text: /*i18n*/ {
      id: '🕑 {count, plural, one {# item} other {# items}} in the moderation queue, the oldest waiting {minutes} min.',
    },
    button: /*i18n*/ { id: 'Open the queue' },
  },
  payoutLimitReached: {
    group: 'FINANCE',
    label: 'Payout limit reached',
    email: true,
    subject: () => 'Payouts wait: a payout limit is reached',
    text: /*i18n*/ { id: '⏸️ {message}' },
    button: /*i18n*/ { id: 'Open Finance' },
  },
} satisfies Record<string, TypeDef>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

export function isNotificationType(value: string): value is NotificationType {
  return Object.hasOwn(NOTIFICATION_TYPES, value);
}

/** The message's language: one of the nine for a language code of one of them, else English. */
export const messageLanguage = languageOf;

/**
 * Parameters the product writes itself (figures, the payee's address, the account's own e-mail
 * and linked Telegram username): shown as they are. Every other one is somebody's text (a
 * campaign's, an app's or a partner's name, a reason) and is shown without links: withoutLinks.
 */
const OWN_PARAMS = new Set([
  'amount',
  'left',
  'budget',
  'cap',
  'count',
  'minutes',
  'score',
  'floor',
  'id',
  'address',
  'account',
  'email',
  'wallet',
  'ip',
  'method',
  'heldUntil',
]);

/**
 * Where a message's text holds the dashboard's address: replaced when it is sent (the text is
 * written before, in the transaction of what happened).
 */
export const APP_URL_MARK = '{app}';

const NOT_ME = /*i18n*/ {
  id: 'This was not you? Open {link} to end every session of the account and stop its withdrawals.',
};

/** The "This was not me" line every security notice ends with (its one-time link). */
export function notMeLine(language: Language, token: string): string {
  return say(language, NOT_ME, { link: `${APP_URL_MARK}/not-me#${token}` });
}

/**
 * The message in `language`, and the mail's subject: English has its own subjects; the other
 * languages take the message's first words (the subject in the reader's language).
 */
export function renderMessage(type: NotificationType, params: Params, language: Language) {
  const def: TypeDef = NOTIFICATION_TYPES[type];
  const shown = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && !OWN_PARAMS.has(k) ? withoutLinks(v) : v]),
  );
  // A withdrawal the chain did not pay: its reason in the reader's language.
  const chain = chainReason(language, params);
  if (chain) shown.reason = chain;
  const choices = Object.entries(def.choices ?? {}).map(([name, from]) => [name, params[from] ? 'yes' : 'no']);
  // A choice's other side is formatted too: a date it does not say is left out, not read as ''.
  const values = Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, v === '' ? undefined : v]));
  const text = say(language, def.text, { ...values, ...Object.fromEntries(choices) });
  // Up to the first colon or full stop (not the decimal point of an amount).
  const words = text.replace(/^\P{L}+/u, '').split(/:|\.(?:\s|$)/)[0];
  const subject = language === 'en' ? def.subject?.(shown) : undefined;
  return { text, subject: subject ?? (words.length > 90 ? `${words.slice(0, 87)}…` : words) };
}

export function buttonLabel(type: NotificationType, language: Language): string {
  return say(language, (NOTIFICATION_TYPES[type] as TypeDef).button);
}

/** What the bot answers to its commands and to links. */
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

const BOT = {
  welcome: /*i18n*/ {
    id: 'This is the Taskgram Ads system bot. Link it from the dashboard (Notifications → Link Telegram) to get campaign, payout and exchange news here.',
  },
  linked: /*i18n*/ {
    id: 'Linked to {name}. You will get notifications here; /settings chooses which, /stop turns them off.',
  },
  expired: /*i18n*/ {
    id: 'This link has expired or was already used. Open the dashboard and press “Link Telegram” again.',
  },
  taken: /*i18n*/ {
    id: 'This Telegram account is already linked to another dashboard account. Unlink it there first.',
  },
  notLinked: /*i18n*/ {
    id: 'This chat is not linked to a dashboard account yet. Link it from the Notifications page.',
  },
  settings: /*i18n*/ { id: 'Choose which notifications you get on the Notifications page of the dashboard.' },
  stopped: /*i18n*/ {
    id: 'Notifications are off and this chat is unlinked. Link again from the dashboard to turn them back on.',
  },
  openDashboard: /*i18n*/ { id: 'Open the dashboard' },
  openSettings: /*i18n*/ { id: 'Notification settings' },
};

/** The bot's answers in `language`. */
export function botText(language: Language): BotText {
  return {
    welcome: say(language, BOT.welcome),
    linked: (name) => say(language, BOT.linked, { name }),
    expired: say(language, BOT.expired),
    taken: say(language, BOT.taken),
    notLinked: say(language, BOT.notLinked),
    settings: say(language, BOT.settings),
    stopped: say(language, BOT.stopped),
    openDashboard: say(language, BOT.openDashboard),
    openSettings: say(language, BOT.openSettings),
  };
}
