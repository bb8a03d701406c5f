import { t } from '@lingui/core/macro';
import '../../lib/zod-config';
import { z } from 'zod';

export const MAX_SWAP_QUANTITY = 1_000_000;
export const MAX_OFFER_DAYS = 90;

export const offerMessages = {
  get appRequired() {
    return t`Choose your app`;
  },
  get projectRequired() {
    return t`Choose your project`;
  },
  get partnerProjectRequired() {
    return t`Choose the partner’s project`;
  },
  get quantityRequired() {
    return t`Enter the quantity`;
  },
  get quantityWhole() {
    return t`Enter a whole number`;
  },
  get quantityMin() {
    return t`The quantity must be at least 1`;
  },
  get quantityMax() {
    return t`The quantity must be at most ${MAX_SWAP_QUANTITY.toLocaleString('en-US')}`;
  },
  get expiryPast() {
    return t`The date must be in the future`;
  },
  get expiryFar() {
    return t`The date must be within ${MAX_OFFER_DAYS} days`;
  },
  get messageLong() {
    return t`The message must be at most 500 characters`;
  },
} as const;

/** The message for a quantity field, or undefined when it is fine; empty is allowed when `optional`. */
export function quantityError(value: string, optional = false): string | undefined {
  const v = value.trim();
  if (v === '') return optional ? undefined : offerMessages.quantityRequired;
  if (!/^\d+$/.test(v)) return offerMessages.quantityWhole;
  const n = Number(v);
  if (n < 1) return offerMessages.quantityMin;
  if (n > MAX_SWAP_QUANTITY) return offerMessages.quantityMax;
  return undefined;
}

/** Expiry is a day (the end of it, local time); empty means the offer waits until answered. */
export function expiryError(day: string, now = new Date()): string | undefined {
  if (!day) return undefined;
  const end = endOfDay(day);
  if (Number.isNaN(end.getTime()) || end <= now) return offerMessages.expiryPast;
  if (end.getTime() > now.getTime() + MAX_OFFER_DAYS * 86_400_000) return offerMessages.expiryFar;
  return undefined;
}

const endOfDay = (day: string) => new Date(`${day}T23:59:59`);

export const offerSchema = z
  .object({
    platformId: z.string().min(1, { error: () => offerMessages.appRequired }),
    projectId: z.string().min(1, { error: () => offerMessages.projectRequired }),
    partnerProjectId: z.string().min(1, { error: () => offerMessages.partnerProjectRequired }),
    quantity: z.string(),
    partnerQuantity: z.string(),
    expiresOn: z.string(),
    message: z.string().max(500, { error: () => offerMessages.messageLong }),
  })
  .superRefine((v, ctx) => {
    const q = quantityError(v.quantity);
    if (q) ctx.addIssue({ code: 'custom', path: ['quantity'], message: q });
    const pq = quantityError(v.partnerQuantity, true);
    if (pq) ctx.addIssue({ code: 'custom', path: ['partnerQuantity'], message: pq });
    const e = expiryError(v.expiresOn);
    if (e) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: e });
  });
export type OfferValues = z.infer<typeof offerSchema>;

export const emptyOffer: OfferValues = {
  platformId: '',
  projectId: '',
  partnerProjectId: '',
  quantity: '',
  partnerQuantity: '',
  expiresOn: '',
  message: '',
};

/** The form's values as createOffer's input: an empty partner quantity means the same as mine. */
export function toOfferInput(values: OfferValues, partnerPlatformId: string) {
  const partnerQuantity = values.partnerQuantity.trim();
  const message = values.message.trim();
  return {
    platformId: values.platformId,
    projectId: values.projectId,
    partnerPlatformId,
    partnerProjectId: values.partnerProjectId,
    quantity: Number(values.quantity.trim()),
    ...(partnerQuantity ? { partnerQuantity: Number(partnerQuantity) } : {}),
    ...(values.expiresOn ? { expiresAt: endOfDay(values.expiresOn).toISOString() } : {}),
    ...(message ? { message } : {}),
  };
}

/** Which side of a deal or offer I am on: what my app delivers and what my project receives. */
export function mySide<
  T extends {
    proposer: { id: string };
    quantity: number;
    partnerQuantity: number;
    delivered?: number;
    partnerDelivered?: number;
  },
>(item: T, meId: string | undefined) {
  const proposer = item.proposer.id === meId;
  return {
    proposer,
    give: {
      quantity: proposer ? item.quantity : item.partnerQuantity,
      done: proposer ? item.delivered : item.partnerDelivered,
    },
    get: {
      quantity: proposer ? item.partnerQuantity : item.quantity,
      done: proposer ? item.partnerDelivered : item.delivered,
    },
  };
}
