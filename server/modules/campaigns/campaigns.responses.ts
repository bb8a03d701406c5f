import { z } from 'zod';
import { Time, Usd } from '../../rest/responses.ts';
import { TaskType } from '../projects/projects.responses.ts';
import { CAMPAIGN_STATUSES } from './campaign.entity.ts';

/** The campaigns area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
export const CampaignJson = z.object({
  id: z.number(),
  createdAt: Time,
  projectId: z.number(),
  taskId: z.number().nullable(),
  task: z.object({ id: z.number().nullable(), type: TaskType, title: z.string(), logo: z.string(), url: z.string() }),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  isActive: z.boolean(),
  prices: z.array(z.object({ tierLevel: z.number(), value: Usd })),
  dailyCap: z.number().nullable(),
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  isPremiumOnly: z.boolean(),
  newUsersOnly: z.boolean(),
  minQuality: z.number().nullable(),
  unscoredAllowed: z.boolean(),
  budget: Usd,
  conversions: z.number(),
  spend: Usd,
  todayConversions: z.number(),
  todaySpend: Usd,
  notNew: z.number(),
  rejectReason: z.string().nullable(),
  /** The version the campaign is at (also its ETag): send it as If-Match to change it only if nobody else did. */
  version: z.number(),
});
