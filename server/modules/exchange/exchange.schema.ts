import { checkPage, parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { topics } from '../../lib/pubsub.ts';
import { TaskTypeEnum } from '../projects/projects.schema.ts';
import { DEAL_STATUSES, OFFER_STATUSES } from './exchange.entity.ts';
import { CreateOfferInput, DEAL_ACTIONS } from './exchange.inputs.ts';
import type {
  AppSummary,
  AwaitingOffers,
  CatalogApp,
  DealView,
  ExchangeProject,
  OfferView,
  Party,
  ProjectSummary,
} from './exchange.service.ts';

const OfferStatusEnum = builder.enumType('OfferStatus', { values: OFFER_STATUSES });
const DealStatusEnum = builder.enumType('DealStatus', { values: DEAL_STATUSES });
const OfferDirectionEnum = builder.enumType('OfferDirection', { values: ['INCOMING', 'OUTGOING'] as const });
const DealActionEnum = builder.enumType('DealAction', {
  values: DEAL_ACTIONS.map((a) => a.toUpperCase()) as ['PAUSE', 'RESUME', 'END'],
});

const CategoryRef = builder.objectRef<{ id: number; title: string }>('ExchangeCategory').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});
const AppSummaryRef = builder.objectRef<AppSummary>('ExchangeApp').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title'), logo: t.exposeString('logo') }),
});
const ProjectSummaryRef = builder.objectRef<ProjectSummary>('ExchangeProjectSummary').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});
const PartyRef = builder.objectRef<Party>('ExchangeParty').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

const CatalogAppRef = builder.objectRef<CatalogApp>('CatalogApp').implement({
  description: 'An app of another exchange-ready user.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    logo: t.exposeString('logo'),
    category: t.expose('category', { type: CategoryRef }),
    taskTypes: t.expose('taskTypes', { type: [TaskTypeEnum] }),
    ownerName: t.exposeString('ownerName'),
    recentCompletions: t.exposeInt('recentCompletions', { description: 'Completed actions in the last 30 days.' }),
  }),
});
const CatalogPageRef = builder.objectRef<{ data: CatalogApp[]; total: number }>('CatalogPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [CatalogAppRef] }), total: t.exposeInt('total') }),
});

const ExchangeProjectRef = builder.objectRef<ExchangeProject>('ExchangeProject').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    category: t.expose('category', { type: CategoryRef }),
    resources: t.exposeInt('resources'),
    taskTypes: t.expose('taskTypes', { type: [TaskTypeEnum] }),
  }),
});

export const OfferRef = builder.objectRef<OfferView>('Offer').implement({
  description:
    '“My app (platform) shows your project (partnerProject) `quantity` times; your app (partnerPlatform) shows my project (project) `partnerQuantity` times.”',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    status: t.expose('status', { type: OfferStatusEnum }),
    proposer: t.expose('proposer', { type: PartyRef }),
    partner: t.expose('partner', { type: PartyRef }),
    platform: t.expose('platform', { type: AppSummaryRef }),
    project: t.expose('project', { type: ProjectSummaryRef }),
    partnerPlatform: t.expose('partnerPlatform', { type: AppSummaryRef }),
    partnerProject: t.expose('partnerProject', { type: ProjectSummaryRef }),
    quantity: t.exposeInt('quantity'),
    partnerQuantity: t.exposeInt('partnerQuantity'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    message: t.exposeString('message', { nullable: true }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    dealId: t.exposeID('dealId', { nullable: true }),
  }),
});
const OfferPageRef = builder.objectRef<{ data: OfferView[]; total: number }>('OfferPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [OfferRef] }), total: t.exposeInt('total') }),
});

export const DealRef = builder.objectRef<DealView>('Deal').implement({
  description: 'A running swap. `delivered` counts what the proposer’s app delivered to the partner’s project.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    offerId: t.exposeID('offerId'),
    status: t.expose('status', { type: DealStatusEnum }),
    proposer: t.expose('proposer', { type: PartyRef }),
    partner: t.expose('partner', { type: PartyRef }),
    platform: t.expose('platform', { type: AppSummaryRef }),
    project: t.expose('project', { type: ProjectSummaryRef }),
    partnerPlatform: t.expose('partnerPlatform', { type: AppSummaryRef }),
    partnerProject: t.expose('partnerProject', { type: ProjectSummaryRef }),
    quantity: t.exposeInt('quantity'),
    delivered: t.exposeInt('delivered'),
    partnerQuantity: t.exposeInt('partnerQuantity'),
    partnerDelivered: t.exposeInt('partnerDelivered'),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
  }),
});
const DealPageRef = builder.objectRef<{ data: DealView[]; total: number }>('DealPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [DealRef] }), total: t.exposeInt('total') }),
});

const AwaitingOffersRef = builder.objectRef<AwaitingOffers>('AwaitingOffers').implement({
  description: 'Pending offers waiting for me (incoming) and for my partners (outgoing).',
  fields: (t) => ({ incoming: t.exposeInt('incoming'), outgoing: t.exposeInt('outgoing') }),
});

const CreateOfferInputRef = builder.inputType('CreateOfferInput', {
  fields: (t) => ({
    platformId: t.id({ required: true, description: 'My app, which shows the partner’s project.' }),
    projectId: t.id({ required: true, description: 'My project, which the partner’s app shows.' }),
    partnerPlatformId: t.id({ required: true }),
    partnerProjectId: t.id({ required: true }),
    quantity: t.int({ required: true, description: 'Completions my app delivers.' }),
    partnerQuantity: t.int({
      required: false,
      description: 'Completions the partner’s app delivers (default: quantity).',
    }),
    expiresAt: t.field({ type: 'DateTime', required: false }),
    message: t.string({ required: false }),
  }),
});

builder.queryFields((t) => ({
  exchangeCatalog: t.field({
    type: CatalogPageRef,
    authScopes: { authenticated: true },
    args: {
      search: t.arg.string({ required: false }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 12 }),
    },
    resolve: (_r, { search, page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.exchange.catalog(ctx.em, ctx.account!, { search: search?.slice(0, 100), page, limit });
    },
  }),
  exchangeProjects: t.field({
    type: [ExchangeProjectRef],
    authScopes: { authenticated: true },
    description: 'The projects of an app’s owner one may ask for; without platformId, my own.',
    args: { platformId: t.arg.id({ required: false }) },
    resolve: async (_r, { platformId }, ctx) =>
      (await ctx.services.exchange.projects(ctx.em, ctx.account!, platformId ? parseId(platformId) : undefined)).data,
  }),
  exchangeOffers: t.field({
    type: OfferPageRef,
    authScopes: { authenticated: true },
    args: {
      direction: t.arg({ type: OfferDirectionEnum, required: true }),
      status: t.arg({ type: OfferStatusEnum, required: false }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 10 }),
    },
    resolve: (_r, { direction, status, page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.exchange.listOffers(ctx.em, ctx.account!, {
        direction: direction === 'INCOMING' ? 'incoming' : 'outgoing',
        status: status ?? undefined,
        page,
        limit,
      });
    },
  }),
  exchangeOffer: t.field({
    type: OfferRef,
    authScopes: { authenticated: true },
    description: 'One offer the account is a party to (proposer or partner); any other id is OFFER_NOT_FOUND.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.exchange.offerFor(ctx.em, ctx.account!, parseId(id)),
  }),
  awaitingOffers: t.field({
    type: AwaitingOffersRef,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => ctx.services.exchange.awaiting(ctx.em, ctx.account!.id),
  }),
  exchangeDeals: t.field({
    type: DealPageRef,
    authScopes: { authenticated: true },
    args: {
      status: t.arg({ type: DealStatusEnum, required: false }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 10 }),
    },
    resolve: (_r, { status, page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.exchange.listDeals(ctx.em, ctx.account!, { status: status ?? undefined, page, limit });
    },
  }),
}));

builder.mutationFields((t) => ({
  createOffer: t.field({
    type: OfferRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateOfferInputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      ctx.services.exchange.createOffer(
        ctx.em,
        ctx.account!,
        parseInput(CreateOfferInput, {
          ...input,
          partnerQuantity: input.partnerQuantity ?? undefined,
          expiresAt: input.expiresAt ?? undefined,
          message: input.message ?? undefined,
        }),
        ctx.idempotencyKey,
      ),
  }),
  ...Object.fromEntries(
    (['confirm', 'reject', 'withdraw'] as const).map((action) => [
      `${action}Offer`,
      t.field({
        type: OfferRef,
        authScopes: { authenticated: true },
        description:
          action === 'withdraw' ? 'The proposer withdraws a pending offer.' : `The partner ${action}s a pending offer.`,
        args: { id: t.arg.id({ required: true }) },
        resolve: (_r, { id }, ctx) => ctx.services.exchange.decide(ctx.em, ctx.account!, parseId(id), action),
      }),
    ]),
  ),
  changeDeal: t.field({
    type: DealRef,
    authScopes: { authenticated: true },
    description: 'Pause, resume or end a swap (either party).',
    args: { id: t.arg.id({ required: true }), action: t.arg({ type: DealActionEnum, required: true }) },
    resolve: (_r, { id, action }, ctx) =>
      ctx.services.exchange.changeDeal(
        ctx.em,
        ctx.account!,
        parseId(id),
        action.toLowerCase() as (typeof DEAL_ACTIONS)[number],
      ),
  }),
}));

builder.subscriptionFields((t) => ({
  awaitingOffersChanged: t.field({
    type: AwaitingOffersRef,
    authScopes: { authenticated: true },
    description: 'My pending offer counts, after every change of an offer I am a party to.',
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<AwaitingOffers>(topics.awaitingOffers(ctx.account!.id)),
    resolve: (e) => e,
  }),
  dealUpdated: t.field({
    type: DealRef,
    authScopes: { authenticated: true },
    description: 'A delivery or status change of one of my swaps.',
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<DealView>(topics.deals(ctx.account!.id)),
    resolve: (e) => e,
  }),
}));
