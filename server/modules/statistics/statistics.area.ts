import { defineArea } from '../../app/area.ts';
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
  services: () => ({ statistics: new StatisticsService() }),
  routes: statisticsRoutes,
});
