import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatCount } from '../../lib/locale';
import { readableName, readableValue } from '../../lib/readable';

/**
 * An audit record's before or after, as a person reads it: each field by its name in the
 * reader's language, yes/no for flags, dates as dates, stages and statuses in words, a
 * moderator's effects by what they did. The raw JSON stays in the CSV and the API.
 */

const FIELDS: Record<string, MessageDescriptor> = {
  stage: msg`stage`,
  status: msg`status`,
  approvals: msg`approvals`,
  amount: msg`amount`,
  reason: msg`reason`,
  email: msg`e-mail`,
  role: msg`role`,
  has: msg`has it`,
  address: msg`address`,
  label: msg`label`,
  heldUntil: msg`held until`,
  proved: msg`second factor proved`,
  effects: msg`effects`,
  note: msg`note`,
  txHash: msg`transaction`,
  destination: msg`destination`,
  batchId: msg`batch`,
  liftedUntil: msg`lifted until`,
  since: msg`since`,
  undone: msg`undone`,
  by: msg`by`,
  withdrawalsStopped: msg`withdrawals stopped`,
  fastMs: msg`fastest time (ms)`,
  rule: msg`rule`,
  wallet: msg`wallet`,
  newAddress: msg`new address`,
  limit: msg`limit`,
  value: msg`value`,
};

const EFFECTS: Record<string, MessageDescriptor> = {
  voidConversion: msg`conversion voided`,
  pauseCampaign: msg`campaign paused`,
  blockPlayer: msg`player blocked`,
  budgetReturned: msg`budget returned`,
  warnPublisher: msg`publisher warned`,
};

function value(key: string, v: unknown): string {
  if (typeof v === 'number') return formatCount(v);
  if (key === 'effects' && v && typeof v === 'object') {
    return Object.keys(v)
      .map((effect) => readableName(EFFECTS, effect))
      .join('; ');
  }
  return readableValue(v) ?? JSON.stringify(v);
}

/** A JSON object's fields as "name: value" pairs on one line (the table's before → after). */
export function describeChange(json: string | null | undefined): string {
  if (!json) return '';
  const parsed = JSON.parse(json) as unknown;
  if (!parsed || typeof parsed !== 'object') return String(parsed);
  return Object.entries(parsed as Record<string, unknown>)
    .map(([k, v]) => `${readableName(FIELDS, k)}: ${value(k, v)}`)
    .join(', ');
}

/** A badge's colour by what the action did: a refusal or failure red, an approval green. */
export function actionColor(action: string): 'red' | 'green' | 'gray' {
  if (/REJECTED|DECLINED|FAILED|REVOKED|REMOVED|NOT_ME/.test(action)) return 'red';
  if (/APPROVED|SETTLED|CONFIRMED|GRANTED/.test(action)) return 'green';
  return 'gray';
}

// The product's own actors (server/modules/audit/record.ts, the quality check), by name.
const SYSTEM_ACTORS: Record<string, MessageDescriptor> = {
  'auto-approve rule': msg`auto-approve rule`,
  'payout round': msg`payout round`,
  'start (FRAUD_MIN_SECONDS)': msg`the quality check (the fastest start a person can make)`,
};

/** Who acted, as the reader's language names the product's own rules and jobs; a person as the trail names them. */
export function actorName(actor: string): string {
  const known = SYSTEM_ACTORS[actor];
  return known ? i18n._(known) : actor;
}
