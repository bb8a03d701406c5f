import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

export const PAYMENT_KINDS = ['TOP_UP', 'WITHDRAWAL'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATUSES = ['IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * Where a withdrawal is on its way (IN_PROGRESS ones): requested, approved by finance (or by
 * the auto-approve rule), sent in a batch; DONE or FAILED say the rest.
 */
export const PAYOUT_STAGES = ['REQUESTED', 'APPROVED', 'SENT'] as const;
export type PayoutStage = (typeof PAYOUT_STAGES)[number];

/** A top-up through a payment provider, or a withdrawal to a TON wallet. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  indexes: [
    { properties: ['userId', 'kind', 'createdAt'] },
    { properties: ['kind', 'status', 'createdAt'] },
    {
      name: 'payments_payout_queue',
      expression:
        'create index "payments_payout_queue" on "payments" ("payout_stage", "id") where "status" = \'IN_PROGRESS\' and "kind" = \'WITHDRAWAL\'',
    },
    // The held withdrawals the auto-approve rule looks at again when their hold ends (every round).
    {
      name: 'payments_rule_pending',
      expression: 'create index "payments_rule_pending" on "payments" ("hold_until") where "rule_pending"',
    },
  ],
  checks: [{ name: 'payments_amount_positive', expression: 'amount > 0' }],
  properties: {
    id: idColumn(),
    ...timestamps(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id'),
    kind: p.enum([...PAYMENT_KINDS]),
    status: p.enum([...PAYMENT_STATUSES]).default('IN_PROGRESS'),
    amount: p.bigint('bigint'),
    provider: p.string().length(20).nullable(),
    providerInvoiceId: p.string().length(100).nullable(),
    payUrl: p.string().length(500).nullable(),
    walletAddress: p.string().length(100).nullable(),
    txHash: p.string().length(128).nullable(),
    failureReason: p.string().length(500).nullable(),
    /** A withdrawal the chain did not pay: why, as a code (chain-failure.ts), and the wallet's exit code. */
    chainFailure: p.string().length(16).nullable(),
    chainExitCode: p.string().length(16).nullable(),
    transferId: p.bigint('number').nullable(),
    processedById: p.integer().nullable(),
    payoutStage: p.enum([...PAYOUT_STAGES]).nullable(),
    approvedAt: p.datetime().nullable(),
    /** Null with `approvedAt` set: approved by the auto-approve rule. */
    approvedById: p.integer().nullable(),
    /** The batch its live transfer is in (payout_batches), while SENT and after. */
    batchId: p.integer().nullable(),
    /**
     * A withdrawal to an address its user was never paid at: nobody (nor the auto-approve rule)
     * approves it before this (PAYOUT_NEW_ADDRESS_HOLD_HOURS after the request).
     */
    holdUntil: p.datetime().nullable(),
    /** Held, and the auto-approve rule looks at it again when the hold ends (the payout round). */
    rulePending: p.boolean().default(false),
    /**
     * How many finance people approve this withdrawal: 2 when the payee's withdrawals of the last
     * 24 hours with this one reach PAYOUT_SECOND_APPROVAL_USD, decided at the request under the
     * payee's lock (null: asked before the rule counted the day, read from the amount alone).
     */
    approvalsNeeded: p.integer().nullable(),
  },
});
export type Payment = InferEntity<typeof Payment>;
