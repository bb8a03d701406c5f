import { defineArea } from '../../app/area.ts';
import { figureGauges } from '../../lib/metrics.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import {
  AdvertiserAppDailyStats,
  CampaignAppDailyStats,
  CampaignDailyStats,
  PublisherDailyStats,
} from './statistics.entity.ts';
import { statisticsRoutes } from './statistics.rest.ts';
import './statistics.schema.ts';
import { StatisticsService } from './statistics.service.ts';

/** The money loop's spend on /metrics (Grafana's money-loop dashboard), from today's rollups. */
const addSpendFigures = figureGauges({
  taskgram_spend_today_micro_usd: 'Advertisers’ spend on conversions since midnight UTC, micro-USD (database-wide)',
  taskgram_conversions_today: 'Paid conversions since midnight UTC (database-wide)',
});

/** Daily rollups kept by the conversion trigger, and the statistics pages that read them. */
export const statisticsArea = defineArea({
  name: 'statistics',
  provides: ['statistics'],
  entities: [PublisherDailyStats, CampaignDailyStats, CampaignAppDailyStats, AdvertiserAppDailyStats],
  // The conversion trigger's rollups, before the conversion functions that fire it.
  sql: [
    sqlDefinition(import.meta.url, './sql/stats_fast_interval.sql'),
    sqlDefinition(import.meta.url, './sql/stats_apply.sql'),
    sqlDefinition(import.meta.url, './sql/conversions_stats.sql'),
    sqlDefinition(import.meta.url, './sql/conversions_stats_insert.sql'),
    sqlDefinition(import.meta.url, './sql/stats_publisher_recomputed.sql', { after: ['stats_fast_interval'] }),
    sqlDefinition(import.meta.url, './sql/stats_rebuild.sql', { after: ['stats_publisher_recomputed'] }),
    sqlDefinition(import.meta.url, './sql/stats_recount_fast.sql', { after: ['stats_publisher_recomputed'] }),
  ],
  services: ({ em, cleanups }) => {
    // One read of today's campaign rollups a scrape (a row per campaign and tier).
    const removeFigures = addSpendFigures(async () => {
      const [row] = await em()
        .getConnection()
        .execute<{ spend: string; conversions: string }[]>(
          `select coalesce(sum(spend), 0)::text as spend, coalesce(sum(conversions), 0)::text as conversions
             from stats_campaign_daily where day = (now() at time zone 'utc')::date`,
        );
      return {
        taskgram_spend_today_micro_usd: Number(row!.spend),
        taskgram_conversions_today: Number(row!.conversions),
      };
    });
    cleanups.push(async () => removeFigures());
    return { statistics: new StatisticsService() };
  },
  routes: statisticsRoutes,
});
