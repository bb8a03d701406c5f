import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

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
  // The database itself refuses a negative total, or a negative user or campaign balance.
  checks: [
    {
      name: 'ledger_accounts_totals_non_negative',
      expression: 'debits_pending >= 0 and debits_posted >= 0 and credits_pending >= 0 and credits_posted >= 0',
    },
    {
      name: 'ledger_accounts_guarded_not_negative',
      // Written as PostgreSQL prints it back, so the migration generator sees no difference.
      expression:
        "(kind <> ALL (ARRAY['ADVERTISER'::text, 'PUBLISHER'::text, 'CAMPAIGN_BUDGET'::text])) OR (((credits_posted - debits_posted) - debits_pending) >= 0)",
    },
  ],
  uniques: [
    {
      name: 'ledger_accounts_kind_user_id_campaign_id_unique',
      expression:
        'alter table "ledger_accounts" add constraint "ledger_accounts_kind_user_id_campaign_id_unique" unique nulls not distinct ("kind", "user_id", "campaign_id")',
    },
  ],
  properties: {
    id: idColumn(),
    ...timestamps(),
    kind: p.enum([...ACCOUNT_KINDS]),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').nullable().index(),
    campaignId: p.integer().nullable(),
    debitsPending: p.bigint('bigint').defaultRaw('0'),
    debitsPosted: p.bigint('bigint').defaultRaw('0'),
    creditsPending: p.bigint('bigint').defaultRaw('0'),
    creditsPosted: p.bigint('bigint').defaultRaw('0'),
    /**
     * One more on every change of the totals. Row locks order the changes of an account, so a
     * higher version is a later state: live events carry it, and a subscriber never takes an
     * older state after a newer one (events of concurrent transfers may be published out of
     * commit order).
     */
    version: p.bigint('bigint').defaultRaw('0'),
  },
});
export type Account = InferEntity<typeof Account>;
