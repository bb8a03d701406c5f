import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';
import { Payment } from '../payments/payment.entity.ts';

export const BATCH_STATUSES = ['PENDING', 'SEEN', 'EXPIRED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/**
 * One external message to the hot wallet: up to 254 jetton transfers, signed once and written
 * here (query id, created_at, the message itself) before it is first sent. PENDING until the
 * wallet is seen to have processed it (SEEN) or its timeout passes on chain unprocessed
 * (EXPIRED: its withdrawals go back to APPROVED and are batched again under a new query id).
 */
export const PayoutBatch = defineEntity({
  name: 'PayoutBatch',
  tableName: 'payout_batches',
  indexes: [
    {
      name: 'payout_batches_live_query_id',
      expression:
        'create unique index "payout_batches_live_query_id" on "payout_batches" ("query_id") where "status" = \'PENDING\'',
    },
    { properties: ['status', 'id'] },
  ],
  properties: {
    id: idColumn(),
    ...timestamps(),
    /** The highload wallet's query id (shift << 10 | bit number). */
    queryId: p.integer(),
    /** The signed message's created_at and the wallet's timeout, chain seconds. */
    chainCreatedAt: p.bigint('number'),
    timeout: p.integer(),
    status: p.enum([...BATCH_STATUSES]).default('PENDING'),
    /** The external message, base64 BOC: resent as is until seen or expired. */
    message: p.text(),
    count: p.integer(),
    amount: p.bigint('bigint'),
    sendCount: p.integer().default(0),
    lastSentAt: p.datetime().nullable(),
  },
});
export type PayoutBatch = InferEntity<typeof PayoutBatch>;

/**
 * A jetton transfer seen on chain, from the hot wallet's jetton wallet (one per transaction):
 * the evidence a withdrawal was paid, or why it was not. Unique by transaction hash, so reading
 * the same transactions twice records nothing twice.
 */
export const PayoutTransfer = defineEntity({
  name: 'PayoutTransfer',
  tableName: 'payout_transfers',
  properties: {
    id: idColumn(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    withdrawalId: p.integer().index(),
    txHash: p.string().length(64).unique(),
    lt: p.bigint('bigint'),
    amount: p.bigint('bigint'),
    destination: p.string().length(100),
    ok: p.boolean(),
    reason: p.string().length(300).nullable(),
    /** Set for a paid transfer no withdrawal in the books explains (after a restore): why. Never paid again. */
    unmatched: p.string().length(300).nullable(),
  },
});
export type PayoutTransfer = InferEntity<typeof PayoutTransfer>;

/** Small facts the payout job keeps between rounds (the transactions cursor, the last alert). */
export const PayoutState = defineEntity({
  name: 'PayoutState',
  tableName: 'payout_state',
  properties: {
    key: p.string().length(50).primary(),
    value: p.text(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type PayoutState = InferEntity<typeof PayoutState>;

/**
 * One finance person's approval of a withdrawal that needs two (at least
 * PAYOUT_SECOND_APPROVAL_USD): the second approval by another person moves it to APPROVED. One
 * per person and withdrawal; the payee gives none (PayoutsService.approve).
 */
export const WithdrawalApproval = defineEntity({
  name: 'WithdrawalApproval',
  tableName: 'withdrawal_approvals',
  uniques: [{ properties: ['paymentId', 'userId'] }],
  properties: {
    id: idColumn(),
    paymentId: p.manyToOne(Payment).mapToPk().fieldName('payment_id').deleteRule('cascade'),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type WithdrawalApproval = InferEntity<typeof WithdrawalApproval>;

/**
 * A payout address a user keeps (with a label) so that a withdrawal picks it; adding one takes
 * a fresh proof (step-up). Saved is not the same as paid at: the first withdrawal to it is held.
 */
export const PayoutAddress = defineEntity({
  name: 'PayoutAddress',
  tableName: 'payout_addresses',
  uniques: [{ properties: ['userId', 'address'] }],
  properties: {
    id: idColumn(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').deleteRule('cascade'),
    address: p.string().length(100),
    label: p.string().length(60),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type PayoutAddress = InferEntity<typeof PayoutAddress>;
