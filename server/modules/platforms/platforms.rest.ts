import {
  CallbackJson,
  PlatformCampaignRowJson,
  PlatformJson,
  ServiceJson,
  platformJson,
  serviceJson,
} from './platforms.responses.ts';
import { z } from 'zod';
import { formatMoney, moneyToJson } from '../../lib/money.ts';
import { etagOf, versionOfIfMatch } from '../../db/versions.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { idParam, pageQuery } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { TASK_TYPES } from '../projects/project.entity.ts';
import { CreatePlatformInput, ServicePatchInput, UpdatePlatformInput } from './platforms.inputs.ts';

export const platformsRoutes = [
  route({
    method: 'GET',
    path: '/v1/platforms',
    tag: 'platforms',
    summary: 'The signed-in publisher’s apps, 11 a page.',
    access: 'user',
    response: z.object({ data: z.array(PlatformJson), total: z.number() }),
    query: pageQuery(11),
    handler: async (ctx, { query }) => {
      const { data, total } = await ctx.services.platforms.list(ctx.em, ctx.account!, query.page, query.limit);
      return { data: data.map(platformJson), total };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/platforms',
    tag: 'platforms',
    summary:
      'Create an app with its awards and services. Service awards name their award by `platformRewardTitle` (or `platformRewardId`).',
    access: 'user',
    response: PlatformJson,
    body: CreatePlatformInput,
    status: 201,
    handler: async (ctx, { body }) => platformJson(await ctx.services.platforms.create(ctx.em, ctx.account!, body)),
  }),
  route({
    method: 'GET',
    path: '/v1/platforms/:id',
    tag: 'platforms',
    summary:
      'An app with its secret key, awards and all five services in showcase order. Its `ETag` is its version: send it back as `If-Match` with a change.',
    access: 'user',
    response: PlatformJson,
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params, setHeader }) => {
      const app = await ctx.services.platforms.get(ctx.em, ctx.account!, params.id);
      setHeader?.('etag', etagOf(app.version));
      return platformJson(app);
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/platforms/:id/complex',
    tag: 'platforms',
    summary:
      'Save the edit screen: app fields, the full list of awards (kept by id, renamed in place, deleted when missing) and services with their awards. With `If-Match: "<version>"` (the ETag read) it applies only if nobody changed the app since: else 412 `STALE_VERSION` with `current`, the app as it is, and who saved it.',
    access: 'user',
    response: PlatformJson,
    params: z.object({ id: idParam('id') }),
    body: UpdatePlatformInput,
    handler: async (ctx, { params, body, headers, setHeader }) => {
      const version = versionOfIfMatch(headers?.['if-match']);
      const app = await ctx.services.platforms.updateComplex(ctx.em, ctx.account!, params.id, body, version);
      setHeader?.('etag', etagOf(app.version));
      return platformJson(app);
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/platforms/:id/services/:serviceId',
    tag: 'platforms',
    summary:
      'Change one service: its awards, `isExcluded`, `shouldConfirmWithoutPayout` (smart links). A service is part of its app: `If-Match` names the app’s version (its ETag), and a stale one answers 412 `STALE_VERSION` with the app as it is.',
    access: 'user',
    response: ServiceJson,
    params: z.object({ id: idParam('id'), serviceId: idParam('serviceId') }),
    body: ServicePatchInput,
    handler: async (ctx, { params, body, headers }) => {
      const version = versionOfIfMatch(headers?.['if-match']);
      const { platforms } = ctx.services;
      return serviceJson(
        await platforms.patchService(ctx.em, ctx.account!, params.id, params.serviceId, body, version),
      );
    },
  }),
  route({
    method: 'PATCH',
    path: '/v1/platforms/:id/secret-key',
    tag: 'platforms',
    summary: 'Generate a new secret key for the app; the old one stops working at once.',
    access: 'user',
    params: z.object({ id: idParam('id') }),
    response: z.object({ secretKey: z.string() }),
    handler: (ctx, { params }) => {
      return ctx.services.platforms.regenerateKey(ctx.em, ctx.account!, params.id);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/platforms/:id/campaigns',
    tag: 'platforms',
    summary: 'Campaign rows shown in the app: task type and title, completed quantity, revenue, active.',
    access: 'user',
    response: z.object({ data: z.array(PlatformCampaignRowJson) }),
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => {
      await ctx.services.platforms.assertOwner(ctx.em, ctx.account!, params.id);
      const data = await ctx.services.campaigns.platforms.rows(ctx.em, params.id);
      return { data: data.map((r) => ({ ...r, profitBudget: moneyToJson(r.profitBudget) })) };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/platforms/:id/campaigns.csv',
    tag: 'platforms',
    summary: 'App statistics as CSV (campaign, task type, title, completed, revenue, status), streamed.',
    access: 'user',
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => {
      await ctx.services.platforms.assertOwner(ctx.em, ctx.account!, params.id);
      return new CsvFile(
        `app-${params.id}-statistics-${new Date().toISOString().slice(0, 10)}.csv`,
        ['campaign_id', 'task_type', 'title', 'completed', 'revenue_usd', 'status'],
        mapRows(ctx.services.campaigns.platforms.rowsStream(ctx.em, params.id), (r) => [
          r.campaignId,
          r.task.type,
          r.task.title,
          r.completedQuantity,
          formatMoney(r.profitBudget),
          r.isActive ? 'Active' : 'Inactive',
        ]),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/v1/platforms/:id/callbacks',
    tag: 'platforms',
    summary:
      'The app’s latest reward callbacks (50) with every delivery attempt: status code, error, duration. Bodies are signed with HMAC-SHA256 of the raw body keyed with the app’s secret key, in `X-Taskgram-Signature: sha256=<hex>`.',
    access: 'user',
    response: z.object({ data: z.array(CallbackJson) }),
    params: z.object({ id: idParam('id') }),
    handler: async (ctx, { params }) => ({
      data: await ctx.services.callbacks.list(ctx.em, ctx.account!, params.id),
    }),
  }),
  route({
    method: 'GET',
    path: '/v1/platform-services',
    tag: 'platforms',
    summary: 'Services across the signed-in publisher’s apps, optionally of one app (`platformId`) or task type.',
    access: 'user',
    response: z.object({ data: z.array(ServiceJson) }),
    query: z.object({
      platformId: z.coerce.number().int().positive().optional(),
      taskType: z.enum(TASK_TYPES).optional(),
    }),
    handler: async (ctx, { query }) => ({
      data: (await ctx.services.platforms.services(ctx.em, ctx.account!, query)).map(serviceJson),
    }),
  }),
];
