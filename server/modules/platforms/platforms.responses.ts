import { z } from 'zod';
import { Time, Usd, IdTitle } from '../../rest/responses.ts';
import { TierJson } from '../lookups/lookups.responses.ts';
import { TaskType } from '../projects/projects.responses.ts';
import { moneyToJson } from '../../lib/money.ts';
import type { PlatformView, ServiceView } from './platforms.service.ts';

/** The platforms area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
export const ServiceJson = z.object({
  id: z.number().nullable(),
  platformId: z.number(),
  taskType: TaskType,
  awards: z.array(
    z.object({ id: z.number(), platformRewardId: z.number(), platformRewardTitle: z.string(), value: z.number() }),
  ),
  shouldConfirmWithoutPayout: z.boolean(),
  isExcluded: z.boolean(),
  defaultPrice: Usd,
  reward: z.string().nullable(),
  rewardIcon: z.string().nullable(),
  tiers: z.array(TierJson),
});
export const PlatformJson = z.object({
  id: z.number(),
  createdAt: Time,
  title: z.string(),
  logo: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  isActive: z.boolean(),
  categoryId: z.number(),
  category: IdTitle.nullable(),
  webappUrl: z.string(),
  tgBotUrl: z.string(),
  tgBotId: z.number().nullable(),
  hasBotToken: z.boolean(),
  rewardCallbackUrl: z.string().nullable(),
  isDarkTheme: z.boolean(),
  rewards: z.array(z.object({ id: z.number(), title: z.string(), logo: z.string(), platformId: z.number() })),
  services: z.array(ServiceJson),
  /** The version the app is at (also its ETag): send it as If-Match to change it only if nobody else did. */
  version: z.number(),
  /** Only where the owner reads one app. */
  secretKey: z.string().optional(),
});
export const PlatformCampaignRowJson = z.object({
  campaignId: z.number(),
  task: z.object({ type: TaskType, title: z.string() }),
  completedQuantity: z.number(),
  profitBudget: Usd,
  isActive: z.boolean(),
});
export const CallbackJson = z.object({
  id: z.number(),
  conversionId: z.number(),
  url: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number(),
  nextAttemptAt: Time.nullable(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: Time,
  deliveredAt: Time.nullable(),
  attemptLog: z.array(
    z.object({
      attempt: z.number(),
      at: Time,
      statusCode: z.number().nullable(),
      error: z.string().nullable(),
      durationMs: z.number(),
    }),
  ),
});

/** REST money is USD numbers. */
export function serviceJson(s: ServiceView) {
  return {
    ...s,
    defaultPrice: moneyToJson(s.defaultPrice),
    tiers: s.tiers.map((t) => ({
      level: t.level,
      value: moneyToJson(t.value),
      prices: t.prices.map((p) => ({ value: moneyToJson(p.value), country: p.country, countryId: p.countryId })),
    })),
  };
}

export function platformJson(p: PlatformView) {
  return { ...p, services: p.services.map(serviceJson) };
}
