import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { sortParams, TABLE_DEFAULT_SIZE, tablePage } from '../../lib/data-table.ts';
import { idParam } from '../../rest/params.ts';
import { TASK_TYPES } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { says } from '../../failures.ts';

/**
 * Statistics read the daily rollups (statistics.entity.ts), never the conversions: a
 * publisher's 90 days over 50 apps are a few thousand rollup rows whatever the traffic.
 */

export const STAT_SORT_FIELDS = ['createdAt', 'conversions', 'profit', 'cpa'] as const;
export type StatSortField = (typeof STAT_SORT_FIELDS)[number];

const taskType = z.enum(TASK_TYPES, { error: says('TASKTYPE_MUST_ONE_OF', { values: TASK_TYPES.join(', ') }) });

/** Filters of the Statistics page: task type and app (both optional). */
export const PublisherStatsFilters = z.object({
  taskType: taskType.optional(),
  platformId: idParam('platformId').optional(),
});
export type PublisherStatsFilters = z.infer<typeof PublisherStatsFilters>;

/**
 * `page`, `limit` (`size` of the generic data table is read too), the filters, and the
 * data table's `sortField` (createdAt, conversions, profit, cpa) and `sortOrder`.
 */
export const PublisherStatsSort = sortParams(STAT_SORT_FIELDS);

export const PublisherStatsQuery = PublisherStatsFilters.extend(PublisherStatsSort.shape)
  .extend({
    page: z.coerce
      .number({ error: says('PAGE_MUST_NUMBER') })
      .int()
      .min(1, says('PAGE_MUST_AT_LEAST_1'))
      .default(1),
    limit: z.coerce
      .number({ error: says('LIMIT_MUST_NUMBER') })
      .int()
      .min(1, says('LIMIT_MUST_AT_LEAST_1'))
      .max(100, says('LIMIT_MUST_AT_MOST_100'))
      .optional(),
    size: z.coerce
      .number({ error: says('SIZE_MUST_NUMBER') })
      .int()
      .min(1, says('SIZE_MUST_AT_LEAST_1'))
      .max(100, says('SIZE_MUST_AT_MOST_100'))
      .optional(),
  })
  .transform(({ limit, size, ...q }) => ({ ...q, limit: limit ?? size ?? TABLE_DEFAULT_SIZE }));
export type PublisherStatsQuery = z.infer<typeof PublisherStatsQuery>;

export interface StatDay {
  /** The UTC day, `YYYY-MM-DD`. */
  createdAt: string;
  conversions: number;
  /** The publisher's share (micro-USD). */
  profit: bigint;
}

export const REPORT_GROUPS = ['DAY', 'TIER', 'APP', 'TASK_TYPE'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportRow {
  /** The day, tier level, app id or task type. */
  key: string;
  /** Rows by app: the app's id. */
  platformId?: number;
  label: string;
  conversions: number;
  spend: bigint;
}

const ORDER: Record<StatSortField, string> = {
  createdAt: 'day',
  conversions: 'sum(conversions)',
  profit: 'sum(profit)',
  cpa: 'sum(profit)::numeric / nullif(sum(conversions), 0)',
};

/** The UTC day of now, as the rollups count days. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

export class StatisticsService {
  private where(user: User, f: PublisherStatsFilters): { sql: string; params: unknown[] } {
    let sql = 'publisher_id = ?';
    const params: unknown[] = [user.id];
    if (f.platformId) {
      sql += ' and platform_id = ?';
      params.push(f.platformId);
    }
    if (f.taskType) {
      sql += ' and task_type = ?';
      params.push(f.taskType);
    }
    return { sql, params };
  }

  private daysSql(user: User, q: PublisherStatsFilters & Pick<PublisherStatsQuery, 'sortField' | 'sortOrder'>) {
    const { sql, params } = this.where(user, q);
    const order = q.sortField
      ? `${ORDER[q.sortField]} ${q.sortOrder === 'asc' ? 'asc' : 'desc'} nulls last, day desc`
      : 'day desc';
    return {
      sql: `select to_char(day, 'YYYY-MM-DD') as day, sum(conversions)::int as conversions, sum(profit)::text as profit
              from stats_publisher_daily where ${sql}
             group by day having sum(conversions) > 0
             order by ${order}`,
      params,
    };
  }

  /** One row per UTC day with conversions, newest first unless sorted; only the caller's apps. */
  async publisherDays(
    em: EntityManager,
    user: User,
    q: PublisherStatsQuery,
  ): Promise<{ data: StatDay[]; totalCount: number }> {
    const days = this.daysSql(user, q);
    const { sql } = this.where(user, q);
    const { rows, totalCount } = await tablePage<{ day: string; conversions: number; profit: string }>(
      em,
      { page: q.page, size: q.limit },
      {
        count: `select count(*)::int as n from (select day from stats_publisher_daily where ${sql}
                 group by day having sum(conversions) > 0) d`,
        rows: days.sql,
      },
      days.params,
    );
    return { data: rows.map(statDay), totalCount };
  }

  /** Every day the filters select, in pages read one after another (for CSV export). */
  async *publisherDaysStream(
    em: EntityManager,
    user: User,
    q: PublisherStatsFilters & Pick<PublisherStatsQuery, 'sortField' | 'sortOrder'>,
  ): AsyncGenerator<StatDay> {
    const days = this.daysSql(user, q);
    const batch = 500;
    for (let offset = 0; ; offset += batch) {
      const rows = await em.execute<{ day: string; conversions: number; profit: string }[]>(
        `${days.sql} limit ? offset ?`,
        [...days.params, batch, offset],
      );
      for (const r of rows) yield statDay(r);
      if (rows.length < batch) return;
    }
  }

  /** Today's (UTC) conversions and profit with the same filters. */
  async publisherToday(em: EntityManager, user: User, f: PublisherStatsFilters) {
    const { sql, params } = this.where(user, f);
    const [row] = await em.execute<{ conversions: number; profit: string }[]>(
      `select coalesce(sum(conversions), 0)::int as conversions, coalesce(sum(profit), 0)::text as profit
         from stats_publisher_daily where ${sql} and day = ?::date`,
      [...params, utcToday()],
    );
    return { createdAt: utcToday(), conversions: row.conversions, profit: BigInt(row.profit) };
  }

  /**
   * An advertiser's campaign report: conversions and spend from `from` to `to` (UTC days)
   * grouped by day (every day of the range listed), country tier, app or task type; optionally
   * of one project or campaign. Swap deliveries cost nothing and are not counted.
   */
  async campaignReport(
    em: EntityManager,
    owner: User,
    q: { from: string; to: string; projectId?: number; campaignId?: number; groupBy?: ReportGroup },
  ): Promise<ReportRow[]> {
    // One campaign or a project's: those of the advertiser's campaigns; none: the advertiser's.
    let campaigns = '';
    const scopeParams: unknown[] = [];
    if (q.campaignId) {
      campaigns = ' and s.campaign_id in (select id from campaigns where id = ? and owner_id = ?)';
      scopeParams.push(q.campaignId, owner.id);
    }
    if (q.projectId) {
      campaigns += ' and s.campaign_id in (select id from campaigns where project_id = ? and owner_id = ?)';
      scopeParams.push(q.projectId, owner.id);
    }
    const range = [q.from, q.to];
    // Days, tiers and task types: one row per campaign, day and tier.
    const byCampaign = `from stats_campaign_daily s where s.advertiser_id = ? and s.day between ?::date and ?::date ${campaigns}`;
    const byCampaignParams = [owner.id, ...range, ...scopeParams];
    const sums = 'sum(s.conversions)::int as conversions, sum(s.spend)::text as spend';
    type Row = { key: string; label: string; conversions: number; spend: string };
    let rows: Row[];
    switch (q.groupBy ?? 'DAY') {
      case 'DAY':
        rows = await em.execute<Row[]>(
          `with agg as (select s.day, ${sums} ${byCampaign} group by s.day)
           select to_char(d.day, 'YYYY-MM-DD') as key, to_char(d.day, 'YYYY-MM-DD') as label,
                  coalesce(a.conversions, 0) as conversions, coalesce(a.spend, '0') as spend
             from generate_series(?::date, ?::date, interval '1 day') d(day)
             left join agg a on a.day = d.day::date order by d.day`,
          [...byCampaignParams, ...range],
        );
        break;
      case 'TIER':
        rows = await em.execute<Row[]>(
          `select s.tier_level::text as key, 'Tier ' || s.tier_level as label, ${sums} ${byCampaign}
            group by s.tier_level having sum(s.conversions) > 0 order by s.tier_level`,
          byCampaignParams,
        );
        break;
      case 'TASK_TYPE':
        rows = await em.execute<Row[]>(
          `select s.task_type as key, s.task_type as label, ${sums} ${byCampaign}
            group by s.task_type having sum(s.conversions) > 0 order by 3 desc, 1`,
          byCampaignParams,
        );
        break;
      case 'APP': {
        // Apps: per campaign when the scope names campaigns, else the advertiser's own rollup.
        const byApp = campaigns
          ? `from stats_campaign_app_daily s where s.day between ?::date and ?::date ${campaigns}`
          : 'from stats_advertiser_app_daily s where s.advertiser_id = ? and s.day between ?::date and ?::date';
        rows = await em.execute<Row[]>(
          `select a.platform_id::text as key, coalesce(p.title, 'App #' || a.platform_id) as label, a.conversions, a.spend
             from (select s.platform_id, ${sums} ${byApp} group by s.platform_id having sum(s.conversions) > 0) a
             left join platforms p on p.id = a.platform_id
            order by a.conversions desc, a.platform_id`,
          campaigns ? [...range, ...scopeParams] : [owner.id, ...range],
        );
        break;
      }
    }
    return rows.map((r) => ({
      key: r.key,
      label: r.label,
      conversions: r.conversions,
      spend: BigInt(r.spend),
      ...(q.groupBy === 'APP' ? { platformId: Number(r.key) } : {}),
    }));
  }
}

function statDay(r: { day: string; conversions: number; profit: string }): StatDay {
  return { createdAt: r.day, conversions: r.conversions, profit: BigInt(r.profit) };
}
