import { parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { TABLE_DEFAULT_SIZE } from '../../lib/data-table.ts';
import { ReportInput } from '../campaigns/campaigns.inputs.ts';
import { defined, SortOrderEnum } from '../../graphql/table.ts';
import { TaskTypeEnum } from '../projects/projects.schema.ts';
import {
  PublisherStatsFilters,
  PublisherStatsQuery,
  REPORT_GROUPS,
  type ReportRow,
  STAT_SORT_FIELDS,
  type StatDay,
} from './statistics.service.ts';

const StatSortEnum = builder.enumType('StatisticsSortField', { values: STAT_SORT_FIELDS });
const ReportGroupEnum = builder.enumType('CampaignReportGroup', { values: REPORT_GROUPS });

const StatDayRef = builder.objectRef<StatDay>('StatisticsDay').implement({
  description: 'A publisher’s conversions and profit on one UTC day.',
  fields: (t) => ({
    createdAt: t.exposeString('createdAt', { description: 'The UTC day, YYYY-MM-DD.' }),
    conversions: t.exposeInt('conversions'),
    profit: t.expose('profit', { type: 'Money' }),
  }),
});

const StatPageRef = builder.objectRef<{ data: StatDay[]; totalCount: number }>('StatisticsPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [StatDayRef] }), totalCount: t.exposeInt('totalCount') }),
});

export const ReportRowRef = builder.objectRef<ReportRow>('CampaignReportRow').implement({
  description: 'Conversions and spend of one group: a day, a country tier, an app or a task type.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The day (YYYY-MM-DD), tier level, app id or task type.' }),
    label: t.exposeString('label'),
    conversions: t.exposeInt('conversions'),
    spend: t.expose('spend', { type: 'Money' }),
  }),
});

builder.queryFields((t) => ({
  publisherStatistics: t.field({
    type: StatPageRef,
    authScopes: { authenticated: true },
    description:
      'The signed-in publisher’s conversions and profit per UTC day (days with conversions, newest first unless sorted), of one app and/or task type.',
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      size: t.arg.int({ required: true, defaultValue: TABLE_DEFAULT_SIZE }),
      sortField: t.arg({ type: StatSortEnum, required: false }),
      sortOrder: t.arg({ type: SortOrderEnum, required: false }),
      taskType: t.arg({ type: TaskTypeEnum, required: false }),
      platformId: t.arg.id({ required: false }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.statistics.publisherDays(ctx.em, ctx.account!, parseInput(PublisherStatsQuery, defined(args))),
  }),
  publisherStatisticsToday: t.field({
    type: StatDayRef,
    authScopes: { authenticated: true },
    description: 'Today’s (UTC) conversions and profit with the same filters.',
    args: {
      taskType: t.arg({ type: TaskTypeEnum, required: false }),
      platformId: t.arg.id({ required: false }),
    },
    resolve: (_r, args, ctx) =>
      ctx.services.statistics.publisherToday(ctx.em, ctx.account!, parseInput(PublisherStatsFilters, defined(args))),
  }),
  campaignReportBreakdown: t.field({
    type: [ReportRowRef],
    authScopes: { authenticated: true },
    description:
      'The advertiser’s conversions and spend over a range of UTC days (at most 366), grouped by day (every day listed), country tier, app or task type.',
    args: {
      groupBy: t.arg({ type: ReportGroupEnum, required: true }),
      from: t.arg.string({ required: true }),
      to: t.arg.string({ required: true }),
      projectId: t.arg.id({ required: false }),
      campaignId: t.arg.id({ required: false }),
    },
    resolve: (_r, args, ctx) => {
      const range = parseInput(ReportInput, { from: args.from, to: args.to });
      return ctx.services.statistics.campaignReport(ctx.em, ctx.account!, {
        ...range,
        groupBy: args.groupBy,
        projectId: args.projectId ? parseId(args.projectId) : undefined,
        campaignId: args.campaignId ? parseId(args.campaignId) : undefined,
      });
    },
  }),
}));
