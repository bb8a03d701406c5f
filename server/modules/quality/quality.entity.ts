import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Campaign } from '../campaigns/campaign.entity.ts';
import { Platform } from '../platforms/platform.entity.ts';
import { User } from '../users/user.entity.ts';

/*
 * Traffic quality (see docs/architecture.md, "Traffic quality"). Per app and UTC day of the conversion
 * (or of the report), kept by triggers in the writing transaction: a hold that ends, a void and
 * a moderator's decision move the counts of their own day. Paid conversions that stand and the
 * fast ones are not here: the statistics rollup `stats_publisher_daily` counts them (its
 * `conversions` and `fast`), so a batch of new conversions writes no quality row; completions
 * are those plus the voided ones. A score reads an app's rows of the last 60 days
 * (`platform_quality()`, sql/platform_quality.sql); `quality:check` (in `ledger:check`) compares
 * every row with a recomputation from the conversions and reports.
 */
export const PlatformQualityDaily = defineEntity({
  name: 'PlatformQualityDaily',
  tableName: 'platform_quality_daily',
  properties: {
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').primary().deleteRule('cascade'),
    day: p.date().primary(),
    /** Paid conversions made that day and voided later. */
    voided: p.integer().default(0),
    /** Of them, those completed faster than FRAUD_MIN_SECONDS after the start. */
    fastVoided: p.integer().default(0),
    /** Paid channel and chat conversions whose hold ended (posted or voided). */
    socialResolved: p.integer().default(0),
    /** Of them, the players who were still members (posted). */
    socialRetained: p.integer().default(0),
    /** Of the retained players, those checked again 30 days on (a bounded sample), and those still members. */
    checked30d: p.integer().default(0).fieldName('checked_30d'),
    retained30d: p.integer().default(0).fieldName('retained_30d'),
    /** Players' reports a moderator confirmed (RESOLVED), by the day they were filed. */
    reportsConfirmed: p.integer().default(0),
    /** Fraud-rule reports about players, not rejected by a moderator (app-wide rules are built from the components). */
    fraudHits: p.integer().default(0),
  },
});
export type PlatformQualityDaily = InferEntity<typeof PlatformQualityDaily>;

/** What the quality triggers read: one row (the fast-completion threshold in milliseconds, FRAUD_MIN_SECONDS, written at start). */
export const QualitySettings = defineEntity({
  name: 'QualitySettings',
  tableName: 'quality_settings',
  properties: {
    id: p.integer().primary().autoincrement(false).default(1),
    fastMs: p.integer().default(5000),
  },
});
export type QualitySettings = InferEntity<typeof QualitySettings>;

/** An app one campaign is not shown in. */
export const CampaignExcludedPlatform = defineEntity({
  name: 'CampaignExcludedPlatform',
  tableName: 'campaign_excluded_platforms',
  properties: {
    campaignId: p.manyToOne(Campaign).mapToPk().fieldName('campaign_id').primary().deleteRule('cascade'),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').primary().deleteRule('cascade').index(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type CampaignExcludedPlatform = InferEntity<typeof CampaignExcludedPlatform>;

/** An app none of an advertiser's campaigns is shown in. */
export const UserExcludedPlatform = defineEntity({
  name: 'UserExcludedPlatform',
  tableName: 'user_excluded_platforms',
  properties: {
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').primary().deleteRule('cascade'),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').primary().deleteRule('cascade').index(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type UserExcludedPlatform = InferEntity<typeof UserExcludedPlatform>;

/**
 * The network floor: an app whose score (with enough data) fell under QUALITY_FLOOR gets no paid
 * campaigns while its pause is open and not lifted (swaps it agreed to go on). A moderator lifts
 * it by rejecting its report, with a note; it ends when the score is back at the floor (or there
 * is not enough data any more). Rows stay: the app's history of pauses.
 */
export const PlatformQualityPause = defineEntity({
  name: 'PlatformQualityPause',
  tableName: 'platform_quality_pauses',
  indexes: [
    {
      // At most one open pause per app (instances agree through it).
      name: 'platform_quality_pauses_open',
      expression: `create unique index "platform_quality_pauses_open" on "platform_quality_pauses" ("platform_id") where "ended_at" is null`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    /** The score that paused it. */
    score: p.integer(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    /** The moderators' report about it. */
    reportId: p.integer().nullable(),
    liftedAt: p.datetime().nullable(),
    liftedById: p.manyToOne(User).mapToPk().fieldName('lifted_by_id').nullable().deleteRule('set null'),
    liftNote: p.string().length(1000).nullable(),
    endedAt: p.datetime().nullable(),
  },
});
export type PlatformQualityPause = InferEntity<typeof PlatformQualityPause>;
