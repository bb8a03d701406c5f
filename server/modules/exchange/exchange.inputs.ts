import { z } from 'zod';
import { DEAL_STATUSES, MAX_SWAP_QUANTITY, OFFER_STATUSES } from './exchange.entity.ts';

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be a number`)
    .positive(`${name} is required`);

const quantity = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(MAX_SWAP_QUANTITY, `${name} must be at most ${MAX_SWAP_QUANTITY.toLocaleString('en-US')}`);

/** Longest an offer may wait for an answer. */
export const MAX_OFFER_DAYS = 90;

export const CreateOfferInput = z.object({
  platformId: id('platformId'),
  projectId: id('projectId'),
  partnerPlatformId: id('partnerPlatformId'),
  partnerProjectId: id('partnerProjectId'),
  quantity: quantity('quantity'),
  partnerQuantity: quantity('partnerQuantity').optional(),
  expiresAt: z.coerce
    .date({ error: 'expiresAt must be a date and time' })
    .refine((d) => d.getTime() > Date.now(), 'expiresAt must be in the future')
    .refine(
      (d) => d.getTime() <= Date.now() + MAX_OFFER_DAYS * 86_400_000,
      `expiresAt must be within ${MAX_OFFER_DAYS} days`,
    )
    .optional(),
  message: z.string().trim().max(500, 'message must be at most 500 characters').optional(),
});
export type CreateOfferInput = z.infer<typeof CreateOfferInput>;

export const OfferListInput = z.object({
  direction: z.enum(['incoming', 'outgoing'], { error: 'direction must be incoming or outgoing' }).default('incoming'),
  status: z.enum(OFFER_STATUSES, { error: `status must be one of ${OFFER_STATUSES.join(', ')}` }).optional(),
});

export const DealListInput = z.object({
  status: z.enum(DEAL_STATUSES, { error: `status must be one of ${DEAL_STATUSES.join(', ')}` }).optional(),
});

export const DEAL_ACTIONS = ['pause', 'resume', 'end'] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];
