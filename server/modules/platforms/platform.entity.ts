import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { Category } from '../lookups/lookups.entity.ts';
import { TASK_TYPES } from '../projects/project.entity.ts';
import { User } from '../users/user.entity.ts';

/** A publisher's mini app that embeds the showcase. */
export const Platform = defineEntity({
  name: 'Platform',
  tableName: 'platforms',
  properties: {
    id: idColumn(),
    ...timestamps(),
    ownerId: p.manyToOne(User).mapToPk().fieldName('owner_id').index(),
    title: p.string().length(120),
    logo: p.string().length(500),
    categoryId: p.manyToOne(Category).mapToPk().fieldName('category_id'),
    webappUrl: p.string().length(500),
    tgBotUrl: p.string().length(200),
    // Telegram's numeric bot id: checks the third-party initData signature.
    tgBotId: p.bigint('number').nullable(),
    // Optional, for HMAC initData validation; encrypted at rest.
    botTokenEnc: p.string().length(300).nullable(),
    rewardCallbackUrl: p.string().length(500).nullable(),
    isDarkTheme: p.boolean().default(false),
    isActive: p.boolean().default(true),
    secretKeyEnc: p.string().length(300),
    secretKeyHash: p.string().length(64).unique(),
    /** Bumped by every change a person saves (teams: a stale `If-Match` / `expectedVersion` answers 412). */
    version: p.integer().default(1),
  },
});
export type Platform = InferEntity<typeof Platform>;

/** An in-app award the publisher gives players (coins, gems, lives…). */
export const PlatformReward = defineEntity({
  name: 'PlatformReward',
  tableName: 'platform_rewards',
  uniques: [{ properties: ['platformId', 'title'] }],
  properties: {
    id: idColumn(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    title: p.string().length(60),
    logo: p.string().length(500),
  },
});
export type PlatformReward = InferEntity<typeof PlatformReward>;

/** How the showcase treats one task type on a platform. */
export const Service = defineEntity({
  name: 'Service',
  tableName: 'platform_services',
  uniques: [{ properties: ['platformId', 'taskType'] }],
  properties: {
    id: idColumn(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    taskType: p.enum([...TASK_TYPES]),
    // "Award the user in any case" (smart links).
    shouldConfirmWithoutPayout: p.boolean().default(false),
    // "Disable task type display".
    isExcluded: p.boolean().default(false),
  },
});
export type Service = InferEntity<typeof Service>;

export const ServiceAward = defineEntity({
  name: 'ServiceAward',
  tableName: 'platform_service_awards',
  properties: {
    id: idColumn(),
    serviceId: p.manyToOne(Service).mapToPk().fieldName('service_id').deleteRule('cascade').index(),
    platformRewardId: p.manyToOne(PlatformReward).mapToPk().fieldName('platform_reward_id').deleteRule('cascade'),
    value: p.integer(),
  },
});
export type ServiceAward = InferEntity<typeof ServiceAward>;
