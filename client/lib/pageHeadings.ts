import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
/**
 * The headings of the dashboard pages that always open with the same words. The page shows them
 * (`<Page {...pageHeadings[path]}>`), and the build paints them into that path's shell
 * (scripts/prerender.mjs), so a deep link shows the page's title and description at the first
 * paint, before the app's code has come.
 */
export interface PageHeadingText {
  title: string;
  description: string;
}

export const pageHeadings = {
  '/advertiser/projects': {
    title: 'My Projects',
    description: 'Group your bots, channels, chats and links into projects.',
  },
  '/advertiser/campaign': {
    title: 'Campaign',
    description: 'Your campaigns across all projects. Counters update live.',
  },
  '/advertiser/campaign/reports': {
    title: 'Campaign reports',
    description: 'Conversions, spend and cost per action of your campaigns by day (days in UTC).',
  },
  '/advertiser/payments': {
    title: 'Add funds',
    description: 'Top up your advertiser balance to fund campaigns.',
  },
  '/publisher': {
    title: 'My Apps',
    description: 'Mini apps that show the task showcase to their players.',
  },
  '/publisher/statistics': {
    title: 'Statistics',
    description: 'Conversions, profit and CPA of your apps by day (days in UTC).',
  },
  '/publisher/payments': {
    title: 'Withdraw Money',
    description: 'Withdraw your publisher earnings in USDT on TON.',
  },
  '/publisher/integrations': {
    title: 'Integrations',
    description: 'Put the task showcase in your mini app: paste one of these snippets where the tasks should appear.',
  },
  '/exchange/swaps': {
    title: 'Swaps',
    description: 'Traffic you exchange with other apps, delivered and received.',
  },
  '/exchange/catalog': {
    title: 'Catalog',
    description: 'Apps of other partners that are open to swaps.',
  },
  '/exchange/incoming': {
    title: 'Incoming Requests',
    description: 'Offers other partners made to you: confirm to start a swap.',
  },
  '/exchange/outgoing': {
    title: 'Outgoing Requests',
    description: 'Offers you made, waiting for the partner’s answer.',
  },
  '/moderation': {
    title: 'Moderation',
    description: 'One shared queue for every moderator: claim an item to work on it, and everyone sees who holds it.',
  },
  '/finance': {
    title: 'Finance',
    description:
      'Withdrawal requests: approve them and the network pays them in USDT on TON, or reject them with a reason.',
  },
  '/staff': {
    title: 'Staff',
    description:
      'Who moderates, who handles payouts and who administers staff: a change is in force at once, mailed to the person and recorded.',
  },
  '/audit': {
    title: 'Audit',
    description:
      'Every staff action and money decision: who, what, before and after, from where. Nobody can edit it; each entry carries the hash of the one before.',
  },
  '/security': {
    title: 'Security',
    description: 'A second factor for your sign-ins, so that your password alone does not open your account.',
  },
  '/notifications': {
    title: 'Notifications',
    description: 'Hear of campaigns, payouts, apps and swaps where you are: in Telegram, or by e-mail.',
  },
  '/team': {
    title: 'Team',
    description: 'Who works in this account and with which access level. Admins invite people and change their access.',
  },
  '/activity': {
    title: 'Activity',
    description:
      'Every change to this account’s campaigns, apps, projects, prices, budgets, people and payout addresses: who, when, and what it was before.',
  },
  '/accounts': {
    title: 'Accounts',
    description: 'Every account you work in: its balance, its day so far, its campaigns running and your access level.',
  },
} as const satisfies Record<string, PageHeadingText>;

/**
 * The headings' words in the reader's language: each English text above, as a Lingui
 * message. The build paints the English (its shells are made before any language is known);
 * `PageHeading` shows the reader's. A test checks that every text above is here.
 */
export const pageHeadingMessages: ReadonlyMap<string, MessageDescriptor> = new Map([
  ['Team', msg`Team`],
  [
    'Who works in this account and with which access level. Admins invite people and change their access.',
    msg`Who works in this account and with which access level. Admins invite people and change their access.`,
  ],
  ['Activity', msg`Activity`],
  [
    'Every change to this account’s campaigns, apps, projects, prices, budgets, people and payout addresses: who, when, and what it was before.',
    msg`Every change to this account’s campaigns, apps, projects, prices, budgets, people and payout addresses: who, when, and what it was before.`,
  ],
  ['Accounts', msg`Accounts`],
  [
    'Every account you work in: its balance, its day so far, its campaigns running and your access level.',
    msg`Every account you work in: its balance, its day so far, its campaigns running and your access level.`,
  ],
  ['My Projects', msg`My Projects`],
  [
    'Group your bots, channels, chats and links into projects.',
    msg`Group your bots, channels, chats and links into projects.`,
  ],
  ['Campaign', msg`Campaign`],
  [
    'Your campaigns across all projects. Counters update live.',
    msg`Your campaigns across all projects. Counters update live.`,
  ],
  ['Campaign reports', msg`Campaign reports`],
  [
    'Conversions, spend and cost per action of your campaigns by day (days in UTC).',
    msg`Conversions, spend and cost per action of your campaigns by day (days in UTC).`,
  ],
  ['Add funds', msg`Add funds`],
  ['Top up your advertiser balance to fund campaigns.', msg`Top up your advertiser balance to fund campaigns.`],
  ['My Apps', msg`My Apps`],
  [
    'Mini apps that show the task showcase to their players.',
    msg`Mini apps that show the task showcase to their players.`,
  ],
  ['Statistics', msg`Statistics`],
  [
    'Conversions, profit and CPA of your apps by day (days in UTC).',
    msg`Conversions, profit and CPA of your apps by day (days in UTC).`,
  ],
  ['Withdraw Money', msg`Withdraw Money`],
  ['Withdraw your publisher earnings in USDT on TON.', msg`Withdraw your publisher earnings in USDT on TON.`],
  ['Integrations', msg`Integrations`],
  [
    'Put the task showcase in your mini app: paste one of these snippets where the tasks should appear.',
    msg`Put the task showcase in your mini app: paste one of these snippets where the tasks should appear.`,
  ],
  ['Swaps', msg`Swaps`],
  [
    'Traffic you exchange with other apps, delivered and received.',
    msg`Traffic you exchange with other apps, delivered and received.`,
  ],
  ['Catalog', msg`Catalog`],
  ['Apps of other partners that are open to swaps.', msg`Apps of other partners that are open to swaps.`],
  ['Incoming Requests', msg`Incoming Requests`],
  [
    'Offers other partners made to you: confirm to start a swap.',
    msg`Offers other partners made to you: confirm to start a swap.`,
  ],
  ['Outgoing Requests', msg`Outgoing Requests`],
  ['Offers you made, waiting for the partner’s answer.', msg`Offers you made, waiting for the partner’s answer.`],
  ['Moderation', msg`Moderation`],
  [
    'One shared queue for every moderator: claim an item to work on it, and everyone sees who holds it.',
    msg`One shared queue for every moderator: claim an item to work on it, and everyone sees who holds it.`,
  ],
  ['Finance', msg`Finance`],
  [
    'Withdrawal requests: approve them and the network pays them in USDT on TON, or reject them with a reason.',
    msg`Withdrawal requests: approve them and the network pays them in USDT on TON, or reject them with a reason.`,
  ],
  ['Staff', msg`Staff`],
  [
    'Who moderates, who handles payouts and who administers staff: a change is in force at once, mailed to the person and recorded.',
    msg`Who moderates, who handles payouts and who administers staff: a change is in force at once, mailed to the person and recorded.`,
  ],
  ['Audit', msg`Audit`],
  [
    'Every staff action and money decision: who, what, before and after, from where. Nobody can edit it; each entry carries the hash of the one before.',
    msg`Every staff action and money decision: who, what, before and after, from where. Nobody can edit it; each entry carries the hash of the one before.`,
  ],
  ['Security', msg`Security`],
  [
    'A second factor for your sign-ins, so that your password alone does not open your account.',
    msg`A second factor for your sign-ins, so that your password alone does not open your account.`,
  ],
  ['Notifications', msg`Notifications`],
  [
    'Hear of campaigns, payouts, apps and swaps where you are: in Telegram, or by e-mail.',
    msg`Hear of campaigns, payouts, apps and swaps where you are: in Telegram, or by e-mail.`,
  ],
]);
