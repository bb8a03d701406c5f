import { CampaignJson } from './campaigns.responses.ts';
import { tablePage } from '../../rest/responses.ts';
import { z } from 'zod';
import { formatMoney, moneyToJson } from '../../lib/money.ts';
import { withTotal } from '../../lib/data-table.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { idParam } from '../../rest/params.ts';
import { etagOf, versionOfIfMatch } from '../../db/versions.ts';
import { route } from '../../rest/route.ts';
import { callKey } from '../../lib/idempotency.ts';
import { BudgetInput, CreateCampaignInput, UpdateCampaignInput } from './campaigns.inputs.ts';
import { CampaignTableQuery } from './campaigns.service.ts';
import { campaignJson } from './campaign-views.ts';

export { campaignJson };

const TABLE_HELP =
  'A data table: `page`, `size` (or `limit`; default 20), `sortField` (createdAt, name, status, budget, spend, conversions, todayConversions), `sortOrder`, `filters` (JSON: `projectId`, `status` and `taskType`, one or a list; `?projectId=` and `?status=` are read too), `search` (campaign name, resource title). Answers `{ data, total, totalCount }`.';
const campaignParams = z.object({ projectId: idParam('projectId'), campaignId: idParam('campaignId') });

export const campaignsRoutes = [
  route({
    method: 'GET',
    path: '/v1/campaigns',
    tag: 'campaigns',
    summary: `All the signed-in advertiser’s campaigns, newest first unless sorted. ${TABLE_HELP}`,
    access: 'user',
    response: tablePage(CampaignJson),
    query: CampaignTableQuery,
    handler: async (ctx, { query }) => {
      const p = await ctx.services.campaigns.list(ctx.em, ctx.account!, query);
      return withTotal({ data: p.data.map(campaignJson), totalCount: p.totalCount });
    },
  }),
  route({
    method: 'GET',
    path: '/v1/campaigns.csv',
    tag: 'campaigns',
    summary: 'The campaigns the table’s filters, search and sort select, as CSV (one row per campaign), streamed.',
    access: 'user',
    query: CampaignTableQuery,
    handler: async (ctx, { query }) =>
      new CsvFile(
        `campaigns-${new Date().toISOString().slice(0, 10)}.csv`,
        [
          'id',
          'created_at',
          'name',
          'project_id',
          'resource',
          'task_type',
          'status',
          'active',
          'prices_usd',
          'budget_left_usd',
          'spend_usd',
          'conversions',
          'today_conversions',
          'today_spend_usd',
          'not_new_unpaid',
        ],
        mapRows(ctx.services.campaigns.stream(ctx.em, ctx.account!, query), (c) => [
          c.id,
          c.createdAt,
          c.name,
          c.projectId,
          c.task.title,
          c.task.type,
          c.status,
          c.isActive ? 'yes' : 'no',
          c.prices.map((p) => `tier ${p.tierLevel}: ${formatMoney(p.value)}`).join('; '),
          formatMoney(c.budget),
          formatMoney(c.spend),
          c.conversions,
          c.todayConversions,
          formatMoney(c.todaySpend),
          c.notNew,
        ]),
      ),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/:projectId/campaigns',
    tag: 'campaigns',
    summary: `The campaigns of one project, newest first unless sorted. ${TABLE_HELP}`,
    access: 'user',
    response: tablePage(CampaignJson),
    params: z.object({ projectId: idParam('projectId') }),
    query: CampaignTableQuery,
    handler: async (ctx, { params, query }) => {
      const p = await ctx.services.campaigns.list(ctx.em, ctx.account!, {
        ...query,
        filters: { ...query.filters, projectId: params.projectId },
      });
      return withTotal({ data: p.data.map(campaignJson), totalCount: p.totalCount });
    },
  }),
  route({
    method: 'GET',
    path: '/v1/projects/:projectId/campaigns/:campaignId',
    tag: 'campaigns',
    summary:
      'One campaign with its budget left and counters. Its `ETag` is its version: send it back as `If-Match` with a change.',
    access: 'user',
    response: CampaignJson,
    params: campaignParams,
    handler: async (ctx, { params, setHeader }) => {
      const c = await ctx.services.campaigns.get(ctx.em, ctx.account!, params.campaignId, params.projectId);
      setHeader?.('etag', etagOf(c.version));
      return campaignJson(c);
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/projects/:projectId/campaigns/:campaignId',
    tag: 'campaigns',
    summary:
      'Change a campaign with a partial body: `isActive` switches it on or off; name, prices, dailyCap, countries, languages, isPremiumOnly. With `If-Match: "<version>"` (the ETag read) it applies only if nobody changed the campaign since: else 412 `STALE_VERSION` with `current`, the campaign as it is, and who saved it. Without `If-Match` it applies as it is.',
    access: 'user',
    response: CampaignJson,
    params: campaignParams,
    body: UpdateCampaignInput,
    handler: async (ctx, { params, body, headers, setHeader }) => {
      const c = await ctx.services.campaigns.update(
        ctx.em,
        ctx.account!,
        params.campaignId,
        body,
        params.projectId,
        versionOfIfMatch(headers?.['if-match']),
      );
      setHeader?.('etag', etagOf(c.version));
      return campaignJson(c);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/projects/:projectId/tasks/:taskId/campaigns',
    tag: 'campaigns',
    summary:
      'Create a campaign on a resource. Prices per tier default to the settings’ tier prices (never lower, never under 0.05 USD); an optional `budget` is moved from the advertiser balance.',
    access: 'user',
    response: CampaignJson,
    params: z.object({ projectId: idParam('projectId'), taskId: idParam('taskId') }),
    body: CreateCampaignInput,
    status: 201,
    idempotent: true,
    handler: async (ctx, { params, body }) =>
      campaignJson(
        await ctx.services.campaigns.create(
          ctx.em,
          ctx.account!,
          params.projectId,
          params.taskId,
          body,
          ctx.idempotencyKey,
        ),
      ),
  }),
  route({
    method: 'POST',
    path: '/v1/projects/:projectId/campaigns/:campaignId/payments',
    tag: 'campaigns',
    summary:
      'Add `value` USD from the advertiser balance to the campaign budget. Send an `Idempotency-Key` header (or `idempotencyKey`) so a retry moves the money once and answers the campaign.',
    access: 'user',
    response: CampaignJson,
    params: campaignParams,
    body: BudgetInput,
    idempotent: true,
    handler: async (ctx, { params, body }) =>
      campaignJson(
        await ctx.services.campaigns.fund(ctx.em, ctx.account!, params.campaignId, body.value, {
          projectId: params.projectId,
          key: callKey(body.idempotencyKey, ctx.idempotencyKey),
        }),
      ),
  }),
  route({
    method: 'PUT',
    path: '/v1/projects/:projectId/campaigns/:campaignId/payments',
    tag: 'campaigns',
    summary:
      'Return `value` USD of unspent budget to the advertiser balance. Send an `Idempotency-Key` header (or `idempotencyKey`) so a retry moves the money once.',
    access: 'user',
    response: CampaignJson,
    params: campaignParams,
    body: BudgetInput,
    idempotent: true,
    handler: async (ctx, { params, body }) =>
      campaignJson(
        await ctx.services.campaigns.returnBudget(ctx.em, ctx.account!, params.campaignId, body.value, {
          projectId: params.projectId,
          key: callKey(body.idempotencyKey, ctx.idempotencyKey),
        }),
      ),
  }),
];
