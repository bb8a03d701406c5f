import { z } from 'zod';
import { Time, IdTitle } from '../../rest/responses.ts';
import { TaskType } from '../projects/projects.responses.ts';
import { DEAL_STATUSES, OFFER_STATUSES } from './exchange.entity.ts';

/** The exchange area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
const AppSummary = z.object({ id: z.number(), title: z.string(), logo: z.string() });
export const ProjectSummary = z.object({ id: z.number(), title: z.string() });
const Party = z.object({ id: z.number(), name: z.string() });
export const CatalogJson = z.object({
  data: z.array(
    AppSummary.extend({
      category: IdTitle,
      taskTypes: z.array(TaskType),
      ownerName: z.string(),
      recentCompletions: z.number(),
    }),
  ),
  total: z.number(),
});
export const ExchangeProjectsJson = z.object({
  data: z.array(ProjectSummary.extend({ category: IdTitle, resources: z.number(), taskTypes: z.array(TaskType) })),
});
export const OfferJson = z.object({
  id: z.number(),
  createdAt: Time,
  status: z.enum(OFFER_STATUSES),
  proposer: Party,
  partner: Party,
  platform: AppSummary,
  project: ProjectSummary,
  partnerPlatform: AppSummary,
  partnerProject: ProjectSummary,
  quantity: z.number(),
  partnerQuantity: z.number(),
  expiresAt: Time.nullable(),
  message: z.string().nullable(),
  decidedAt: Time.nullable(),
  dealId: z.number().nullable(),
});
export const DealJson = z.object({
  id: z.number(),
  createdAt: Time,
  offerId: z.number(),
  status: z.enum(DEAL_STATUSES),
  proposer: Party,
  partner: Party,
  platform: AppSummary,
  project: ProjectSummary,
  partnerPlatform: AppSummary,
  partnerProject: ProjectSummary,
  quantity: z.number(),
  delivered: z.number(),
  partnerQuantity: z.number(),
  partnerDelivered: z.number(),
  endedAt: Time.nullable(),
});
export const AwaitingJson = z.object({ incoming: z.number(), outgoing: z.number() });
