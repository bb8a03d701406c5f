import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccessLevel } from '../../../shared/access-levels';
import { readableName, readableValue } from '../../lib/readable';
import { LEVEL_LABELS } from './useAccountAccess';

/**
 * A change in the account's history as a person reads it: fields by their names in the reader's
 * language, the bookkeeping ones (ids, owners, versions, keys' hashes) left out, flags as yes/no,
 * dates as dates, a picture as "picture". The CSV keeps every field as it is.
 */

const HIDDEN =
  /^(id|ownerId|projectId|platformId|taskId|campaignId|accountId|userId|acceptedById|createdAt|updatedAt|deletedAt|version|reviewClaimedAt|reviewClaimedById)$|(Enc|Hash)$/;

const FIELD_NAMES: Record<string, MessageDescriptor> = {
  title: msg`name`,
  name: msg`name`,
  url: msg`link`,
  logo: msg`logo`,
  type: msg`type`,
  categoryId: msg`category`,
  dailyCap: msg`daily cap`,
  budget: msg`budget`,
  amount: msg`amount`,
  isActive: msg`switched on`,
  status: msg`status`,
  inviteLink: msg`invite link`,
  isMiniApp: msg`mini app`,
  countries: msg`countries`,
  languages: msg`languages`,
  minQuality: msg`minimum app quality`,
  premiumOnly: msg`Telegram Premium only`,
  newUsersOnly: msg`new players only`,
  address: msg`address`,
  label: msg`label`,
  accessLevel: msg`access level`,
  email: msg`e-mail`,
  expiresAt: msg`expires`,
  prices: msg`prices`,
  isVerifiedSource: msg`verified`,
  rejectReason: msg`reason for rejection`,
  isDisabled: msg`hidden from the showcase`,
};

/** Whether the history shows this field. */
export const shownField = (field: string) => !HIDDEN.test(field);

/** The field's name in the reader's language ("dailyCap" → "daily cap"; an unknown one spaced out). */
export function fieldName(field: string): string {
  return readableName(FIELD_NAMES, field);
}

/** A value (JSON text) in words, short. */
export function fieldValue(field: string, json: string | null | undefined): string {
  if (json == null || json === 'null') return '—';
  let value: unknown = json;
  try {
    value = JSON.parse(json);
  } catch {
    // Shown as it came.
  }
  if (typeof value === 'string') {
    if (field === 'logo' || value.startsWith('/media/')) return i18n._(msg`a picture`);
    const level = LEVEL_LABELS[value as AccessLevel];
    if (level) return i18n._(level);
  }
  const text = readableValue(value) ?? JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
