import { z } from 'zod';
import { MoneyRangeError, parseMoney } from '../../lib/money.ts';
import { IdempotencyKeyField } from '../../lib/idempotency.ts';

/**
 * The amount: required, numeric, then the range check in the service. REST sends a
 * string or a JSON number; GraphQL's Money scalar has already parsed to micro-USD (bigint).
 */
export const moneyInput = z
  .union([z.string(), z.number(), z.bigint()], { error: 'Enter required value' })
  .transform((v, ctx) => {
    if (typeof v === 'bigint') return v; // the Money scalar checked its range
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter required value' });
      return z.NEVER;
    }
    try {
      return parseMoney(typeof v === 'number' ? v : text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: err instanceof MoneyRangeError ? err.message : 'Enter correct value' });
      return z.NEVER;
    }
  });

export const TopUpInput = z.object({ amount: moneyInput, idempotencyKey: IdempotencyKeyField.optional() });
export const WithdrawalInput = z.object({
  amount: moneyInput,
  walletAddress: z
    .string({ error: 'Enter required value' })
    .trim()
    .min(1, 'Enter required value')
    .max(200, 'Enter a valid TON wallet address (USDT on TON)'),
  idempotencyKey: IdempotencyKeyField.optional(),
});
