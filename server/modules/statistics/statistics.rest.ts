import type { Context } from '../../graphql/context.ts';
import { ReportJson, StatDayJson } from './statistics.responses.ts';
import { tablePage } from '../../rest/responses.ts';
import { z } from 'zod';
import { formatMoney, moneyToJson } from '../../lib/money.ts';
import { CsvFile, mapRows } from '../../rest/csv.ts';
import { idParam } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { ReportInput } from '../campaigns/campaigns.inputs.ts';
import {
  PublisherStatsFilters,
  PublisherStatsQuery,
  PublisherStatsSort,
  REPORT_GROUPS,
  type ReportRow,
  type StatDay,
  utcToday,
} from './statistics.service.ts';
import { says } from '../../failures.ts';

/** Profit per conversion with 2 decimals (half up), '-' without conversions. */
export function cpa(profit: bigint, conversions: number): string {
  if (conversions <= 0) return '-';
  const n = BigInt(conversions) * 10_000n;
  const cents = (profit * 2n + n) / (2n * n);
  // Whole cents: formatMoney writes exactly two decimals.
  return formatMoney(cents * 10_000n);
}

const dayJson = (d: StatDay) => ({ createdAt: d.createdAt, conversions: d.conversions, profit: moneyToJson(d.profit) });

const ReportQuery = z
  .object({
    from: z.string({ error: says('ENTER_DATE_AS_YYYY_MM') }),
    to: z.string({ error: says('ENTER_DATE_AS_YYYY_MM') }),
    projectId: idParam('projectId').optional(),
    campaignId: idParam('campaignId').optional(),
    groupBy: z
      .enum(REPORT_GROUPS, { error: says('GROUPBY_MUST_ONE_OF', { values: REPORT_GROUPS.join(', ') }) })
      .default('DAY'),
  })
  .superRefine((q, ctx) => {
    const r = ReportInput.safeParse({ from: q.from, to: q.to });
    if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
  });

export const statisticsRoutes = [
  route({
    method: 'GET',
    path: '/v1/statistics/publishers/transactions',
    tag: 'statistics',
    summary:
      'The signed-in publisher’s conversions and profit (USD) per UTC day, days with conversions only, newest first. `page`, `limit` (default 10; `size` is read too), `taskType`, `platformId` (only the caller’s apps give rows); `sortField` (createdAt, conversions, profit, cpa) and `sortOrder` as in the data table. Answers `{ data, total }` (`totalCount` too).',
    access: 'user',
    response: tablePage(StatDayJson),
    query: PublisherStatsQuery,
    handler: async (ctx, { query }) => {
      const page = await ctx.services.statistics.publisherDays(ctx.em, ctx.account!, query);
      return { data: page.data.map(dayJson), total: page.totalCount, totalCount: page.totalCount };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/statistics/publishers/transactions/today',
    tag: 'statistics',
    summary: 'Today’s (UTC) conversions and profit with the same filters (`taskType`, `platformId`).',
    access: 'user',
    response: StatDayJson,
    query: PublisherStatsFilters,
    handler: async (ctx, { query }) =>
      dayJson(await ctx.services.statistics.publisherToday(ctx.em, ctx.account!, query)),
  }),
  route({
    method: 'GET',
    path: '/v1/statistics/publishers/transactions.csv',
    tag: 'statistics',
    summary:
      'Every day the filters select as CSV (date, conversions, profit, CPA), streamed; same `taskType`, `platformId`, `sortField`, `sortOrder`.',
    access: 'user',
    query: PublisherStatsFilters.extend(PublisherStatsSort.shape),
    handler: async (ctx, { query }) =>
      new CsvFile(
        `statistics-${utcToday()}.csv`,
        ['date', 'conversions', 'profit_usd', 'cpa_usd'],
        mapRows(ctx.services.statistics.publisherDaysStream(ctx.em, ctx.account!, query), (d) => [
          d.createdAt,
          d.conversions,
          formatMoney(d.profit),
          cpa(d.profit, d.conversions),
        ]),
      ),
  }),
  route({
    method: 'GET',
    path: '/v1/campaigns/reports',
    tag: 'campaigns',
    summary:
      'Conversions and spend from `from` to `to` (UTC days, YYYY-MM-DD, at most 366 days), optionally of one `projectId` or `campaignId`, grouped by `groupBy`: DAY (default; every day listed, each row has `day`), TIER, APP or TASK_TYPE (rows with conversions). Rows: `key`, `label`, `conversions`, `spend`; by APP also `platformId` and the app’s `quality` (`score`, null when not enough data, and `conversions`, the 30-day sample behind it).',
    access: 'user',
    response: ReportJson,
    query: ReportQuery,
    handler: async (ctx, { query }) => {
      const rows = await ctx.services.statistics.campaignReport(ctx.em, ctx.account!, query);
      const quality = await appQuality(ctx, rows);
      return {
        data: rows.map((r) => ({
          ...(query.groupBy === 'DAY' ? { day: r.key } : {}),
          key: r.key,
          label: r.label,
          conversions: r.conversions,
          spend: moneyToJson(r.spend),
          ...(r.platformId ? { platformId: r.platformId, quality: quality.get(r.platformId) } : {}),
        })),
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/campaigns/reports.csv',
    tag: 'campaigns',
    summary:
      'The same report as CSV (group, conversions, spend; by app also the app’s quality score, empty when not enough data, and its 30-day sample), streamed.',
    access: 'user',
    query: ReportQuery,
    handler: async (ctx, { query }) => {
      // At most 366 days, or one row per tier, app or task type: read at once, written as a stream.
      const rows = await ctx.services.statistics.campaignReport(ctx.em, ctx.account!, query);
      const group = query.groupBy.toLowerCase();
      const file = `campaign-report-${group}-${query.from}-${query.to}.csv`;
      if (query.groupBy === 'APP') {
        const quality = await appQuality(ctx, rows);
        return new CsvFile(
          file,
          ['app', 'app_id', 'conversions', 'spend_usd', 'quality_score', 'quality_sample'],
          rows.map((r) => {
            const q = quality.get(r.platformId!);
            return [r.label, r.platformId!, r.conversions, formatMoney(r.spend), q?.score ?? '', q?.conversions ?? 0];
          }),
        );
      }
      return new CsvFile(
        file,
        [group, 'conversions', 'spend_usd'],
        rows.map((r) => [r.label, r.conversions, formatMoney(r.spend)]),
      );
    },
  }),
];

/** Rows by app: each app's score and the sample behind it. */
async function appQuality(ctx: Context, rows: ReportRow[]) {
  const ids = rows.flatMap((r) => (r.platformId ? [r.platformId] : []));
  const quality = await ctx.services.quality.many(ctx.em, ids);
  return new Map([...quality].map(([id, q]) => [id, { score: q.score, conversions: q.conversions }]));
}
