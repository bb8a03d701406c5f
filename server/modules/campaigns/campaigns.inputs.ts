import { z } from 'zod';
import { IdempotencyKeyField } from '../../lib/idempotency.ts';
import { moneyInput } from '../payments/payments.inputs.ts';

const priceInput = z.object({
  tierLevel: z.number({ error: 'Choose a tier' }).int().min(1),
  value: moneyInput,
});

const dailyCap = z
  .number({ error: 'The daily cap must be a whole number of at least 1' })
  .int('The daily cap must be a whole number of at least 1')
  .min(1, 'The daily cap must be a whole number of at least 1')
  .max(10_000_000, 'The daily cap must be at most 10000000')
  .nullable();

const minQuality = z
  .number({ error: 'The minimum score must be a whole number from 0 to 100' })
  .int('The minimum score must be a whole number from 0 to 100')
  .min(0, 'The minimum score must be a whole number from 0 to 100')
  .max(100, 'The minimum score must be a whole number from 0 to 100')
  .nullable();

const codes = (max: number, what: string) =>
  z
    .array(z.string().trim().min(1), { error: `Choose ${what} from the list` })
    .max(max, `Choose at most ${max} ${what}`);

const name = z
  .string({ error: 'Campaign name is required' })
  .trim()
  .min(1, 'Campaign name is required')
  .max(120, 'Campaign name must be at most 120 characters');

export const CreateCampaignInput = z.object({
  name,
  prices: z.array(priceInput).max(20).optional(),
  dailyCap: dailyCap.optional(),
  countries: codes(250, 'countries').optional(),
  languages: codes(50, 'languages').optional(),
  isPremiumOnly: z.boolean().optional(),
  newUsersOnly: z.boolean().optional(),
  minQuality: minQuality.optional(),
  unscoredAllowed: z.boolean({ error: 'unscoredAllowed must be true or false' }).optional(),
  budget: moneyInput.optional(),
  idempotencyKey: IdempotencyKeyField.optional(),
});
export type CreateCampaignInput = z.output<typeof CreateCampaignInput>;

export const UpdateCampaignInput = z.object({
  name: name.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  prices: z.array(priceInput).max(20).optional(),
  dailyCap: dailyCap.optional(),
  countries: codes(250, 'countries').optional(),
  languages: codes(50, 'languages').optional(),
  isPremiumOnly: z.boolean().optional(),
  newUsersOnly: z.boolean().optional(),
  minQuality: minQuality.optional(),
  unscoredAllowed: z.boolean({ error: 'unscoredAllowed must be true or false' }).optional(),
});
export type UpdateCampaignInput = z.output<typeof UpdateCampaignInput>;

export const BudgetInput = z.object({
  value: moneyInput,
  idempotencyKey: IdempotencyKeyField.optional(),
});

const day = z
  .string({ error: 'Enter a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  // Date.parse rolls 2025-02-30 over to March; PostgreSQL refuses it (and year 0): only real days pass.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d && d >= '0001-01-01';
  }, 'Enter a real date');

export const ReportInput = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'The start date must not be after the end date', path: ['from'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 <= 366, {
    message: 'Choose a range of at most 366 days',
    path: ['to'],
  });
