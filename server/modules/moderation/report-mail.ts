import type { MessageDescriptor } from '@lingui/core';
import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';
import type { ReportReason } from '../campaigns/campaign.entity.ts';

/**
 * The mail an advertiser gets when a moderator asks them to look at a player's report of their
 * task: in the language the advertiser's account chose, else English. The task's,
 * campaign's and app's names and the player's and moderator's words stay as written.
 */
export interface ReportAsk {
  name: string;
  campaign: string;
  task: string;
  app: string;
  reason: ReportReason;
  text: string | null;
  note: string | null;
  link: string;
}

const WORDS = {
  subject: /*i18n*/ { id: 'A player reported your task: {task}' },
  hello: /*i18n*/ { id: 'Hello {name},' },
  reported: /*i18n*/ { id: 'A player of {app} reported the task “{task}” of your campaign “{campaign}”: {reason}.' },
  wrote: /*i18n*/ { id: 'The player wrote: “{text}”' },
  adds: /*i18n*/ { id: 'Our moderator adds: “{note}”' },
  check: /*i18n*/ {
    id: 'Please check the task (open it as a new player would) and fix what is wrong. Your campaigns: {link}',
  },
  reasons: {
    NOT_REWARDED: /*i18n*/ { id: 'they did the task and were not rewarded' },
    BROKEN: /*i18n*/ { id: 'the task is broken' },
    INAPPROPRIATE: /*i18n*/ { id: 'the task is inappropriate' },
    OTHER: /*i18n*/ { id: 'another problem' },
  },
};

/** The report mail in `language`. */
export function reportMail(language: Language, ask: ReportAsk): { subject: string; text: string } {
  const known = (WORDS.reasons as Partial<Record<ReportReason, MessageDescriptor>>)[ask.reason];
  const reason = known ? say(language, known) : ask.reason;
  const lines = [
    say(language, WORDS.hello, { name: ask.name }),
    '',
    say(language, WORDS.reported, { app: ask.app, task: ask.task, campaign: ask.campaign, reason }),
    ...(ask.text ? ['', say(language, WORDS.wrote, { text: ask.text })] : []),
    ...(ask.note ? ['', say(language, WORDS.adds, { note: ask.note })] : []),
    '',
    say(language, WORDS.check, { link: ask.link }),
  ];
  return { subject: say(language, WORDS.subject, { task: ask.task }), text: lines.join('\n') };
}
