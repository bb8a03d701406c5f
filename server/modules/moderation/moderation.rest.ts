import {
  ModerationCountsJson,
  ReportDetailJson,
  ReportViewJson,
  ReviewDetailJson,
  ReviewJson,
} from './moderation.responses.ts';
import { z } from 'zod';
import { moneyToJson } from '../../lib/money.ts';
import { idParam } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { type CampaignReviewView, REVIEW_ACTIONS, ReviewTableQuery } from './campaign-review.service.ts';
import { REPORT_ACTIONS, ReportEffects, ReportTableQuery, type ReportDetail } from './reports.service.ts';
import { says } from '../../failures.ts';

const TABLE =
  'The generic data table: `page` (from 1), `size` (default 10), `sortOrder` (asc|desc), `sortField`, `filters` (JSON), `search`; answers `{ data, totalCount }`.';

const reportDetailJson = (r: ReportDetail) => ({
  ...r,
  conversions: r.conversions.map((v) => ({ ...v, price: moneyToJson(v.price) })),
});

const reviewJson = (c: CampaignReviewView) => ({
  ...c,
  prices: c.prices.map((p) => ({ tierLevel: p.tierLevel, value: moneyToJson(p.value) })),
  budget: moneyToJson(c.budget),
});

export const moderationRoutes = [
  route({
    method: 'GET',
    path: '/v1/player-reports',
    tag: 'moderation',
    summary: `The shared player-report queue. ${TABLE} Filters: \`status\`, \`reason\` (one or a list), \`app\`, \`campaign\` (ids), \`claimedBy\` (a moderator id, \`me\` or \`none\`). Search: report text, player id or name, app, campaign. Without \`sortField\`: new first, then in review, newest first.`,
    access: 'moderator',
    response: z.object({ data: z.array(ReportViewJson), totalCount: z.number() }),
    query: ReportTableQuery,
    handler: (ctx, { query }) => ctx.services.reports.list(ctx.em, ctx.user!, query),
  }),
  route({
    method: 'GET',
    path: '/v1/player-reports/:id',
    tag: 'moderation',
    summary:
      'One report with its player, app, campaign, the player’s recent conversions, whether the player is blocked in the app, and `history` (every change: who, when, from, to, note, effects).',
    access: 'moderator',
    response: ReportDetailJson,
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => reportDetailJson(await ctx.services.reports.detail(ctx.em, params.id)),
  }),
  route({
    method: 'PATCH',
    path: '/v1/player-reports/:id/:action',
    tag: 'moderation',
    summary:
      '`claim` (NEW → IN_REVIEW; a second claimer gets 409 “already claimed by <name>”), `release` (→ NEW, by the claimer), `status` with `{ status: RESOLVED | REJECTED }` (by the claimer). RESOLVED may carry `effects`: `voidConversion` (the player’s conversion on the campaign, if still on hold: the advertiser is refunded to the campaign budget and the publisher share voided) `blockPlayer` (no more tasks for the player in the app), `pauseCampaign` (the campaign’s switch off: its task is broken or wrong; the advertiser turns it on once fixed) and `askAdvertiser` (the campaign’s advertiser is mailed the report and the note). Rejecting an app’s quality-floor report (rule `QUALITY_FLOOR`) lifts the app’s pause (effect `liftedPause`). `note` goes into the history.',
    access: 'moderator',
    response: ReportViewJson,
    params: z.object({
      id: idParam('id'),
      action: z.enum(REPORT_ACTIONS, { error: says('ACTION_MUST_ONE_OF', { values: REPORT_ACTIONS.join(', ') }) }),
    }),
    body: z
      .object({
        status: z.string({ error: says('STATUS_MUST_STRING') }).optional(),
        note: z.string({ error: says('NOTE_MUST_STRING') }).nullish(),
        effects: ReportEffects.optional(),
      })
      .optional()
      .default({}),
    handler: (ctx, { params, body }) => ctx.services.reports.act(ctx.em, ctx.user!, params.id, params.action, body),
  }),
  route({
    method: 'GET',
    path: '/v1/moderation/campaigns',
    tag: 'moderation',
    summary: `Campaign review: campaigns waiting in MODERATION, rejected, or once reviewed. ${TABLE} Filters: \`status\` (one or a list), \`claimedBy\` (an id, \`me\` or \`none\`). Search: campaign, resource, advertiser, project.`,
    access: 'moderator',
    response: z.object({ data: z.array(ReviewJson), totalCount: z.number() }),
    query: ReviewTableQuery,
    handler: async (ctx, { query }) => {
      const page = await ctx.services.campaignReview.list(ctx.em, ctx.user!, query);
      return { data: page.data.map(reviewJson), totalCount: page.totalCount };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/moderation/campaigns/:id',
    tag: 'moderation',
    summary: 'One campaign under review with its history.',
    access: 'moderator',
    response: ReviewDetailJson,
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => {
      const d = await ctx.services.campaignReview.detail(ctx.em, params.id);
      return { ...reviewJson(d), history: d.history };
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/moderation/campaigns/:id/:action',
    tag: 'moderation',
    summary:
      '`claim`, `release`, `approve` (→ ACTIVE, or STOPPED without budget) or `reject` with `{ reason }` (→ REJECTED; the budget returns to the advertiser). The same claim rules as player reports.',
    access: 'moderator',
    response: ReviewJson,
    params: z.object({
      id: idParam('id'),
      action: z.enum(REVIEW_ACTIONS, { error: says('ACTION_MUST_ONE_OF', { values: REVIEW_ACTIONS.join(', ') }) }),
    }),
    body: z
      .object({ reason: z.string({ error: says('REASON_MUST_STRING') }).nullish() })
      .optional()
      .default({}),
    handler: async (ctx, { params, body }) =>
      reviewJson(await ctx.services.campaignReview.act(ctx.em, ctx.user!, params.id, params.action, body.reason)),
  }),
  route({
    method: 'GET',
    path: '/v1/moderation/counts',
    tag: 'moderation',
    summary: 'What waits for moderators: new reports, my claimed reports, campaigns to review, registration requests.',
    access: 'moderator',
    response: ModerationCountsJson,
    handler: (ctx) => ctx.services.reports.counts(ctx.em, ctx.user!.id),
  }),
];
