import { parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import type { Context } from '../../graphql/context.ts';
import { perRequestLoader } from '../../graphql/loader.ts';
import { topics } from '../../lib/pubsub.ts';
import { PlatformRef } from '../platforms/platforms.schema.ts';
import { ReportRowRef } from '../statistics/statistics.schema.ts';
import { ExcludedPlatformsInput } from './quality.inputs.ts';
import type { ExcludedPlatform } from './exclusions.service.ts';
import type { QualityPause } from './floor.ts';
import type { OwnerQuality } from './quality.service.ts';
import { type PlatformQuality, QUALITY_COMPONENTS } from './score.ts';

const QualityComponentEnum = builder.enumType('QualityComponent', { values: QUALITY_COMPONENTS });

const PenaltyRef = builder.objectRef<PlatformQuality['penalties'][number]>('QualityPenalty').implement({
  description: 'Points one component takes off the score of 100.',
  fields: (t) => ({
    component: t.expose('component', { type: QualityComponentEnum }),
    points: t.exposeFloat('points'),
  }),
});

const qualityFields = builder.objectRef<PlatformQuality>('PlatformQuality').implement({
  description:
    'An app’s traffic quality over the last 30 days: a score from 0 to 100 built from its components (see docs/architecture.md, "Traffic quality").',
  fields: (t) => ({
    platformId: t.exposeID('platformId'),
    score: t.exposeInt('score', { nullable: true, description: 'Null: not enough data (conversions < minSample).' }),
    conversions: t.exposeInt('conversions', {
      description: 'Paid conversions in 30 days: the sample behind the score.',
    }),
    minSample: t.exposeInt('minSample'),
    retention: t.exposeFloat('retention', {
      nullable: true,
      description: 'Share of paid channel and chat players still members when the hold ended.',
    }),
    retentionSample: t.exposeInt('retentionSample'),
    retention30d: t.exposeFloat('retention30d', {
      nullable: true,
      description:
        'Share of retained players checked again 30 days on (a bounded sample, conversions of the 30 days before) who are still members; it counts in the score from 10 checks.',
    }),
    retention30dSample: t.exposeInt('retention30dSample'),
    voidRate: t.exposeFloat('voidRate', { nullable: true }),
    reportsPer1000: t.exposeFloat('reportsPer1000', { nullable: true }),
    fraudHitsPer1000: t.exposeFloat('fraudHitsPer1000', { nullable: true }),
    fastShare: t.exposeFloat('fastShare', { nullable: true }),
    penalties: t.expose('penalties', { type: [PenaltyRef], description: 'What takes points off, worst first.' }),
  }),
});

const PauseRef = builder.objectRef<QualityPause>('QualityPause').implement({
  description:
    'The app is under the network’s quality floor: no paid campaigns while the pause is open and not lifted (swaps go on).',
  fields: (t) => ({
    since: t.expose('since', { type: 'DateTime' }),
    score: t.exposeInt('score', { description: 'The score that paused it.' }),
    floor: t.exposeInt('floor'),
    liftedAt: t.expose('liftedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'A moderator lifted the pause: paid campaigns show again until it ends.',
    }),
    liftNote: t.exposeString('liftNote', { nullable: true }),
  }),
});

const OwnerQualityRef = builder.objectRef<OwnerQuality>('AppQuality').implement({
  description: 'The publisher’s view of an app’s quality: the score, and how many campaigns exclude the app.',
  fields: (t) => ({
    platformId: t.exposeID('platformId'),
    quality: t.field({ type: qualityFields, resolve: (q) => q }),
    excludedByCampaigns: t.exposeInt('excludedByCampaigns', {
      description: 'Campaigns that keep away from the app (never whose).',
    }),
    pause: t.expose('pause', { type: PauseRef, nullable: true }),
  }),
});

const ExcludedPlatformRef = builder.objectRef<ExcludedPlatform>('ExcludedPlatform').implement({
  fields: (t) => ({
    platformId: t.exposeID('platformId'),
    title: t.exposeString('title'),
    logo: t.exposeString('logo'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const qualities = perRequestLoader((ctx: Context, ids: number[]) => ctx.services.quality.many(ctx.em, ids));

builder.objectField(PlatformRef, 'quality', (t) =>
  t.field({
    type: qualityFields,
    description: 'The app’s traffic quality over the last 30 days (details and exclusions: appQuality).',
    resolve: async (p, _a, ctx) => (await qualities(ctx, p.id))!,
  }),
);

builder.objectField(ReportRowRef, 'quality', (t) =>
  t.field({
    type: qualityFields,
    nullable: true,
    description: 'Rows by app: the app’s traffic quality (its score and the sample behind it).',
    resolve: async (row, _a, ctx) => (row.platformId ? ((await qualities(ctx, row.platformId)) ?? null) : null),
  }),
);

const platformIdsArg = (ids: readonly (string | number)[]) =>
  parseInput(ExcludedPlatformsInput, { platformIds: ids.map((id) => Number(id)) }).platformIds;

builder.queryFields((t) => ({
  appQuality: t.field({
    type: OwnerQualityRef,
    authScopes: { authenticated: true },
    description: 'My app’s traffic quality and how many campaigns exclude it.',
    args: { platformId: t.arg.id({ required: true }) },
    resolve: (_r, { platformId }, ctx) => ctx.services.quality.forOwner(ctx.em, ctx.account!, parseId(platformId)),
  }),
  excludedPlatforms: t.field({
    type: [ExcludedPlatformRef],
    authScopes: { authenticated: true },
    description: 'Apps one of my campaigns is not shown in (campaignId), or none of them (without it).',
    args: { campaignId: t.arg.id({ required: false }) },
    resolve: (_r, { campaignId }, ctx) =>
      campaignId
        ? ctx.services.quality.exclusions.campaignExclusions(ctx.em, ctx.account!, parseId(campaignId))
        : ctx.services.quality.exclusions.userExclusions(ctx.em, ctx.account!),
  }),
}));

builder.mutationFields((t) => ({
  setExcludedPlatforms: t.field({
    type: [ExcludedPlatformRef],
    authScopes: { authenticated: true },
    description:
      'Replaces the apps one of my campaigns (campaignId) or all of them (without it) are not shown in; at most 1,000. Clicks made before still convert.',
    args: { campaignId: t.arg.id({ required: false }), platformIds: t.arg.idList({ required: true }) },
    resolve: (_r, { campaignId, platformIds }, ctx) => {
      const ids = platformIdsArg(platformIds);
      return campaignId
        ? ctx.services.quality.exclusions.setCampaignExclusions(ctx.em, ctx.account!, parseId(campaignId), ids)
        : ctx.services.quality.exclusions.setUserExclusions(ctx.em, ctx.account!, ids);
    },
  }),
  setPlatformExcluded: t.field({
    type: [ExcludedPlatformRef],
    authScopes: { authenticated: true },
    description:
      'Excludes one app (or includes it again) for one campaign (campaignId) or all of mine; answers the list.',
    args: {
      platformId: t.arg.id({ required: true }),
      campaignId: t.arg.id({ required: false }),
      excluded: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.quality.exclusions.toggle(ctx.em, ctx.account!, {
        platformId: parseId(args.platformId),
        campaignId: args.campaignId ? parseId(args.campaignId) : undefined,
        excluded: args.excluded,
      }),
  }),
}));

builder.subscriptionField('platformQualityChanged', (t) =>
  t.field({
    type: OwnerQualityRef,
    authScopes: { authenticated: true },
    description: 'My app’s quality or exclusion count changed (one app, or all of mine).',
    args: { platformId: t.arg.id({ required: false }) },
    subscribe: async (_r, { platformId }, ctx) => {
      if (!platformId) return ctx.pubsub.subscribe<OwnerQuality>(topics.ownerPlatformQuality(ctx.account!.id));
      const id = parseId(platformId);
      await ctx.services.platforms.assertOwner(ctx.em, ctx.account!, id);
      return ctx.pubsub.subscribe<OwnerQuality>(topics.platformQuality(id));
    },
    // Dates arrive as strings over Redis.
    resolve: (e) =>
      e.pause
        ? {
            ...e,
            pause: {
              ...e.pause,
              since: new Date(e.pause.since),
              liftedAt: e.pause.liftedAt ? new Date(e.pause.liftedAt) : null,
            },
          }
        : e,
  }),
);
