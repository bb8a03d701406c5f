import { formatMoney } from '../../lib/money.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { z } from 'zod';
import { DomainError, ErrorCode } from '../../errors.ts';
import { moneyToJson } from '../../lib/money.ts';
import { PAYMENT_STATUSES, type Payment } from './payment.entity.ts';
import { pageQuery } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { TopUpInput, WithdrawalInput } from './payments.inputs.ts';

const TransactionJson = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  value: z.number().optional(),
  amount: z.number().optional(),
  walletAddress: z.string().nullable().optional(),
  txHash: z.string().nullable().optional(),
  failureReason: z.string().nullable().optional(),
});

/** The spec names the money `value` on the advertiser side and `amount` on the publisher side. */
export function transactionJson(p: Payment) {
  const base = {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    status: p.status,
  };
  if (p.kind === 'TOP_UP') return { ...base, value: moneyToJson(p.amount) };
  return {
    ...base,
    amount: moneyToJson(p.amount),
    walletAddress: p.walletAddress,
    txHash: p.txHash,
    failureReason: p.failureReason,
  };
}

const listQuery = pageQuery(20).extend({ status: z.enum(PAYMENT_STATUSES).optional() });
const page = z.object({ data: z.array(TransactionJson), total: z.number() });

export const paymentsRoutes = [
  route({
    method: 'POST',
    path: '/v1/users/payments/advertiser',
    tag: 'payments',
    summary: 'Start a top-up of the advertiser balance; the browser goes to the returned payment url.',
    access: 'user',
    body: TopUpInput,
    response: z.object({ url: z.string(), transaction: TransactionJson }),
    handler: async (ctx, { body }) => {
      const { url, payment } = await ctx.services.payments.createTopUp(ctx.em, ctx.user!, body.amount);
      return { url, transaction: transactionJson(payment) };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/users/transactions/advertiser',
    tag: 'payments',
    summary: 'Top-ups of the signed-in user, newest first.',
    access: 'user',
    query: listQuery,
    response: page,
    handler: async (ctx, { query }) => {
      const { data, total } = await ctx.services.payments.list(ctx.em, {
        userId: ctx.user!.id,
        kind: 'TOP_UP',
        ...query,
      });
      return { data: data.map(transactionJson), total };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/users/payments/publisher',
    tag: 'payments',
    summary: 'Request a withdrawal of available publisher balance (USDT on TON, processed within 72 hours).',
    access: 'user',
    body: WithdrawalInput,
    status: 201,
    response: TransactionJson,
    handler: async (ctx, { body }) =>
      transactionJson(
        await ctx.services.payments.requestWithdrawal(ctx.em, ctx.user!, body.amount, body.walletAddress),
      ),
  }),
  route({
    method: 'GET',
    path: '/v1/users/transactions/publisher',
    tag: 'payments',
    summary: 'Withdrawals of the signed-in user, newest first.',
    access: 'user',
    query: listQuery,
    response: page,
    handler: async (ctx, { query }) => {
      const { data, total } = await ctx.services.payments.list(ctx.em, {
        userId: ctx.user!.id,
        kind: 'WITHDRAWAL',
        ...query,
      });
      return { data: data.map(transactionJson), total };
    },
  }),
  ...(['advertiser', 'publisher'] as const).map((side) =>
    route({
      method: 'GET',
      path: `/v1/users/transactions/${side}.csv`,
      tag: 'payments',
      summary: `Every ${side === 'advertiser' ? 'top-up' : 'withdrawal'} of the signed-in user as CSV, newest first, streamed.`,
      access: 'user',
      handler: async (ctx) =>
        new CsvFile(
          `${side === 'advertiser' ? 'top-ups' : 'withdrawals'}-${new Date().toISOString().slice(0, 10)}.csv`,
          ['id', 'created_at', 'amount_usd', 'status', 'wallet_address', 'tx_hash'],
          mapRows(
            ctx.services.payments.stream(ctx.em, ctx.user!.id, side === 'advertiser' ? 'TOP_UP' : 'WITHDRAWAL'),
            (p) => [
              p.id,
              new Date(p.createdAt).toISOString(),
              formatMoney(p.amount),
              p.status,
              p.walletAddress ?? null,
              p.txHash ?? null,
            ],
          ),
        ),
    }),
  ),
  route({
    method: 'POST',
    path: '/v1/payments/webhooks/:provider',
    tag: 'payments',
    summary:
      'Payment provider webhook. Crypto Pay: header `crypto-pay-api-signature` = hex HMAC-SHA-256 of the raw body keyed with SHA-256 of the API token. A replayed webhook is applied once.',
    access: 'public',
    rawBody: true,
    params: z.object({ provider: z.enum(['sandbox', 'cryptopay'], { error: 'Unknown payment provider' }) }),
    response: z.object({ applied: z.boolean() }),
    handler: async (ctx, { params, rawBody, headers }) => {
      if (params.provider !== ctx.services.payments.provider.name) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'This payment provider is not enabled');
      }
      const result = await ctx.services.payments.handleWebhook(ctx.em, rawBody!, headers!);
      return { applied: result.applied };
    },
  }),
];
