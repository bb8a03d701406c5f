import { expectedVersionOf, parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import type { Context } from '../../graphql/context.ts';
import { perRequestLoader } from '../../graphql/loader.ts';
import { topics } from '../../lib/pubsub.ts';
import { defined, SortOrderEnum } from '../../graphql/table.ts';
import { withTotal } from '../../lib/data-table.ts';
import { PlatformRef } from '../platforms/platforms.schema.ts';
import { TaskRef, TaskTypeEnum } from '../projects/projects.schema.ts';
import { CAMPAIGN_STATUSES } from './campaign.entity.ts';
import { BudgetInput, CreateCampaignInput, ReportInput, UpdateCampaignInput } from './campaigns.inputs.ts';
import { callKey } from '../../lib/idempotency.ts';
import {
  CAMPAIGN_SORT_FIELDS,
  CampaignTableQuery,
  type CampaignStats,
  type CampaignView,
  type PlatformCampaignRow,
  type PlatformStats,
  type ReportDay,
} from './campaigns.service.ts';
import type { CallbackView } from './callbacks.service.ts';

export const CampaignStatusEnum = builder.enumType('CampaignStatus', { values: CAMPAIGN_STATUSES });

const CampaignPriceRef = builder.objectRef<CampaignView['prices'][number]>('CampaignPrice').implement({
  fields: (t) => ({ tierLevel: t.exposeInt('tierLevel'), value: t.expose('value', { type: 'Money' }) }),
});

const CampaignTaskRef = builder.objectRef<CampaignView['task']>('CampaignTask').implement({
  description: 'The resource a campaign advertises (kept as it was when the resource is deleted).',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true }),
    type: t.expose('type', { type: TaskTypeEnum }),
    title: t.exposeString('title'),
    logo: t.exposeString('logo'),
    url: t.exposeString('url'),
  }),
});

export const CampaignRef = builder.objectRef<CampaignView>('Campaign').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    projectId: t.exposeID('projectId'),
    taskId: t.exposeID('taskId', { nullable: true }),
    task: t.expose('task', { type: CampaignTaskRef }),
    name: t.exposeString('name'),
    status: t.expose('status', { type: CampaignStatusEnum }),
    isActive: t.exposeBoolean('isActive'),
    prices: t.expose('prices', { type: [CampaignPriceRef], description: 'Price of one action per tier.' }),
    dailyCap: t.exposeInt('dailyCap', { nullable: true }),
    countries: t.exposeStringList('countries', { description: 'ISO codes; empty = every country.' }),
    languages: t.exposeStringList('languages', { description: 'Language codes; empty = every language.' }),
    isPremiumOnly: t.exposeBoolean('isPremiumOnly'),
    newUsersOnly: t.exposeBoolean('newUsersOnly', {
      description: 'Pay only for players new to the resource (default on).',
    }),
    minQuality: t.exposeInt('minQuality', {
      nullable: true,
      description: 'Apps whose traffic quality score is below this (0–100) do not show the campaign.',
    }),
    unscoredAllowed: t.exposeBoolean('unscoredAllowed', {
      description: 'With minQuality: whether apps with not enough data for a score show the campaign.',
    }),
    budget: t.expose('budget', { type: 'Money', description: 'Budget left (not counting money on hold).' }),
    conversions: t.exposeInt('conversions'),
    spend: t.expose('spend', { type: 'Money' }),
    todayConversions: t.exposeInt('todayConversions', { description: 'Today in UTC.' }),
    todaySpend: t.expose('todaySpend', { type: 'Money' }),
    notNew: t.exposeInt('notNew', { description: 'Completions refused because the player was not new.' }),
    version: t.exposeInt('version', {
      description: 'Bumped by every saved change: send it as updateCampaign’s expectedVersion.',
    }),
    rejectReason: t.exposeString('rejectReason', {
      nullable: true,
      description: 'Why a moderator rejected the campaign (status REJECTED).',
    }),
  }),
});

const CampaignPageRef = builder
  .objectRef<{ data: CampaignView[]; total: number; totalCount: number }>('CampaignPage')
  .implement({
    fields: (t) => ({
      data: t.expose('data', { type: [CampaignRef] }),
      total: t.exposeInt('total'),
      totalCount: t.exposeInt('totalCount'),
    }),
  });
const CampaignSortEnum = builder.enumType('CampaignSortField', { values: CAMPAIGN_SORT_FIELDS });
const CampaignFiltersInput = builder.inputType('CampaignFilters', {
  fields: (t) => ({
    projectId: t.id({ required: false }),
    status: t.field({ type: [CampaignStatusEnum], required: false }),
    taskType: t.field({ type: [TaskTypeEnum], required: false }),
  }),
});

const ReportDayRef = builder.objectRef<ReportDay>('CampaignReportDay').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'UTC day, YYYY-MM-DD.' }),
    conversions: t.exposeInt('conversions'),
    spend: t.expose('spend', { type: 'Money' }),
  }),
});

const CampaignStatsRef = builder.objectRef<CampaignStats>('CampaignStats').implement({
  description: 'Live counters of one campaign (id = the campaign id).',
  fields: (t) => ({
    id: t.exposeID('id'),
    projectId: t.exposeID('projectId'),
    status: t.expose('status', { type: CampaignStatusEnum }),
    isActive: t.exposeBoolean('isActive'),
    budget: t.field({ type: 'Money', resolve: (s) => BigInt(s.budget) }),
    conversions: t.exposeInt('conversions'),
    spend: t.field({ type: 'Money', resolve: (s) => BigInt(s.spend) }),
    todayConversions: t.exposeInt('todayConversions'),
    todaySpend: t.field({ type: 'Money', resolve: (s) => BigInt(s.todaySpend) }),
    notNew: t.exposeInt('notNew'),
    rejectReason: t.string({ nullable: true, resolve: (s) => s.rejectReason ?? null }),
  }),
});

const PlatformStatsRef = builder.objectRef<PlatformStats>('PlatformStats').implement({
  description: 'Live counters of one campaign in one app, and the app’s totals.',
  fields: (t) => ({
    platformId: t.exposeID('platformId'),
    campaignId: t.exposeID('campaignId'),
    completedQuantity: t.exposeInt('completedQuantity'),
    profitBudget: t.field({ type: 'Money', resolve: (s) => BigInt(s.profitBudget) }),
    platformCompleted: t.exposeInt('platformCompleted'),
    platformRevenue: t.field({ type: 'Money', resolve: (s) => BigInt(s.platformRevenue) }),
  }),
});

const PlatformCampaignRowTaskRef = builder.objectRef<PlatformCampaignRow['task']>('PlatformCampaignTask').implement({
  fields: (t) => ({ type: t.expose('type', { type: TaskTypeEnum }), title: t.exposeString('title') }),
});

const PlatformCampaignRowRef = builder.objectRef<PlatformCampaignRow>('PlatformCampaignRow').implement({
  fields: (t) => ({
    campaignId: t.exposeID('campaignId'),
    task: t.expose('task', { type: PlatformCampaignRowTaskRef }),
    completedQuantity: t.exposeInt('completedQuantity'),
    profitBudget: t.expose('profitBudget', { type: 'Money', description: 'The app’s revenue from it.' }),
    isActive: t.exposeBoolean('isActive'),
  }),
});

const CallbackAttemptRef = builder.objectRef<CallbackView['attemptLog'][number]>('RewardCallbackAttempt').implement({
  fields: (t) => ({
    attempt: t.exposeInt('attempt'),
    at: t.expose('at', { type: 'DateTime' }),
    statusCode: t.exposeInt('statusCode', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    durationMs: t.exposeInt('durationMs'),
  }),
});

const CallbackRef = builder.objectRef<CallbackView>('RewardCallback').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    conversionId: t.exposeID('conversionId'),
    url: t.exposeString('url'),
    status: t.exposeString('status', { description: 'PENDING, DELIVERED or FAILED' }),
    attempts: t.exposeInt('attempts'),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
    attemptLog: t.expose('attemptLog', { type: [CallbackAttemptRef] }),
  }),
});

const RewardCallbackEventRef = builder.objectRef<{ id: number }>('RewardCallbackEvent').implement({
  fields: (t) => ({ id: t.exposeID('id', { description: 'The callback that changed.' }) }),
});

const CampaignPriceInputRef = builder.inputType('CampaignPriceInput', {
  fields: (t) => ({
    tierLevel: t.int({ required: true }),
    value: t.field({ type: 'Money', required: true }),
  }),
});

const CreateCampaignInputRef = builder.inputType('CreateCampaignInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    prices: t.field({ type: [CampaignPriceInputRef], required: false }),
    dailyCap: t.int({ required: false }),
    countries: t.stringList({ required: false }),
    languages: t.stringList({ required: false }),
    isPremiumOnly: t.boolean({ required: false }),
    newUsersOnly: t.boolean({ required: false, description: 'Default true.' }),
    minQuality: t.int({ required: false, description: 'A minimum traffic quality score, 0–100.' }),
    unscoredAllowed: t.boolean({ required: false, description: 'Default true.' }),
    budget: t.field({ type: 'Money', required: false, description: 'Moved from the advertiser balance.' }),
    idempotencyKey: t.string({
      required: false,
      description: 'A retry with the same key answers the first campaign (as the Idempotency-Key header does).',
    }),
  }),
});

const UpdateCampaignInputRef = builder.inputType('UpdateCampaignInput', {
  fields: (t) => ({
    name: t.string({ required: false }),
    isActive: t.boolean({ required: false }),
    prices: t.field({ type: [CampaignPriceInputRef], required: false }),
    dailyCap: t.int({ required: false, description: 'null removes the cap.' }),
    countries: t.stringList({ required: false }),
    languages: t.stringList({ required: false }),
    isPremiumOnly: t.boolean({ required: false }),
    newUsersOnly: t.boolean({ required: false }),
    minQuality: t.int({ required: false, description: 'null removes the minimum.' }),
    unscoredAllowed: t.boolean({ required: false }),
  }),
});

/** GraphQL gives null for "not sent" and "sent as null": only dailyCap and minQuality tell them apart. */
function withoutNulls<T extends Record<string, unknown>>(input: T, keepNull: string[] = []) {
  return Object.fromEntries(
    Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || keepNull.includes(k))),
  );
}

const platformTotals = perRequestLoader((ctx: Context, ids: number[]) =>
  ctx.services.campaigns.platforms.totals(ctx.em, ids),
);
const taskCampaigns = perRequestLoader((ctx: Context, ids: number[]) =>
  ctx.services.campaigns.forTasks(ctx.em, ctx.account!.id, ids),
);

builder.objectField(TaskRef, 'campaigns', (t) =>
  t.field({
    type: [CampaignRef],
    authScopes: { authenticated: true },
    description: 'The resource’s campaigns; empty shows “No Campaign” with “Add New Campaign”.',
    resolve: async (task, _a, ctx) => (await taskCampaigns(ctx, task.id)) ?? [],
  }),
);

builder.objectField(PlatformRef, 'completed', (t) =>
  t.int({
    authScopes: { authenticated: true },
    description: 'Actions completed in the app (voided ones not counted).',
    resolve: async (p, _a, ctx) => (await platformTotals(ctx, p.id))?.completed ?? 0,
  }),
);
builder.objectField(PlatformRef, 'revenue', (t) =>
  t.field({
    type: 'Money',
    authScopes: { authenticated: true },
    description: 'The app’s revenue, on hold and available.',
    resolve: async (p, _a, ctx) => (await platformTotals(ctx, p.id))?.revenue ?? 0n,
  }),
);

builder.queryFields((t) => ({
  campaigns: t.field({
    type: CampaignPageRef,
    authScopes: { authenticated: true },
    description:
      'The advertiser’s paid campaigns as a data table, newest first unless sorted; `projectId` and `status` are read as filters, `limit` as `size`.',
    args: {
      projectId: t.arg.id({ required: false }),
      status: t.arg({ type: CampaignStatusEnum, required: false }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      size: t.arg.int({ required: false }),
      limit: t.arg.int({ required: false }),
      sortField: t.arg({ type: CampaignSortEnum, required: false }),
      sortOrder: t.arg({ type: SortOrderEnum, required: false }),
      filters: t.arg({ type: CampaignFiltersInput, required: false }),
      search: t.arg.string({ required: false, description: 'Campaign name or resource title.' }),
    },
    resolve: async (_r, args, ctx) =>
      withTotal(
        await ctx.services.campaigns.list(
          ctx.em,
          ctx.account!,
          parseInput(CampaignTableQuery, { ...defined(args), filters: defined(args.filters) }),
        ),
      ),
  }),
  campaign: t.field({
    type: CampaignRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.campaigns.get(ctx.em, ctx.account!, parseId(id)),
  }),
  campaignReport: t.field({
    type: [ReportDayRef],
    authScopes: { authenticated: true },
    description: 'Conversions and spend per UTC day, every day of the range (at most 366 days).',
    args: {
      from: t.arg.string({ required: true }),
      to: t.arg.string({ required: true }),
      projectId: t.arg.id({ required: false }),
      campaignId: t.arg.id({ required: false }),
    },
    resolve: async (_r, args, ctx) => {
      const range = parseInput(ReportInput, { from: args.from, to: args.to });
      const rows = await ctx.services.statistics.campaignReport(ctx.em, ctx.account!, {
        ...range,
        projectId: args.projectId ? parseId(args.projectId) : undefined,
        campaignId: args.campaignId ? parseId(args.campaignId) : undefined,
      });
      return rows.map((r) => ({ day: r.key, conversions: r.conversions, spend: r.spend }));
    },
  }),
  platformCampaigns: t.field({
    type: [PlatformCampaignRowRef],
    authScopes: { authenticated: true },
    description: 'App statistics: the campaigns shown in the app with completed actions and revenue.',
    args: { platformId: t.arg.id({ required: true }) },
    resolve: async (_r, { platformId }, ctx) => {
      const id = parseId(platformId);
      await ctx.services.platforms.assertOwner(ctx.em, ctx.account!, id);
      return ctx.services.campaigns.platforms.rows(ctx.em, id);
    },
  }),
  platformCallbacks: t.field({
    type: [CallbackRef],
    authScopes: { authenticated: true },
    description: 'The app’s latest reward callbacks with every delivery attempt.',
    args: { platformId: t.arg.id({ required: true }) },
    resolve: (_r, { platformId }, ctx) => ctx.services.callbacks.list(ctx.em, ctx.account!, parseId(platformId)),
  }),
}));

builder.mutationFields((t) => ({
  createCampaign: t.field({
    type: CampaignRef,
    authScopes: { authenticated: true },
    args: {
      projectId: t.arg.id({ required: true }),
      taskId: t.arg.id({ required: true }),
      input: t.arg({ type: CreateCampaignInputRef, required: true }),
    },
    resolve: (_r, { projectId, taskId, input }, ctx) =>
      ctx.services.campaigns.create(
        ctx.em,
        ctx.account!,
        parseId(projectId),
        parseId(taskId),
        parseInput(CreateCampaignInput, withoutNulls(input, ['dailyCap'])),
        ctx.idempotencyKey,
      ),
  }),
  updateCampaign: t.field({
    type: CampaignRef,
    authScopes: { authenticated: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateCampaignInputRef, required: true }),
      expectedVersion: t.arg.int({
        required: false,
        description: expectedVersionOf('Campaign'),
      }),
    },
    resolve: (_r, { id, input, expectedVersion }, ctx) =>
      ctx.services.campaigns.update(
        ctx.em,
        ctx.account!,
        parseId(id),
        parseInput(UpdateCampaignInput, withoutNulls(input, ['dailyCap', 'minQuality'])),
        undefined,
        expectedVersion ?? undefined,
      ),
  }),
  fundCampaign: t.field({
    type: CampaignRef,
    authScopes: { authenticated: true },
    description: 'Moves `value` from the advertiser balance into the campaign budget.',
    args: {
      id: t.arg.id({ required: true }),
      value: t.arg({ type: 'Money', required: true }),
      idempotencyKey: t.arg.string({
        required: false,
        description: 'A retry with the same key moves the money once (as the Idempotency-Key header does).',
      }),
    },
    resolve: (_r, { id, value, idempotencyKey }, ctx) => {
      const input = parseInput(BudgetInput, { value, idempotencyKey: idempotencyKey ?? undefined });
      return ctx.services.campaigns.fund(ctx.em, ctx.account!, parseId(id), input.value, {
        key: callKey(input.idempotencyKey, ctx.idempotencyKey),
      });
    },
  }),
  returnCampaignBudget: t.field({
    type: CampaignRef,
    authScopes: { authenticated: true },
    description: 'Moves `value` of unspent budget back to the advertiser balance.',
    args: {
      id: t.arg.id({ required: true }),
      value: t.arg({ type: 'Money', required: true }),
      idempotencyKey: t.arg.string({
        required: false,
        description: 'A retry with the same key moves the money once (as the Idempotency-Key header does).',
      }),
    },
    resolve: (_r, { id, value, idempotencyKey }, ctx) => {
      const input = parseInput(BudgetInput, { value, idempotencyKey: idempotencyKey ?? undefined });
      return ctx.services.campaigns.returnBudget(ctx.em, ctx.account!, parseId(id), input.value, {
        key: callKey(input.idempotencyKey, ctx.idempotencyKey),
      });
    },
  }),
}));

builder.subscriptionFields((t) => ({
  campaignStatsChanged: t.field({
    type: CampaignStatsRef,
    authScopes: { authenticated: true },
    description: 'A conversion, budget change or status change of my campaigns (of one project, or all).',
    args: { projectId: t.arg.id({ required: false }) },
    subscribe: async (_r, { projectId }, ctx) => {
      if (!projectId) return ctx.pubsub.subscribe<CampaignStats>(topics.ownerCampaignStats(ctx.account!.id));
      const id = parseId(projectId);
      await ctx.services.campaigns.assertProjectOwner(ctx.em, ctx.account!, id);
      return ctx.pubsub.subscribe<CampaignStats>(topics.campaignStats(id));
    },
    resolve: (e) => e,
  }),
  rewardCallbackUpdated: t.field({
    type: RewardCallbackEventRef,
    authScopes: { authenticated: true },
    description: 'A delivery attempt of a reward callback of my app was made.',
    args: { platformId: t.arg.id({ required: true }) },
    subscribe: async (_r, { platformId }, ctx) => {
      const id = parseId(platformId);
      await ctx.services.platforms.assertOwner(ctx.em, ctx.account!, id);
      return ctx.pubsub.subscribe<{ id: number }>(topics.rewardCallbacks(id));
    },
    resolve: (e) => e,
  }),
  platformStatsChanged: t.field({
    type: PlatformStatsRef,
    authScopes: { authenticated: true },
    description: 'A conversion on my app (one app, or all of them).',
    args: { platformId: t.arg.id({ required: false }) },
    subscribe: async (_r, { platformId }, ctx) => {
      if (!platformId) return ctx.pubsub.subscribe<PlatformStats>(topics.ownerPlatformStats(ctx.account!.id));
      const id = parseId(platformId);
      await ctx.services.platforms.assertOwner(ctx.em, ctx.account!, id);
      return ctx.pubsub.subscribe<PlatformStats>(topics.platformStats(id));
    },
    resolve: (e) => e,
  }),
}));
