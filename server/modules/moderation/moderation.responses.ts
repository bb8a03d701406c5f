import { z } from 'zod';
import { ProjectSummary } from '../exchange/exchange.responses.ts';
import { Time, Usd, IdTitle } from '../../rest/responses.ts';
import { CAMPAIGN_STATUSES, REPORT_REASONS, REPORT_STATUSES } from '../campaigns/campaign.entity.ts';
import { TaskType } from '../projects/projects.responses.ts';

/** The moderation area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
const Actor = z.object({ id: z.number(), name: z.string() });
const History = z.array(
  z.object({
    id: z.number(),
    at: Time,
    actor: Actor.nullable(),
    action: z.string(),
    from: z.string().nullable(),
    to: z.string(),
    note: z.string().nullable(),
    effects: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export const ReportViewJson = z.object({
  id: z.number(),
  createdAt: Time,
  updatedAt: Time,
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  playerId: z.number().nullable(),
  playerName: z.string().nullable(),
  app: IdTitle,
  campaign: z
    .object({ id: z.number(), name: z.string(), taskTitle: z.string(), taskType: TaskType, ownerName: z.string() })
    .nullable(),
  claimedBy: Actor.nullable(),
  claimedAt: Time.nullable(),
  rule: z.string().nullable(),
  evidence: z.record(z.string(), z.unknown()).nullable(),
});
export const ReportDetailJson = ReportViewJson.extend({
  conversions: z.array(
    z.object({
      id: z.number(),
      createdAt: Time,
      status: z.enum(['HOLD', 'POSTED', 'VOIDED']),
      price: Usd,
      campaignId: z.number(),
      campaignName: z.string(),
      appTitle: z.string(),
      taskType: TaskType,
    }),
  ),
  blocked: z.boolean(),
  history: History,
});
export const ReviewJson = z.object({
  id: z.number(),
  createdAt: Time,
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  rejectReason: z.string().nullable(),
  approvedAt: Time.nullable(),
  advertiser: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  project: ProjectSummary,
  task: z.object({ type: TaskType, title: z.string(), url: z.string(), logo: z.string().nullable() }),
  prices: z.array(z.object({ tierLevel: z.number(), value: Usd })),
  targeting: z.object({
    countries: z.array(z.string()),
    languages: z.array(z.string()),
    dailyCap: z.number().nullable(),
    premiumOnly: z.boolean(),
    newUsersOnly: z.boolean(),
    minQuality: z.number().nullable(),
    unscoredAllowed: z.boolean(),
  }),
  budget: Usd,
  claimedBy: Actor.nullable(),
  claimedAt: Time.nullable(),
});
export const ReviewDetailJson = ReviewJson.extend({ history: History });
export const ModerationCountsJson = z.object({
  newReports: z.number(),
  myReports: z.number(),
  campaignsToReview: z.number(),
  registrations: z.number(),
});
