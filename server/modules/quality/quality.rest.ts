import { z } from 'zod';
import { idParam } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { ExcludedPlatformsInput } from './quality.inputs.ts';
import { QUALITY_COMPONENTS } from './score.ts';

export const QualityJson = z.object({
  platformId: z.number(),
  score: z
    .number()
    .nullable()
    .describe('0–100; null: not enough data (fewer paid conversions in 30 days than minSample).'),
  conversions: z.number().describe('Paid conversions in the last 30 days: the sample behind the score.'),
  minSample: z.number(),
  retention: z
    .number()
    .nullable()
    .describe('Share of paid channel and chat players still members when the hold ended.'),
  retentionSample: z.number(),
  retention30d: z
    .number()
    .nullable()
    .describe('Share of retained players checked again 30 days on who are still members (counts from 10 checks).'),
  retention30dSample: z.number(),
  voidRate: z.number().nullable(),
  reportsPer1000: z.number().nullable().describe('Players’ reports confirmed by moderators per 1,000 conversions.'),
  fraudHitsPer1000: z.number().nullable(),
  fastShare: z.number().nullable().describe('Share of completions faster than FRAUD_MIN_SECONDS after the start.'),
  penalties: z
    .array(z.object({ component: z.enum(QUALITY_COMPONENTS), points: z.number() }))
    .describe('What takes points off 100, worst first.'),
});

const ExcludedJson = z.object({
  data: z.array(z.object({ platformId: z.number(), title: z.string(), logo: z.string(), createdAt: z.string() })),
});

const excludedJson = (rows: { platformId: number; title: string; logo: string; createdAt: Date }[]) => ({
  data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
});

const QUALITY_HELP =
  'Traffic quality over the last 30 days (see docs/architecture.md, "Traffic quality"): the score, its components, the points each takes off, and `excludedByCampaigns`, how many campaigns keep away from the app (never whose).';

export const qualityRoutes = [
  route({
    method: 'GET',
    path: '/v1/platforms/:id/quality',
    tag: 'platforms',
    summary: `The signed-in publisher’s app: ${QUALITY_HELP}`,
    access: 'user',
    response: QualityJson.extend({
      excludedByCampaigns: z.number(),
      pause: z
        .object({
          since: z.string(),
          score: z.number(),
          floor: z.number(),
          liftedAt: z.string().nullable(),
          liftNote: z.string().nullable(),
        })
        .nullable()
        .describe(
          'Open while the score is under the network’s floor: no paid campaigns unless a moderator lifted it (swaps go on).',
        ),
    }),
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => {
      const q = await ctx.services.quality.forOwner(ctx.em, ctx.account!, params.id);
      return {
        ...q,
        pause: q.pause && {
          ...q.pause,
          since: q.pause.since.toISOString(),
          liftedAt: q.pause.liftedAt?.toISOString() ?? null,
        },
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/campaigns/:id/excluded-platforms',
    tag: 'campaigns',
    summary: 'The apps this campaign is not shown in (the advertiser’s own list for all campaigns applies too).',
    access: 'user',
    response: ExcludedJson,
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) =>
      excludedJson(await ctx.services.quality.exclusions.campaignExclusions(ctx.em, ctx.account!, params.id)),
  }),
  route({
    method: 'PUT',
    path: '/v1/campaigns/:id/excluded-platforms',
    tag: 'campaigns',
    summary:
      'Replace the list of apps this campaign is not shown in (`{ "platformIds": [...] }`, at most 1,000). The apps stop showing it within a second; clicks made before still convert.',
    access: 'user',
    response: ExcludedJson,
    params: z.object({ id: idParam('id') }),
    body: ExcludedPlatformsInput,
    handler: async (ctx, { params, body }) =>
      excludedJson(
        await ctx.services.quality.exclusions.setCampaignExclusions(ctx.em, ctx.account!, params.id, body.platformIds),
      ),
  }),
  route({
    method: 'GET',
    path: '/v1/users/excluded-platforms',
    tag: 'campaigns',
    summary: 'The apps none of the signed-in advertiser’s campaigns is shown in.',
    access: 'user',
    response: ExcludedJson,
    handler: async (ctx) => excludedJson(await ctx.services.quality.exclusions.userExclusions(ctx.em, ctx.account!)),
  }),
  route({
    method: 'PUT',
    path: '/v1/users/excluded-platforms',
    tag: 'campaigns',
    summary:
      'Replace the list of apps none of the advertiser’s campaigns is shown in (`{ "platformIds": [...] }`, at most 1,000).',
    access: 'user',
    response: ExcludedJson,
    body: ExcludedPlatformsInput,
    handler: async (ctx, { body }) =>
      excludedJson(await ctx.services.quality.exclusions.setUserExclusions(ctx.em, ctx.account!, body.platformIds)),
  }),
];
