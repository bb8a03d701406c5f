import { fail, says } from '../../failures.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { z } from 'zod';
import { formatMoney, moneyToJson } from '../../lib/money.ts';
import { PAYMENT_STATUSES, PAYOUT_STAGES } from './payment.entity.ts';
import { PaymentTableQuery } from './payments.service.ts';
import { type PaymentView, paymentView } from './payment-view.ts';
import { withTotal } from '../../lib/data-table.ts';
import { route } from '../../rest/route.ts';
import { idParam } from '../../rest/params.ts';
import { TopUpInput, WithdrawalInput } from './payments.inputs.ts';
import { callKey } from '../../lib/idempotency.ts';
import { MAX_PAYOUT_ADDRESSES } from '../payouts/payout-addresses.ts';

const TransactionJson = z.object({
  id: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  value: z.number().optional(),
  amount: z.number().optional(),
  walletAddress: z.string().nullable().optional(),
  txHash: z.string().nullable().optional(),
  failureReason: z.string().nullable().optional(),
  payoutStage: z.enum(PAYOUT_STAGES).nullable().optional(),
  batchId: z.number().nullable().optional(),
  holdUntil: z.string().nullable().optional(),
});

/** The spec names the money `value` on the advertiser side and `amount` on the publisher side. */
export function transactionJson(p: PaymentView) {
  const base = { id: p.id, createdAt: p.createdAt, updatedAt: p.updatedAt, status: p.status };
  if (p.kind === 'TOP_UP') return { ...base, value: moneyToJson(BigInt(p.amount)) };
  return {
    ...base,
    amount: moneyToJson(BigInt(p.amount)),
    walletAddress: p.walletAddress,
    txHash: p.txHash,
    failureReason: p.failureReason,
    payoutStage: p.payoutStage,
    batchId: p.batchId,
    holdUntil: p.holdUntil,
  };
}

/** A finance person's decision on a withdrawal: who (null: not a person), when. */
const Decision = z.object({ userId: z.number().nullable(), name: z.string(), at: z.string() });

const PayoutAddressJson = z.object({
  id: z.number(),
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
  paidAt: z.boolean(),
});

const page = z.object({ data: z.array(TransactionJson), total: z.number(), totalCount: z.number() });
const TABLE_HELP =
  'A data table: `page`, `size` (or `limit`; default 20), `sortField` (createdAt, amount, status, id), `sortOrder`, `filters` (JSON: `status`, one or a list; `?status=` is read too), `search` (wallet, transaction hash, id). Answers `{ data, total, totalCount }`.';
const SIDES = { advertiser: 'TOP_UP', publisher: 'WITHDRAWAL' } as const;
const day = () => new Date().toISOString().slice(0, 10);

/** CSV of payments as the table's filters select them, streamed. */
function paymentsCsv(filename: string, rows: AsyncIterable<PaymentView>, staff = false) {
  return new CsvFile(
    `${filename}-${day()}.csv`,
    [
      'id',
      'created_at',
      ...(staff ? ['user_id'] : []),
      'amount_usd',
      'status',
      'wallet_address',
      'tx_hash',
      'failure_reason',
    ],
    mapRows(rows, (p) => [
      p.id,
      p.createdAt,
      ...(staff ? [p.userId] : []),
      formatMoney(BigInt(p.amount)),
      p.status,
      p.walletAddress,
      p.txHash,
      p.failureReason,
    ]),
  );
}

export const paymentsRoutes = [
  route({
    method: 'POST',
    path: '/v1/users/payments/advertiser',
    tag: 'payments',
    summary:
      'Start a top-up of the advertiser balance; the browser goes to the returned payment url. Send an `Idempotency-Key` header (or `idempotencyKey`) so a retry answers the same payment instead of opening a second one.',
    access: 'user',
    body: TopUpInput,
    idempotent: true,
    response: z.object({ url: z.string(), transaction: TransactionJson }),
    handler: async (ctx, { body }) => {
      const { url, payment } = await ctx.services.payments.createTopUp(
        ctx.em,
        ctx.account!,
        body.amount,
        callKey(body.idempotencyKey, ctx.idempotencyKey),
        ctx.origin,
      );
      return { url, transaction: transactionJson(paymentView(payment)) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/payments/publisher',
    tag: 'payments',
    summary:
      'Request a withdrawal of available publisher balance (USDT on TON, processed within 72 hours). Send an `Idempotency-Key` header (or `idempotencyKey`) so a retry answers the first withdrawal instead of reserving the amount again.',
    access: 'user',
    body: WithdrawalInput,
    status: 201,
    idempotent: true,
    response: TransactionJson,
    handler: async (ctx, { body }) =>
      transactionJson(
        paymentView(
          await ctx.services.withdrawals.request(
            ctx.em,
            ctx.account!,
            body.amount,
            body.walletAddress,
            callKey(body.idempotencyKey, ctx.idempotencyKey),
          ),
        ),
      ),
  }),
  ...(['advertiser', 'publisher'] as const).flatMap((side) => [
    route({
      method: 'GET',
      path: `/v1/users/transactions/${side}`,
      tag: 'payments',
      summary: `The signed-in user’s ${side === 'advertiser' ? 'top-ups' : 'withdrawals'}, newest first. ${TABLE_HELP}`,
      access: 'user',
      query: PaymentTableQuery,
      response: page,
      handler: async (ctx, { query }) => {
        const p = await ctx.services.payments.table(ctx.em, { userId: ctx.account!.id, kind: SIDES[side] }, query);
        return withTotal({ data: p.data.map(transactionJson), totalCount: p.totalCount });
      },
    }),
    route({
      method: 'GET',
      path: `/v1/users/transactions/${side}.csv`,
      tag: 'payments',
      summary: `The signed-in user’s ${side === 'advertiser' ? 'top-ups' : 'withdrawals'} the table’s filters, search and sort select, as CSV, streamed.`,
      access: 'user',
      query: PaymentTableQuery,
      handler: async (ctx, { query }) =>
        paymentsCsv(
          side === 'advertiser' ? 'top-ups' : 'withdrawals',
          ctx.services.payments.stream(ctx.em, { userId: ctx.account!.id, kind: SIDES[side] }, query),
        ),
    }),
  ]),
  route({
    method: 'GET',
    path: '/v1/finance/withdrawals',
    tag: 'payments',
    summary: `Finance staff: every user’s withdrawals (the finance queue). ${TABLE_HELP.replace('transaction hash, id', 'transaction hash, id, the user’s e-mail')}`,
    access: 'finance',
    query: PaymentTableQuery,
    response: page.extend({
      data: z.array(
        TransactionJson.extend({
          userId: z.number(),
          approvalsNeeded: z.number(),
          approvals: z.array(Decision),
          requestedFrom: z.string().nullable(),
          rejectedBy: Decision.nullable(),
          approvedByRule: z.boolean(),
        }),
      ),
    }),
    handler: async (ctx, { query }) => {
      const p = await ctx.services.payments.table(ctx.em, { kind: 'WITHDRAWAL' }, query);
      return withTotal({
        data: p.data.map((t) => ({
          ...transactionJson(t),
          userId: t.userId,
          // Four eyes: 2 from PAYOUT_SECOND_APPROVAL_USD; who approved so far.
          approvalsNeeded: ctx.services.withdrawals.approvalsNeededOf(t),
          approvals: t.approvals ?? [],
          // The audit trail's: from where it was asked, who rejected it, or the rule approved it.
          requestedFrom: t.trail?.requestedFrom ?? null,
          rejectedBy: t.trail?.rejectedBy ?? null,
          approvedByRule: t.trail?.approvedByRule ?? false,
        })),
        totalCount: p.totalCount,
      });
    },
  }),
  route({
    method: 'GET',
    path: '/v1/finance/withdrawals.csv',
    tag: 'payments',
    summary: 'Finance staff: the withdrawals the queue’s filters, search and sort select, as CSV, streamed.',
    access: 'finance',
    query: PaymentTableQuery,
    handler: async (ctx, { query }) =>
      paymentsCsv('withdrawal-queue', ctx.services.payments.stream(ctx.em, { kind: 'WITHDRAWAL' }, query), true),
  }),
  route({
    method: 'POST',
    path: '/v1/finance/withdrawals/:id/approve',
    tag: 'payments',
    summary:
      'Finance staff: approves a requested withdrawal; the network sends it in the next batch. One of at least PAYOUT_SECOND_APPROVAL_USD needs two finance people: the first approval leaves it `REQUESTED` (the queue’s `approvals`), the second approves it; the same person twice answers 409. The payee’s own: 403.',
    access: 'finance',
    params: z.object({ id: idParam('id') }),
    response: TransactionJson.extend({ userId: z.number() }),
    handler: async (ctx, { params }) => {
      const [p] = await ctx.services.withdrawals.approve(ctx.em, ctx.user!, [params.id]);
      const view = paymentView(p!);
      return { ...transactionJson(view), userId: view.userId };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/finance/withdrawals/approve',
    tag: 'payments',
    summary:
      'Finance staff: approves many withdrawals at once (`{ "ids": [...] }`, at most 1000), one approval each (four eyes: see the single approve); answers those approved or given an approval (ones already decided are left as they are). A batch holding one’s own withdrawal: 403.',
    access: 'finance',
    body: z.object({
      ids: z
        .array(z.coerce.number().int().positive(), { error: says('NO_WITHDRAWAL_CHOSEN') })
        .min(1, says('NO_WITHDRAWAL_CHOSEN'))
        .max(1000, says('TOO_MANY_WITHDRAWALS_CHOSEN')),
    }),
    response: z.object({ data: z.array(TransactionJson.extend({ userId: z.number() })) }),
    handler: async (ctx, { body }) => {
      const approved = await ctx.services.withdrawals.approve(ctx.em, ctx.user!, body.ids);
      return { data: approved.map((p) => ({ ...transactionJson(paymentView(p)), userId: p.userId })) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/finance/payout-limits/lift',
    tag: 'payments',
    summary:
      'Finance staff, with a fresh proof (403 `STEP_UP_REQUIRED` otherwise): lifts the payout limits (PAYOUT_MAX_PER_HOUR_USD, PAYOUT_MAX_PER_DAY_USD, PAYOUT_MAX_ROUND_SHARE) until the end of the day (UTC); recorded in the audit trail; the waiting withdrawals go in the next round.',
    access: 'finance',
    response: z.object({ limitsLifted: z.boolean() }),
    handler: async (ctx) => {
      await ctx.services.payouts.liftLimits(ctx.em, ctx.user!);
      return { limitsLifted: true };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/finance/payout-wallet',
    tag: 'payments',
    summary:
      'Finance staff: the hot wallet that pays withdrawals (USDT on TON): address, balances (`ton` in nanotons, `usdt` in USD), what the approved and sent withdrawals need, and the low-funds alert.',
    access: 'finance',
    response: z.object({
      network: z.string(),
      chain: z.string(),
      address: z.string(),
      jettonWallet: z.string(),
      jettonMaster: z.string(),
      ton: z.string(),
      usdt: z.number(),
      neededTon: z.string(),
      neededUsdt: z.number(),
      alert: z.string().nullable(),
      explorer: z.string().nullable(),
      limit: z.string().nullable(),
      limitHit: z
        .object({
          kind: z.enum(['hour', 'day']),
          sent: z.number(),
          max: z.number(),
          waiting: z.number().int(),
          waitingAmount: z.number(),
        })
        .nullable()
        .describe('The same as `limit`, as figures (USD): which limit, sent under it, and what waits.'),
      limitsSet: z.boolean(),
      limitsLifted: z.boolean(),
      unmatched: z
        .array(
          z.object({
            withdrawalId: z.number().int(),
            txHash: z.string(),
            amount: z.number(),
            destination: z.string(),
            reason: z.string(),
            seenAt: z.string(),
            booked: z
              .object({
                status: z.string(),
                amount: z.number(),
                address: z.string().nullable(),
                txHash: z.string().nullable(),
              })
              .nullable()
              .describe(
                'The withdrawal with that number in the books now (null: none): already paid or failed, or for another amount or address.',
              ),
          }),
        )
        .describe('Paid transfers on chain that no withdrawal in the books explains (after a restore), newest first.'),
    }),
    handler: async (ctx) => {
      const w = await ctx.services.payouts.wallet(ctx.em);
      return {
        ...w,
        usdt: moneyToJson(BigInt(w.usdt)),
        neededUsdt: moneyToJson(BigInt(w.neededUsdt)),
        limitHit: w.limitHit && {
          ...w.limitHit,
          sent: moneyToJson(BigInt(w.limitHit.sent)),
          max: moneyToJson(BigInt(w.limitHit.max)),
          waitingAmount: moneyToJson(BigInt(w.limitHit.waitingAmount)),
        },
        unmatched: w.unmatched.map((t) => ({
          ...t,
          amount: moneyToJson(BigInt(t.amount)),
          booked: t.booked && { ...t.booked, amount: moneyToJson(BigInt(t.booked.amount)) },
        })),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/payments/webhooks/:provider',
    tag: 'payments',
    summary:
      'Payment provider webhook. Crypto Pay: header `crypto-pay-api-signature` = hex HMAC-SHA-256 of the raw body keyed with SHA-256 of the API token. A replayed webhook is applied once.',
    access: 'public',
    rawBody: true,
    params: z.object({ provider: z.enum(['sandbox', 'cryptopay'], { error: says('UNKNOWN_PAYMENT_PROVIDER') }) }),
    response: z.object({ applied: z.boolean() }),
    handler: async (ctx, { params, rawBody, headers }) => {
      if (params.provider !== ctx.services.payments.provider.name) {
        throw fail('PAYMENT_PROVIDER_OFF');
      }
      const result = await ctx.services.payments.handleWebhook(ctx.em, rawBody!, headers!);
      return { applied: result.applied };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/users/self/payout-addresses',
    tag: 'payments',
    summary:
      'The signed-in user’s saved payout addresses (label, address, whether they were paid at it), by label. The Withdraw page picks one.',
    access: 'user',
    response: z.object({ data: z.array(PayoutAddressJson) }),
    handler: async (ctx) => ({ data: await ctx.services.withdrawals.addresses.list(ctx.em, ctx.account!.id) }),
  }),
  route({
    method: 'POST',
    path: '/v1/users/self/payout-addresses',
    tag: 'payments',
    summary: `Saves a payout address with a label (\`{ address, label }\`, at most ${MAX_PAYOUT_ADDRESSES}). Takes a fresh proof: 403 \`STEP_UP_REQUIRED\` otherwise. Saved is not paid at: the first withdrawal to it is held (PAYOUT_NEW_ADDRESS_HOLD_HOURS).`,
    access: 'user',
    status: 201,
    body: z.object({
      address: z.string({ error: says('ADDRESS_NOT_TON') }).max(200),
      label: z.string({ error: says('PAYOUT_ADDRESS_LABEL_INVALID') }).max(200),
    }),
    response: PayoutAddressJson,
    handler: async (ctx, { body }) => {
      return ctx.services.withdrawals.addresses.add(ctx.em, ctx.account!, body);
    },
  }),
  route({
    method: 'DELETE',
    path: '/v1/users/self/payout-addresses/:id',
    tag: 'payments',
    summary: 'Removes a saved payout address (its withdrawals stay as they are).',
    access: 'user',
    status: 204,
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => {
      await ctx.services.withdrawals.addresses.remove(ctx.em, ctx.account!, params.id);
    },
  }),
];
