import { z } from 'zod';
import { DEAL_STATUSES, MAX_SWAP_QUANTITY, OFFER_STATUSES } from './exchange.entity.ts';
import { says } from '../../failures.ts';

const id = (name: string) =>
  z.coerce
    .number({ error: says('REQUIRED', { name }) })
    .int(says('MUST_NUMBER', { name }))
    .positive(says('REQUIRED', { name }));

const quantity = (name: string) =>
  z.coerce
    .number({ error: says('MUST_WHOLE_NUMBER', { name }) })
    .int(says('MUST_WHOLE_NUMBER', { name }))
    .min(1, says('MUST_AT_LEAST_1', { name }))
    .max(MAX_SWAP_QUANTITY, says('MUST_AT_MOST', { name, max: MAX_SWAP_QUANTITY.toLocaleString('en-US') }));

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
    .date({ error: says('EXPIRESAT_MUST_DATE_AND_TIME') })
    .refine((d) => d.getTime() > Date.now(), says('EXPIRESAT_MUST_IN_FUTURE'))
    .refine(
      (d) => d.getTime() <= Date.now() + MAX_OFFER_DAYS * 86_400_000,
      says('EXPIRESAT_MUST_WITHIN_DAYS', { days: MAX_OFFER_DAYS }),
    )
    .optional(),
  message: z.string().trim().max(500, says('MESSAGE_MUST_AT_MOST_500')).optional(),
});
export type CreateOfferInput = z.infer<typeof CreateOfferInput>;

export const OfferListInput = z.object({
  direction: z
    .enum(['incoming', 'outgoing'], { error: says('DIRECTION_MUST_INCOMING_OR_OUTGOING') })
    .default('incoming'),
  status: z
    .enum(OFFER_STATUSES, { error: says('STATUS_MUST_ONE_OF', { values: OFFER_STATUSES.join(', ') }) })
    .optional(),
});

export const DealListInput = z.object({
  status: z.enum(DEAL_STATUSES, { error: says('STATUS_MUST_ONE_OF', { values: DEAL_STATUSES.join(', ') }) }).optional(),
});

export const DEAL_ACTIONS = ['pause', 'resume', 'end'] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];
