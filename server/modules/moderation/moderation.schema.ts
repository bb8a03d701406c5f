import { parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { defined, SortOrderEnum } from '../../graphql/table.ts';
import { topics } from '../../lib/pubsub.ts';
import { TABLE_DEFAULT_SIZE } from '../../lib/data-table.ts';
import { REPORT_REASONS, REPORT_STATUSES } from '../campaigns/campaign.entity.ts';
import { CampaignStatusEnum } from '../campaigns/campaigns.schema.ts';
import { TaskTypeEnum } from '../projects/projects.schema.ts';
import {
  type CampaignReviewDetail,
  type CampaignReviewView,
  REVIEW_SORT_FIELDS,
  ReviewTableQuery,
} from './campaign-review.service.ts';
import type { HistoryEntry } from './history.ts';
import {
  type PlayerConversion,
  REPORT_SORT_FIELDS,
  type ReportDetail,
  ReportTableQuery,
  type ReportView,
} from './reports.service.ts';

const StatusEnum = builder.enumType('PlayerReportStatus', { values: REPORT_STATUSES });
const ReasonEnum = builder.enumType('PlayerReportReason', { values: REPORT_REASONS });
const ReportSortEnum = builder.enumType('PlayerReportSortField', { values: REPORT_SORT_FIELDS });
const ReviewSortEnum = builder.enumType('CampaignReviewSortField', { values: REVIEW_SORT_FIELDS });
const DecisionEnum = builder.enumType('PlayerReportDecision', { values: ['RESOLVED', 'REJECTED'] as const });
const ConversionStatusEnum = builder.enumType('ConversionStatus', { values: ['HOLD', 'POSTED', 'VOIDED'] as const });

const NamedRef = builder.objectRef<{ id: number; name: string }>('ModeratorRef').implement({
  description: 'A user shown by name (who holds a claim, who made a change).',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

const HistoryRef = builder.objectRef<HistoryEntry>('ModerationHistoryEntry').implement({
  description: 'One change: who (null = the system), when, from which status to which, with the note and effects.',
  fields: (t) => ({
    id: t.exposeID('id'),
    at: t.expose('at', { type: 'DateTime' }),
    actor: t.expose('actor', { type: NamedRef, nullable: true }),
    action: t.exposeString('action'),
    from: t.exposeString('from', { nullable: true }),
    to: t.exposeString('to'),
    note: t.exposeString('note', { nullable: true }),
    effects: t.string({
      nullable: true,
      description: 'What the decision did, as JSON.',
      resolve: (e) => (e.effects ? JSON.stringify(e.effects) : null),
    }),
  }),
});

const ReportAppRef = builder.objectRef<ReportView['app']>('PlayerReportApp').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

const ReportCampaignRef = builder.objectRef<NonNullable<ReportView['campaign']>>('PlayerReportCampaign').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    taskTitle: t.exposeString('taskTitle'),
    taskType: t.expose('taskType', { type: TaskTypeEnum }),
    ownerName: t.exposeString('ownerName', { description: 'The advertiser.' }),
  }),
});

const PlayerReportRef = builder.objectRef<ReportView>('PlayerReport').implement({
  description: 'A player’s report on a task, or one filed by a fraud rule (reason FRAUD_RULE).',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    status: t.expose('status', { type: StatusEnum }),
    reason: t.expose('reason', { type: ReasonEnum }),
    text: t.exposeString('text', { nullable: true }),
    playerId: t.string({
      nullable: true,
      description: 'Telegram user id (null for an app-wide fraud rule).',
      resolve: (r) => (r.playerId === null ? null : String(r.playerId)),
    }),
    playerName: t.exposeString('playerName', { nullable: true }),
    app: t.expose('app', { type: ReportAppRef }),
    campaign: t.expose('campaign', { type: ReportCampaignRef, nullable: true }),
    claimedBy: t.expose('claimedBy', { type: NamedRef, nullable: true }),
    claimedAt: t.expose('claimedAt', { type: 'DateTime', nullable: true }),
    rule: t.exposeString('rule', { nullable: true, description: 'The fraud rule that filed it.' }),
    evidence: t.string({
      nullable: true,
      description: 'The rule’s evidence, as JSON.',
      resolve: (r) => (r.evidence ? JSON.stringify(r.evidence) : null),
    }),
  }),
});

const PlayerConversionRef = builder.objectRef<PlayerConversion>('PlayerConversion').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    status: t.expose('status', { type: ConversionStatusEnum }),
    price: t.expose('price', { type: 'Money' }),
    campaignId: t.exposeID('campaignId'),
    campaignName: t.exposeString('campaignName'),
    appTitle: t.exposeString('appTitle'),
    taskType: t.expose('taskType', { type: TaskTypeEnum }),
  }),
});

const ReportDetailRef = builder.objectRef<ReportDetail>('PlayerReportDetail').implement({
  fields: (t) => ({
    report: t.field({ type: PlayerReportRef, resolve: (d) => d }),
    conversions: t.expose('conversions', { type: [PlayerConversionRef] }),
    blocked: t.exposeBoolean('blocked', { description: 'The player is blocked in this app’s showcase.' }),
    history: t.expose('history', { type: [HistoryRef] }),
  }),
});

const ReportPageRef = builder.objectRef<{ data: ReportView[]; totalCount: number }>('PlayerReportPage').implement({
  fields: (t) => ({
    data: t.expose('data', { type: [PlayerReportRef] }),
    totalCount: t.exposeInt('totalCount'),
  }),
});

const ReportFiltersInput = builder.inputType('PlayerReportFilters', {
  fields: (t) => ({
    status: t.field({ type: [StatusEnum], required: false }),
    reason: t.field({ type: [ReasonEnum], required: false }),
    app: t.id({ required: false }),
    campaign: t.id({ required: false }),
    claimedBy: t.string({ required: false, description: 'A moderator id, "me" or "none".' }),
  }),
});

builder.queryField('playerReports', (t) =>
  t.field({
    type: ReportPageRef,
    authScopes: { moderator: true },
    description: 'The shared player-report queue as a data table.',
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      size: t.arg.int({ required: true, defaultValue: TABLE_DEFAULT_SIZE }),
      sortField: t.arg({ type: ReportSortEnum, required: false }),
      sortOrder: t.arg({ type: SortOrderEnum, required: false }),
      filters: t.arg({ type: ReportFiltersInput, required: false }),
      search: t.arg.string({ required: false }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.reports.list(
        ctx.em,
        ctx.user!,
        parseInput(ReportTableQuery, { ...defined(args), filters: defined(args.filters) }),
      ),
  }),
);

builder.queryField('playerReport', (t) =>
  t.field({
    type: ReportDetailRef,
    authScopes: { moderator: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.reports.detail(ctx.em, parseId(id)),
  }),
);

builder.mutationField('claimPlayerReport', (t) =>
  t.field({
    type: PlayerReportRef,
    authScopes: { moderator: true },
    description:
      'NEW → IN_REVIEW. Of two moderators claiming at once, one wins; the other gets “already claimed by <name>”.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.reports.act(ctx.em, ctx.user!, parseId(id), 'claim', {}),
  }),
);

builder.mutationField('releasePlayerReport', (t) =>
  t.field({
    type: PlayerReportRef,
    authScopes: { moderator: true },
    description: 'IN_REVIEW → NEW, by the moderator holding the claim.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.reports.act(ctx.em, ctx.user!, parseId(id), 'release', {}),
  }),
);

builder.mutationField('decidePlayerReport', (t) =>
  t.field({
    type: PlayerReportRef,
    authScopes: { moderator: true },
    description:
      'RESOLVED or REJECTED, by the claimer. RESOLVED may void the player’s conversion on the campaign (if still on hold), block the player in the app, pause the campaign (its task is broken or wrong) and mail its advertiser the report with the note, in the same transaction (the mail after it commits).',
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg({ type: DecisionEnum, required: true }),
      note: t.arg.string({ required: false }),
      voidConversion: t.arg.boolean({ required: false }),
      blockPlayer: t.arg.boolean({ required: false }),
      pauseCampaign: t.arg.boolean({ required: false }),
      askAdvertiser: t.arg.boolean({ required: false }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.reports.act(ctx.em, ctx.user!, parseId(args.id), 'status', {
        status: args.status,
        note: args.note,
        effects: {
          voidConversion: args.voidConversion ?? false,
          blockPlayer: args.blockPlayer ?? false,
          pauseCampaign: args.pauseCampaign ?? false,
          askAdvertiser: args.askAdvertiser ?? false,
        },
      }),
  }),
);

builder.subscriptionField('playerReportChanged', (t) =>
  t.field({
    type: PlayerReportRef,
    authScopes: { moderator: true },
    description: 'A report filed, claimed, released or decided: every moderator’s queue updates at once.',
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<ReportView>(topics.playerReports()),
    // Dates arrive as strings over Redis.
    resolve: (r) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      updatedAt: new Date(r.updatedAt),
      claimedAt: r.claimedAt ? new Date(r.claimedAt) : null,
    }),
  }),
);

// Campaign review.

const ReviewAdvertiserRef = builder.objectRef<CampaignReviewView['advertiser']>('CampaignReviewAdvertiser').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name'), email: t.exposeString('email') }),
});
const ReviewProjectRef = builder.objectRef<CampaignReviewView['project']>('CampaignReviewProject').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});
const ReviewTaskRef = builder.objectRef<CampaignReviewView['task']>('CampaignReviewTask').implement({
  fields: (t) => ({
    type: t.expose('type', { type: TaskTypeEnum }),
    title: t.exposeString('title'),
    url: t.exposeString('url'),
    logo: t.exposeString('logo', { nullable: true, description: 'The logo players see beside the title.' }),
  }),
});
const ReviewTargetingRef = builder.objectRef<CampaignReviewView['targeting']>('CampaignReviewTargeting').implement({
  description: 'Who the campaign is shown to; empty lists mean everyone.',
  fields: (t) => ({
    countries: t.exposeStringList('countries'),
    languages: t.exposeStringList('languages'),
    dailyCap: t.exposeInt('dailyCap', { nullable: true }),
    premiumOnly: t.exposeBoolean('premiumOnly'),
    newUsersOnly: t.exposeBoolean('newUsersOnly'),
    minQuality: t.exposeInt('minQuality', { nullable: true }),
    unscoredAllowed: t.exposeBoolean('unscoredAllowed'),
  }),
});
const ReviewPriceRef = builder.objectRef<CampaignReviewView['prices'][number]>('CampaignReviewPrice').implement({
  fields: (t) => ({ tierLevel: t.exposeInt('tierLevel'), value: t.expose('value', { type: 'Money' }) }),
});

const CampaignReviewRef = builder.objectRef<CampaignReviewView>('CampaignReview').implement({
  description: 'A campaign in (or once through) moderation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    name: t.exposeString('name'),
    status: t.expose('status', { type: CampaignStatusEnum }),
    rejectReason: t.exposeString('rejectReason', { nullable: true }),
    approvedAt: t.expose('approvedAt', { type: 'DateTime', nullable: true }),
    advertiser: t.expose('advertiser', { type: ReviewAdvertiserRef }),
    project: t.expose('project', { type: ReviewProjectRef }),
    task: t.expose('task', { type: ReviewTaskRef }),
    prices: t.expose('prices', { type: [ReviewPriceRef] }),
    targeting: t.expose('targeting', { type: ReviewTargetingRef }),
    budget: t.expose('budget', { type: 'Money' }),
    claimedBy: t.expose('claimedBy', { type: NamedRef, nullable: true }),
    claimedAt: t.expose('claimedAt', { type: 'DateTime', nullable: true }),
  }),
});

const ReviewDetailRef = builder.objectRef<CampaignReviewDetail>('CampaignReviewDetail').implement({
  fields: (t) => ({
    campaign: t.field({ type: CampaignReviewRef, resolve: (d) => d }),
    history: t.expose('history', { type: [HistoryRef] }),
  }),
});

const ReviewPageRef = builder
  .objectRef<{ data: CampaignReviewView[]; totalCount: number }>('CampaignReviewPage')
  .implement({
    fields: (t) => ({
      data: t.expose('data', { type: [CampaignReviewRef] }),
      totalCount: t.exposeInt('totalCount'),
    }),
  });

const ReviewFiltersInput = builder.inputType('CampaignReviewFilters', {
  fields: (t) => ({
    status: t.field({ type: [CampaignStatusEnum], required: false }),
    claimedBy: t.string({ required: false, description: 'A moderator id, "me" or "none".' }),
  }),
});

builder.queryField('campaignReviews', (t) =>
  t.field({
    type: ReviewPageRef,
    authScopes: { moderator: true },
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      size: t.arg.int({ required: true, defaultValue: TABLE_DEFAULT_SIZE }),
      sortField: t.arg({ type: ReviewSortEnum, required: false }),
      sortOrder: t.arg({ type: SortOrderEnum, required: false }),
      filters: t.arg({ type: ReviewFiltersInput, required: false }),
      search: t.arg.string({ required: false }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.campaignReview.list(
        ctx.em,
        ctx.user!,
        parseInput(ReviewTableQuery, { ...defined(args), filters: defined(args.filters) }),
      ),
  }),
);

builder.queryField('campaignReview', (t) =>
  t.field({
    type: ReviewDetailRef,
    authScopes: { moderator: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.campaignReview.detail(ctx.em, parseId(id)),
  }),
);

for (const [name, action, description] of [
  ['claimCampaignReview', 'claim', 'Take a waiting campaign for review; a second claimer gets 409.'],
  ['releaseCampaignReview', 'release', 'Give the campaign back to the queue (the claimer only).'],
  ['approveCampaign', 'approve', 'Approve (the claimer only): ACTIVE, or STOPPED without budget.'],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: CampaignReviewRef,
      authScopes: { moderator: true },
      description,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, { id }, ctx) => ctx.services.campaignReview.act(ctx.em, ctx.user!, parseId(id), action),
    }),
  );
}

builder.mutationField('rejectCampaign', (t) =>
  t.field({
    type: CampaignReviewRef,
    authScopes: { moderator: true },
    description: 'Reject with a reason (the claimer only): the budget returns to the advertiser.',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_r, { id, reason }, ctx) =>
      ctx.services.campaignReview.act(ctx.em, ctx.user!, parseId(id), 'reject', reason),
  }),
);

builder.subscriptionField('campaignReviewChanged', (t) =>
  t.field({
    type: CampaignReviewRef,
    authScopes: { moderator: true },
    description: 'A campaign entered review, was claimed, released, approved or rejected.',
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<{ id: number }>(topics.campaignReviews()),
    resolve: (payload, _a, ctx) => ctx.services.campaignReview.view(ctx.em.fork(), payload.id),
  }),
);

const CountsRef = builder
  .objectRef<{ newReports: number; myReports: number; campaignsToReview: number; registrations: number }>(
    'ModerationCounts',
  )
  .implement({
    description: 'What waits for moderators (the header badge and the tabs).',
    fields: (t) => ({
      newReports: t.exposeInt('newReports'),
      myReports: t.exposeInt('myReports', { description: 'Reports I claimed and have not decided.' }),
      campaignsToReview: t.exposeInt('campaignsToReview', { description: 'Unclaimed campaigns in MODERATION.' }),
      registrations: t.exposeInt('registrations', { description: 'Pending registration requests.' }),
    }),
  });

builder.queryField('moderationCounts', (t) =>
  t.field({
    type: CountsRef,
    authScopes: { moderator: true },
    resolve: (_r, _a, ctx) => ctx.services.reports.counts(ctx.em, ctx.user!.id),
  }),
);
