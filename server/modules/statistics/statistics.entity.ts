import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TASK_TYPES } from '../projects/project.entity.ts';

/*
 * Per-day rollups of paid conversions, so statistics never scan conversions. A trigger on
 * `conversions` keeps them in the conversion's own transaction: an insert adds, a void takes
 * back, any change of a keyed column moves the amounts (see the statistics migration). Days are
 * UTC days of the conversion's `created_at`. Swap deliveries (no money) are not counted here.
 * `ledger:check` verifies that they equal the sums of the conversions.
 */

/** The publisher's Statistics page: one publisher, day, app and task type. */
export const PublisherDailyStats = defineEntity({
  name: 'PublisherDailyStats',
  tableName: 'stats_publisher_daily',
  // Traffic quality reads an app's rows over 30 days (sql/platform_quality.sql in quality).
  indexes: [{ properties: ['platformId', 'day'] }],
  properties: {
    publisherId: p.integer().primary(),
    day: p.date().primary(),
    platformId: p.integer().primary(),
    taskType: p.enum([...TASK_TYPES]).primary(),
    conversions: p.integer().default(0),
    /** The publisher's share (micro-USD). */
    profit: p.bigint('bigint').defaultRaw('0'),
    /**
     * Of the conversions, those completed faster than FRAUD_MIN_SECONDS after the start
     * (`quality_settings.fast_ms`): traffic quality's fast-completion share reads it here, so a
     * batch of conversions writes no row for quality.
     */
    fast: p.integer().default(0),
  },
});
export type PublisherDailyStats = InferEntity<typeof PublisherDailyStats>;

/** The advertiser's campaign reports by day, country tier and task type: one campaign, day and tier. */
export const CampaignDailyStats = defineEntity({
  name: 'CampaignDailyStats',
  tableName: 'stats_campaign_daily',
  indexes: [{ properties: ['advertiserId', 'day'] }],
  properties: {
    campaignId: p.integer().primary(),
    day: p.date().primary(),
    tierLevel: p.integer().primary(),
    advertiserId: p.integer(),
    taskType: p.enum([...TASK_TYPES]),
    conversions: p.integer().default(0),
    /** What the campaign paid (micro-USD). */
    spend: p.bigint('bigint').defaultRaw('0'),
  },
});
export type CampaignDailyStats = InferEntity<typeof CampaignDailyStats>;

/** Campaign reports by app, for one campaign or project: one campaign, day and app. */
export const CampaignAppDailyStats = defineEntity({
  name: 'CampaignAppDailyStats',
  tableName: 'stats_campaign_app_daily',
  properties: {
    campaignId: p.integer().primary(),
    day: p.date().primary(),
    platformId: p.integer().primary(),
    conversions: p.integer().default(0),
    spend: p.bigint('bigint').defaultRaw('0'),
  },
});
export type CampaignAppDailyStats = InferEntity<typeof CampaignAppDailyStats>;

/** Campaign reports by app over all of an advertiser's campaigns: one advertiser, day and app. */
export const AdvertiserAppDailyStats = defineEntity({
  name: 'AdvertiserAppDailyStats',
  tableName: 'stats_advertiser_app_daily',
  properties: {
    advertiserId: p.integer().primary(),
    day: p.date().primary(),
    platformId: p.integer().primary(),
    conversions: p.integer().default(0),
    spend: p.bigint('bigint').defaultRaw('0'),
  },
});
export type AdvertiserAppDailyStats = InferEntity<typeof AdvertiserAppDailyStats>;
