import { z } from 'zod';
import { IdempotencyKeyField } from '../../lib/idempotency.ts';
import { moneyInput } from '../payments/payments.inputs.ts';
import { says } from '../../failures.ts';

const priceInput = z.object({
  tierLevel: z
    .number({ error: says('CHOOSE_TIER') })
    .int()
    .min(1),
  value: moneyInput,
});

const dailyCap = z
  .number({ error: says('DAILY_CAP_MUST_WHOLE_NUMBER') })
  .int(says('DAILY_CAP_MUST_WHOLE_NUMBER'))
  .min(1, says('DAILY_CAP_MUST_WHOLE_NUMBER'))
  .max(10_000_000, says('DAILY_CAP_MUST_AT_MOST'))
  .nullable();

const minQuality = z
  .number({ error: says('MINIMUM_SCORE_MUST_WHOLE_NUMBER') })
  .int(says('MINIMUM_SCORE_MUST_WHOLE_NUMBER'))
  .min(0, says('MINIMUM_SCORE_MUST_WHOLE_NUMBER'))
  .max(100, says('MINIMUM_SCORE_MUST_WHOLE_NUMBER'))
  .nullable();

const codes = (max: number, what: string) =>
  z
    .array(z.string().trim().min(1), { error: says('CHOOSE_FROM_LIST', { what }) })
    .max(max, says('CHOOSE_AT_MOST', { max, what }));

const name = z
  .string({ error: says('CAMPAIGN_NAME_REQUIRED') })
  .trim()
  .min(1, says('CAMPAIGN_NAME_REQUIRED'))
  .max(120, says('CAMPAIGN_NAME_MUST_AT_MOST'));

export const CreateCampaignInput = z.object({
  name,
  prices: z.array(priceInput).max(20).optional(),
  dailyCap: dailyCap.optional(),
  countries: codes(250, 'countries').optional(),
  languages: codes(50, 'languages').optional(),
  isPremiumOnly: z.boolean().optional(),
  newUsersOnly: z.boolean().optional(),
  minQuality: minQuality.optional(),
  unscoredAllowed: z.boolean({ error: says('UNSCOREDALLOWED_MUST_TRUE_OR_FALSE') }).optional(),
  budget: moneyInput.optional(),
  idempotencyKey: IdempotencyKeyField.optional(),
});
export type CreateCampaignInput = z.output<typeof CreateCampaignInput>;

export const UpdateCampaignInput = z.object({
  name: name.optional(),
  isActive: z.boolean({ error: says('ISACTIVE_MUST_TRUE_OR_FALSE') }).optional(),
  prices: z.array(priceInput).max(20).optional(),
  dailyCap: dailyCap.optional(),
  countries: codes(250, 'countries').optional(),
  languages: codes(50, 'languages').optional(),
  isPremiumOnly: z.boolean().optional(),
  newUsersOnly: z.boolean().optional(),
  minQuality: minQuality.optional(),
  unscoredAllowed: z.boolean({ error: says('UNSCOREDALLOWED_MUST_TRUE_OR_FALSE') }).optional(),
});
export type UpdateCampaignInput = z.output<typeof UpdateCampaignInput>;

export const BudgetInput = z.object({
  value: moneyInput,
  idempotencyKey: IdempotencyKeyField.optional(),
});

const day = z
  .string({ error: says('ENTER_DATE_AS_YYYY_MM') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, says('ENTER_DATE_AS_YYYY_MM'))
  // Date.parse rolls 2025-02-30 over to March; PostgreSQL refuses it (and year 0): only real days pass.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d && d >= '0001-01-01';
  }, says('ENTER_REAL_DATE'));

export const ReportInput = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: says('START_DATE_MUST_NOT_AFTER'), path: ['from'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 <= 366, {
    message: says('CHOOSE_RANGE_OF_AT_MOST'),
    path: ['to'],
  });
