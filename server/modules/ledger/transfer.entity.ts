import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Account } from './account.entity.ts';

export const TRANSFER_CODES = [
  'TOP_UP',
  'FUND_CAMPAIGN',
  'RETURN_BUDGET',
  'CONVERSION',
  'NETWORK_FEE',
  'WITHDRAWAL',
  'ADJUSTMENT',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/** POSTED: single phase. PENDING reserves; POST_PENDING / VOID_PENDING resolve it (once). */
export const TRANSFER_FLAGS = ['POSTED', 'PENDING', 'POST_PENDING', 'VOID_PENDING'] as const;
export type TransferFlag = (typeof TRANSFER_FLAGS)[number];

/** An immutable ledger transfer, as in TigerBeetle. Written only by the ledger module. */
export const Transfer = defineEntity({
  name: 'Transfer',
  tableName: 'ledger_transfers',
  checks: [
    { name: 'ledger_transfers_amount_positive', expression: 'amount > 0' },
    { name: 'ledger_transfers_two_accounts', expression: 'debit_account_id <> credit_account_id' },
  ],
  indexes: [
    {
      name: 'ledger_transfers_pending_conversions',
      expression:
        'create index "ledger_transfers_pending_conversions" on "ledger_transfers" ("created_at") where "flag" = \'PENDING\' and "code" = \'CONVERSION\'',
    },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    key: p.string().length(200).unique(),
    code: p.enum([...TRANSFER_CODES]),
    flag: p.enum([...TRANSFER_FLAGS]),
    debitAccountId: p.manyToOne(Account).mapToPk().fieldName('debit_account_id').index(),
    creditAccountId: p.manyToOne(Account).mapToPk().fieldName('credit_account_id').index(),
    amount: p.bigint('bigint'),
    pendingId: p.bigint('number').nullable().unique(),
    reference: p.string().length(200).nullable(),
    /** The person whose request made it (a team's member acting on the account); null: the system. */
    causedById: p.integer().fieldName('caused_by_id').nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type Transfer = InferEntity<typeof Transfer>;
