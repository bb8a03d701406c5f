import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatShortDate } from './dates';

/**
 * What the records shown to people (the audit trail, an account's history) share: a field named
 * from a table or spaced out, flags as yes/no, ISO moments as dates, the product's states in words.
 */

/** "heldUntil" → "held until". */
export const spacedName = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A flag in the reader's words. */
export const yesNo = (value: boolean) => (value ? i18n._(msg`yes`) : i18n._(msg`no`));

/** Whether a text is an ISO moment ("2026-12-07T10:00…"), to show as a date. */
export const isIsoMoment = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);

/** A record's field by its name in `names`, in the reader's language; one the table lacks spaced out. */
export function readableName(names: Record<string, MessageDescriptor>, key: string): string {
  const name = names[key];
  return name ? i18n._(name) : spacedName(key);
}

// The states, stages, types and roles records hold, in words (each an enum value of its own).
const STATES: Record<string, MessageDescriptor> = {
  REQUESTED: msg`requested`,
  APPROVED: msg`approved`,
  SENT: msg`sent`,
  CONFIRMED: msg`confirmed`,
  DONE: msg`done`,
  FAILED: msg`failed`,
  IN_PROGRESS: msg`in progress`,
  PENDING: msg`pending`,
  DECLINED: msg`declined`,
  REJECTED: msg`rejected`,
  RESOLVED: msg`resolved`,
  CLAIMED: msg`claimed`,
  OPEN: msg`open`,
  MODERATION: msg`in moderation`,
  ACTIVE: msg`active`,
  STOPPED: msg`stopped`,
  FINANCE: msg`finance`,
  MODERATOR: msg`moderator`,
  STAFF_ADMIN: msg`staff administrator`,
  CHANNEL: msg`channel`,
  CHAT: msg`chat`,
  BOT: msg`bot`,
  CUSTOM: msg`custom`,
  SMART_LINK: msg`smart link`,
  'reset link': msg`reset link`,
};

/**
 * A recorded value in words: "—" for none, yes/no, a moment as a date, a known state's word, any
 * other text as it is; undefined for what the caller words itself (numbers, objects).
 */
export function readableValue(value: unknown): string | undefined {
  if (value == null) return '—';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value !== 'string') return undefined;
  if (isIsoMoment(value)) return formatShortDate(value);
  const state = STATES[value];
  return state ? i18n._(state) : value;
}
