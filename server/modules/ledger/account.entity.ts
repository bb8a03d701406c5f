import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';

export const ACCOUNT_KINDS = [
  'ADVERTISER',
  'PUBLISHER',
  'CAMPAIGN_BUDGET',
  'DEPOSITS',
  'WITHDRAWALS',
  'NETWORK_FEE',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * A ledger account in the TigerBeetle shape: four running totals in micro-USD.
 * Only the ledger module writes these columns.
 */
export const Account = defineEntity({
  name: 'Account',
  tableName: 'ledger_accounts',
  uniques: [{ properties: ['kind', 'userId', 'campaignId'] }],
  properties: {
    id: idColumn(),
    ...timestamps(),
    kind: p.enum([...ACCOUNT_KINDS]),
    userId: p.integer().nullable().index(),
    campaignId: p.integer().nullable(),
    debitsPending: p.bigint('bigint').defaultRaw('0'),
    debitsPosted: p.bigint('bigint').defaultRaw('0'),
    creditsPending: p.bigint('bigint').defaultRaw('0'),
    creditsPosted: p.bigint('bigint').defaultRaw('0'),
  },
});
export type Account = InferEntity<typeof Account>;
