import { checkPage, expectedVersionOf, parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { TierRef } from '../lookups/lookups.schema.ts';
import { TASK_TYPES } from '../projects/project.entity.ts';
import { CreatePlatformInput, ServicePatchInput, UpdatePlatformInput } from './platforms.inputs.ts';
import type { PlatformView, RewardView, ServiceView } from './platforms.service.ts';

const TaskTypeRef = builder.enumType('PlatformTaskType', { values: TASK_TYPES });

const RewardRef = builder.objectRef<RewardView>('PlatformReward').implement({
  description: 'An in-app award (coins, gems…) a platform gives players.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    logo: t.exposeString('logo'),
    platformId: t.exposeID('platformId'),
  }),
});

const ServiceAwardRef = builder.objectRef<ServiceView['awards'][number]>('ServiceAward').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    platformRewardId: t.exposeID('platformRewardId'),
    platformRewardTitle: t.exposeString('platformRewardTitle'),
    value: t.exposeInt('value', { description: 'How many of the award a player gets.' }),
  }),
});

const ServiceRef = builder.objectRef<ServiceView>('PlatformService').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true, description: 'Null for a service the app has not saved yet.' }),
    platformId: t.exposeID('platformId'),
    taskType: t.expose('taskType', { type: TaskTypeRef }),
    awards: t.expose('awards', { type: [ServiceAwardRef] }),
    shouldConfirmWithoutPayout: t.exposeBoolean('shouldConfirmWithoutPayout', {
      description: 'Smart links: award the user in any case.',
    }),
    isExcluded: t.exposeBoolean('isExcluded', { description: 'Disable task type display.' }),
    defaultPrice: t.expose('defaultPrice', { type: 'Money' }),
    reward: t.exposeString('reward', { nullable: true }),
    rewardIcon: t.exposeString('rewardIcon', { nullable: true }),
    tiers: t.expose('tiers', { type: [TierRef] }),
  }),
});

const PlatformCategoryRef = builder.objectRef<{ id: number; title: string }>('PlatformCategory').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

export const PlatformRef = builder.objectRef<PlatformView>('Platform').implement({
  description: 'A publisher’s mini app that embeds the showcase.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    title: t.exposeString('title'),
    logo: t.exposeString('logo'),
    status: t.exposeString('status'),
    isActive: t.exposeBoolean('isActive'),
    categoryId: t.exposeID('categoryId'),
    category: t.expose('category', { type: PlatformCategoryRef, nullable: true }),
    webappUrl: t.exposeString('webappUrl'),
    tgBotUrl: t.exposeString('tgBotUrl'),
    tgBotId: t.string({ nullable: true, resolve: (p) => (p.tgBotId === null ? null : String(p.tgBotId)) }),
    hasBotToken: t.exposeBoolean('hasBotToken'),
    rewardCallbackUrl: t.exposeString('rewardCallbackUrl', { nullable: true }),
    isDarkTheme: t.exposeBoolean('isDarkTheme'),
    rewards: t.expose('rewards', { type: [RewardRef], description: 'Filled on a single platform.' }),
    services: t.expose('services', { type: [ServiceRef], description: 'Filled on a single platform.' }),
    version: t.exposeInt('version', {
      description: 'Bumped by every saved change: send it as updatePlatform’s expectedVersion.',
    }),
    secretKey: t.exposeString('secretKey', { nullable: true }),
  }),
});

const PlatformPageRef = builder.objectRef<{ data: PlatformView[]; total: number }>('PlatformPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [PlatformRef] }), total: t.exposeInt('total') }),
});

const RewardInputRef = builder.inputType('PlatformRewardInput', {
  fields: (t) => ({
    id: t.id({ required: false }),
    title: t.string({ required: true }),
    logo: t.string({ required: true }),
  }),
});
const ServiceAwardInputRef = builder.inputType('ServiceAwardInput', {
  fields: (t) => ({
    id: t.id({ required: false }),
    platformRewardId: t.id({ required: false }),
    platformRewardTitle: t.string({ required: false }),
    value: t.int({ required: false }),
  }),
});
const ServiceInputRef = builder.inputType('PlatformServiceInput', {
  fields: (t) => ({
    id: t.id({ required: false }),
    taskType: t.field({ type: TaskTypeRef, required: true }),
    awards: t.field({ type: [ServiceAwardInputRef], required: false }),
    shouldConfirmWithoutPayout: t.boolean({ required: false }),
    isExcluded: t.boolean({ required: false }),
  }),
});
const PlatformInputRef = builder.inputType('PlatformInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    logo: t.string({ required: true }),
    categoryId: t.id({ required: true }),
    webappUrl: t.string({ required: true }),
    tgBotUrl: t.string({ required: false, description: 'Required on create; cannot change afterwards.' }),
    isDarkTheme: t.boolean({ required: false }),
    rewards: t.field({ type: [RewardInputRef], required: false }),
    services: t.field({ type: [ServiceInputRef], required: false }),
    tgBotId: t.string({ required: false }),
    botToken: t.string({ required: false }),
    rewardCallbackUrl: t.string({ required: false }),
  }),
});
const ServicePatchInputRef = builder.inputType('PlatformServicePatchInput', {
  fields: (t) => ({
    awards: t.field({ type: [ServiceAwardInputRef], required: false }),
    shouldConfirmWithoutPayout: t.boolean({ required: false }),
    isExcluded: t.boolean({ required: false }),
  }),
});

builder.queryFields((t) => ({
  platforms: t.field({
    type: PlatformPageRef,
    authScopes: { authenticated: true },
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 11 }),
    },
    resolve: (_r, { page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.platforms.list(ctx.em, ctx.account!, page, limit);
    },
  }),
  platform: t.field({
    type: PlatformRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.platforms.get(ctx.em, ctx.account!, parseId(id)),
  }),
  platformServices: t.field({
    type: [ServiceRef],
    authScopes: { authenticated: true },
    args: { platformId: t.arg.id({ required: false }), taskType: t.arg({ type: TaskTypeRef, required: false }) },
    resolve: (_r, { platformId, taskType }, ctx) =>
      ctx.services.platforms.services(ctx.em, ctx.account!, {
        platformId: platformId ? parseId(platformId) : undefined,
        taskType: taskType ?? undefined,
      }),
  }),
}));

builder.mutationFields((t) => ({
  createPlatform: t.field({
    type: PlatformRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: PlatformInputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      ctx.services.platforms.create(ctx.em, ctx.account!, parseInput(CreatePlatformInput, input)),
  }),
  updatePlatform: t.field({
    type: PlatformRef,
    authScopes: { authenticated: true },
    description: 'The edit screen’s save (REST: PATCH /v1/platforms/{id}/complex).',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: PlatformInputRef, required: true }),
      expectedVersion: t.arg.int({ required: false, description: expectedVersionOf('Platform') }),
    },
    resolve: (_r, { id, input, expectedVersion }, ctx) => {
      const patch = parseInput(UpdatePlatformInput, input);
      return ctx.services.platforms.updateComplex(
        ctx.em,
        ctx.account!,
        parseId(id),
        patch,
        expectedVersion ?? undefined,
      );
    },
  }),
  updatePlatformService: t.field({
    type: ServiceRef,
    authScopes: { authenticated: true },
    args: {
      platformId: t.arg.id({ required: true }),
      serviceId: t.arg.id({ required: true }),
      input: t.arg({ type: ServicePatchInputRef, required: true }),
      expectedVersion: t.arg.int({ required: false, description: expectedVersionOf('Platform') }),
    },
    resolve: (_r, { platformId, serviceId, input, expectedVersion }, ctx) =>
      ctx.services.platforms.patchService(
        ctx.em,
        ctx.account!,
        parseId(platformId),
        parseId(serviceId),
        parseInput(ServicePatchInput, input),
        expectedVersion ?? undefined,
      ),
  }),
  regeneratePlatformKey: t.string({
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      return (await ctx.services.platforms.regenerateKey(ctx.em, ctx.account!, parseId(id))).secretKey;
    },
  }),
}));
