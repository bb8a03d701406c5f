import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { Deal } from '../exchange/exchange.entity.ts';
import { Platform } from '../platforms/platform.entity.ts';
import { Project, TASK_TYPES, Task } from '../projects/project.entity.ts';
import { User } from '../users/user.entity.ts';

export const CAMPAIGN_STATUSES = ['ACTIVE', 'STOPPED', 'MODERATION', 'REJECTED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * An advertiser's campaign on one resource. Its budget lives in the ledger (a CAMPAIGN_BUDGET
 * account); the counters here are written by the conversion function in the same transaction
 * as the ledger transfers, so they always agree with the money.
 */
export const Campaign = defineEntity({
  name: 'Campaign',
  tableName: 'campaigns',
  checks: [
    {
      name: 'campaigns_counters_non_negative',
      expression:
        'conversions >= 0 and spend >= 0 and today_conversions >= 0 and today_spend >= 0 and voided >= 0 and not_new >= 0 and (min_price > 0 or deal_id is not null)',
    },
    { name: 'campaigns_daily_cap_positive', expression: 'daily_cap is null or daily_cap >= 1' },
    {
      name: 'campaigns_min_quality_range',
      expression: 'min_quality is null or (min_quality >= 0 and min_quality <= 100)',
    },
  ],
  // updatedAt: the showcase's sweep reads what was written since its last look.
  indexes: [{ properties: ['ownerId', 'id'] }, { properties: ['projectId', 'id'] }, { properties: ['updatedAt'] }],
  properties: {
    id: idColumn(),
    ...timestamps(),
    ownerId: p.manyToOne(User).mapToPk().fieldName('owner_id'),
    projectId: p.manyToOne(Project).mapToPk().fieldName('project_id'),
    // Null once the resource is deleted: the campaign stays for the publishers' history.
    taskId: p.manyToOne(Task).mapToPk().fieldName('task_id').nullable().deleteRule('set null').index(),
    taskType: p.enum([...TASK_TYPES]),
    taskTitle: p.string().length(200),
    // Kept too: the hold-end membership check needs the channel or chat after the resource is gone.
    taskUrl: p.string().length(500),
    name: p.string().length(120),
    status: p.enum([...CAMPAIGN_STATUSES]).default('ACTIVE'),
    isActive: p.boolean().default(true),
    // Price of one action per tier level, micro-USD as decimal strings: { "1": "150000" }.
    prices: p.json<Record<string, string>>(),
    // What the cheapest action costs (premium extra included): below it the campaign stops.
    minPrice: p.bigint('bigint'),
    dailyCap: p.integer().nullable(),
    countries: p.array().defaultRaw(`'{}'`),
    languages: p.array().defaultRaw(`'{}'`),
    isPremiumOnly: p.boolean().default(false),
    conversions: p.integer().default(0),
    voided: p.integer().default(0),
    spend: p.bigint('bigint').defaultRaw('0'),
    todayDate: p.date().nullable(),
    todayConversions: p.integer().default(0),
    todaySpend: p.bigint('bigint').defaultRaw('0'),
    deletedAt: p.datetime().nullable(),
    // Pay only for players new to the resource: members seen at start and S2S events with
    // `isNew: false` are refused and counted in `notNew`.
    newUsersOnly: p.boolean().default(true),
    notNew: p.integer().default(0),
    // Traffic quality: apps scored under minQuality (0-100) do not show the campaign; apps with
    // not enough data for a score show it when unscoredAllowed.
    minQuality: p.smallint().nullable(),
    unscoredAllowed: p.boolean().default(true),
    // A swap campaign (exchange deal side): free, shown only in `platformId`, capped by the deal.
    dealId: p.manyToOne(Deal).mapToPk().fieldName('deal_id').nullable().index(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').nullable(),
    // Campaign review: an advertiser's first campaigns wait in MODERATION until a moderator
    // approves one (approvedAt) or rejects it with a reason; a claim keeps two moderators apart.
    approvedAt: p.datetime().nullable(),
    rejectReason: p.string().length(500).nullable(),
    /** Bumped by every change a person saves (teams: a stale `If-Match` / `expectedVersion` answers 412). */
    version: p.integer().default(1),
    reviewClaimedById: p.manyToOne(User).mapToPk().fieldName('review_claimed_by_id').nullable().deleteRule('set null'),
    reviewClaimedAt: p.datetime().nullable(),
  },
});
export type Campaign = InferEntity<typeof Campaign>;

/** A player started a task in an app: one click per campaign and player. */
export const Click = defineEntity({
  name: 'Click',
  tableName: 'clicks',
  uniques: [{ properties: ['campaignId', 'playerId'] }],
  // A player's own clicks (the showcase reads them by the player).
  indexes: [{ properties: ['playerId'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    // Telegram start parameters allow 64 characters of A-Za-z0-9_-.
    code: p.string().length(64).unique(),
    campaignId: p.manyToOne(Campaign).mapToPk().fieldName('campaign_id'),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').index(),
    playerId: p.bigint('number'),
    country: p.string().length(2).nullable(),
    tierLevel: p.integer(),
    isPremium: p.boolean().default(false),
    // The player was already in the channel or chat at start (or the advertiser said so): never paid.
    notNew: p.boolean().default(false),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type Click = InferEntity<typeof Click>;

export const CONVERSION_STATUSES = ['HOLD', 'POSTED', 'VOIDED'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** A paid action: at most one per campaign and player (the unique key makes races harmless). */
export const Conversion = defineEntity({
  name: 'Conversion',
  tableName: 'conversions',
  uniques: [{ properties: ['campaignId', 'playerId'] }],
  indexes: [
    { properties: ['campaignId', 'createdAt'] },
    { properties: ['platformId', 'createdAt'] },
    { properties: ['advertiserId', 'createdAt'] },
    { properties: ['publisherId', 'createdAt'] },
    // The fraud rule on completions per hour counts a player's recent conversions across apps.
    { properties: ['playerId', 'createdAt'] },
    {
      name: 'conversions_on_hold',
      expression: `create index "conversions_on_hold" on "conversions" ("created_at") where "status" = 'HOLD'`,
    },
    {
      // Traffic quality's 30-day re-check: paid channel and chat members not checked again yet.
      name: 'conversions_recheck_due',
      expression: `create index "conversions_recheck_due" on "conversions" ("created_at") where "status" = 'POSTED' and "checked_30d_at" is null and "task_type" in ('CHANNEL', 'CHAT')`,
    },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    campaignId: p.manyToOne(Campaign).mapToPk().fieldName('campaign_id'),
    clickId: p.bigint('number').unique(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id'),
    publisherId: p.integer(),
    advertiserId: p.integer(),
    playerId: p.bigint('number'),
    taskType: p.enum([...TASK_TYPES]),
    country: p.string().length(2).nullable(),
    tierLevel: p.integer(),
    // What the campaign paid, the publisher's share and the network fee (micro-USD).
    price: p.bigint('bigint'),
    publisherAmount: p.bigint('bigint'),
    feeAmount: p.bigint('bigint'),
    status: p.enum([...CONVERSION_STATUSES]).default('HOLD'),
    // Null for swap deliveries: no money moves.
    publisherTransferId: p.bigint('number').nullable(),
    feeTransferId: p.bigint('number').nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    resolvedAt: p.datetime().nullable(),
    /** When the player started the task (the click's time; null for conversions made before it was kept). */
    startedAt: p.datetime().nullable(),
    // Traffic quality: a sample of posted channel and chat players is checked again 30 days on.
    checked30dAt: p.datetime().nullable().fieldName('checked_30d_at'),
    /** Still a member 30 days on (null: not checked, or Telegram could not tell). */
    retained30d: p.boolean().nullable().fieldName('retained_30d'),
  },
});
export type Conversion = InferEntity<typeof Conversion>;

/** Completed actions and publisher revenue of one campaign in one app (App statistics rows). */
export const PlatformCampaignStats = defineEntity({
  name: 'PlatformCampaignStats',
  tableName: 'platform_campaign_stats',
  uniques: [{ properties: ['platformId', 'campaignId'] }],
  properties: {
    id: idColumn(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id'),
    campaignId: p.manyToOne(Campaign).mapToPk().fieldName('campaign_id').index(),
    completed: p.integer().default(0),
    revenue: p.bigint('bigint').defaultRaw('0'),
  },
});
export type PlatformCampaignStats = InferEntity<typeof PlatformCampaignStats>;

export const CALLBACK_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** The server-to-server reward callback of a conversion: an outbox row written with it. */
export const RewardCallback = defineEntity({
  name: 'RewardCallback',
  tableName: 'reward_callbacks',
  indexes: [
    { properties: ['platformId', 'id'] },
    {
      name: 'reward_callbacks_due',
      expression: `create index "reward_callbacks_due" on "reward_callbacks" ("next_attempt_at") where "status" = 'PENDING'`,
    },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    conversionId: p.bigint('number').unique(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    url: p.string().length(500),
    status: p.enum([...CALLBACK_STATUSES]).default('PENDING'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    lastStatusCode: p.integer().nullable(),
    lastError: p.string().length(500).nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    deliveredAt: p.datetime().nullable(),
  },
});
export type RewardCallback = InferEntity<typeof RewardCallback>;

/** One delivery attempt of a reward callback, as the publisher sees it. */
export const RewardCallbackAttempt = defineEntity({
  name: 'RewardCallbackAttempt',
  tableName: 'reward_callback_attempts',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    callbackId: p.manyToOne(RewardCallback).mapToPk().fieldName('callback_id').deleteRule('cascade').index(),
    attempt: p.integer(),
    at: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    statusCode: p.integer().nullable(),
    error: p.string().length(500).nullable(),
    durationMs: p.integer(),
  },
});
export type RewardCallbackAttempt = InferEntity<typeof RewardCallbackAttempt>;

/** What a player may choose in the showcase; FRAUD_RULE is filed only by the fraud rules. */
export const PLAYER_REPORT_REASONS = ['NOT_REWARDED', 'BROKEN', 'INAPPROPRIATE', 'OTHER'] as const;
export const REPORT_REASONS = [...PLAYER_REPORT_REASONS, 'FRAUD_RULE'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['NEW', 'IN_REVIEW', 'RESOLVED', 'REJECTED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A player's report about a task, filed from the showcase, or one raised by a fraud rule
 * (`rule`, with its evidence; an app-wide rule has no player or campaign). Moderators claim it
 * (IN_REVIEW, `claimedById`) and resolve or reject it; every change is a moderation event.
 */
export const PlayerReport = defineEntity({
  name: 'PlayerReport',
  tableName: 'player_reports',
  indexes: [
    { properties: ['status', 'id'] },
    {
      // A rule files at most one report per subject (player or app) and day.
      name: 'player_reports_rule_once',
      expression: `create unique index "player_reports_rule_once" on "player_reports" ("rule", "rule_subject", "rule_day") where "rule" is not null`,
    },
  ],
  properties: {
    id: idColumn(),
    ...timestamps(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    campaignId: p.manyToOne(Campaign).mapToPk().fieldName('campaign_id').nullable().index(),
    playerId: p.bigint('number').nullable(),
    playerName: p.string().length(200).nullable(),
    reason: p.enum([...REPORT_REASONS]),
    text: p.string().length(1000).nullable(),
    status: p.enum([...REPORT_STATUSES]).default('NEW'),
    claimedById: p.manyToOne(User).mapToPk().fieldName('claimed_by_id').nullable().deleteRule('set null'),
    claimedAt: p.datetime().nullable(),
    rule: p.string().length(40).nullable(),
    ruleSubject: p.string().length(60).nullable(),
    ruleDay: p.date().nullable(),
    evidence: p.json<Record<string, unknown>>().nullable(),
  },
});
export type PlayerReport = InferEntity<typeof PlayerReport>;

/**
 * The status a campaign should have: the advertiser's switch and the budget decide between
 * ACTIVE and STOPPED; MODERATION and REJECTED are decisions of staff and stay.
 */
export function statusFor(c: Pick<Campaign, 'status' | 'isActive' | 'minPrice'>, budget: bigint): CampaignStatus {
  if (c.status === 'MODERATION' || c.status === 'REJECTED') return c.status;
  return c.isActive && budget >= c.minPrice ? 'ACTIVE' : 'STOPPED';
}
