import { z } from 'zod';
import { MoneyRangeError, parseMoney } from '../../lib/money.ts';
import { IdempotencyKeyField } from '../../lib/idempotency.ts';
import { says } from '../../failures.ts';

/**
 * The amount: required, numeric, then the range check in the service. REST sends a
 * string or a JSON number; GraphQL's Money scalar has already parsed to micro-USD (bigint).
 */
export const moneyInput = z
  .union([z.string(), z.number(), z.bigint()], { error: says('ENTER_REQUIRED_VALUE') })
  .transform((v, ctx) => {
    if (typeof v === 'bigint') return v; // the Money scalar checked its range
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: says('ENTER_REQUIRED_VALUE') });
      return z.NEVER;
    }
    try {
      return parseMoney(typeof v === 'number' ? v : text);
    } catch (err) {
      ctx.addIssue({
        code: 'custom',
        message: err instanceof MoneyRangeError ? says(err.code, { max: err.max }) : says('ENTER_CORRECT_VALUE'),
      });
      return z.NEVER;
    }
  });

export const TopUpInput = z.object({ amount: moneyInput, idempotencyKey: IdempotencyKeyField.optional() });
export const WithdrawalInput = z.object({
  amount: moneyInput,
  walletAddress: z
    .string({ error: says('ENTER_REQUIRED_VALUE') })
    .trim()
    .min(1, says('ENTER_REQUIRED_VALUE'))
    .max(200, says('ADDRESS_NOT_TON')),
  idempotencyKey: IdempotencyKeyField.optional(),
});
