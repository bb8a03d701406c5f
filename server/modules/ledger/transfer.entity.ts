import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

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
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    key: p.string().length(200).unique(),
    code: p.enum([...TRANSFER_CODES]),
    flag: p.enum([...TRANSFER_FLAGS]),
    debitAccountId: p.integer().index(),
    creditAccountId: p.integer().index(),
    amount: p.bigint('bigint'),
    pendingId: p.bigint('number').nullable().unique(),
    reference: p.string().length(200).nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type Transfer = InferEntity<typeof Transfer>;
