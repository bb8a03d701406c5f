import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn } from '../../db/columns.ts';
import { PlayerReport } from '../campaigns/campaign.entity.ts';
import { Platform } from '../platforms/platform.entity.ts';
import { User } from '../users/user.entity.ts';

export const MODERATION_SUBJECTS = ['PLAYER_REPORT', 'CAMPAIGN'] as const;
export type ModerationSubject = (typeof MODERATION_SUBJECTS)[number];

/**
 * The audit trail of the moderation queues: every change of a player report or a campaign
 * review, with who made it (null for the system: a fraud rule, a player's filing), when, the
 * status before and after, the moderator's note and the effects applied with it.
 */
export const ModerationEvent = defineEntity({
  name: 'ModerationEvent',
  tableName: 'moderation_events',
  indexes: [{ properties: ['subject', 'subjectId', 'id'] }],
  properties: {
    id: idColumn(),
    subject: p.enum([...MODERATION_SUBJECTS]),
    subjectId: p.integer(),
    at: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    actorId: p.manyToOne(User).mapToPk().fieldName('actor_id').nullable().deleteRule('set null'),
    action: p.string().length(20),
    fromStatus: p.string().length(20).nullable(),
    toStatus: p.string().length(20),
    note: p.string().length(1000).nullable(),
    effects: p.json<Record<string, unknown>>().nullable(),
  },
});
export type ModerationEvent = InferEntity<typeof ModerationEvent>;

/** A player a moderator blocked in one app's showcase: no task is shown or started there. */
export const ShowcaseBlock = defineEntity({
  name: 'ShowcaseBlock',
  tableName: 'showcase_blocks',
  uniques: [{ properties: ['platformId', 'playerId'] }],
  // The showcase reads a player's blocks by the player (showcase/player-states.ts).
  indexes: [{ properties: ['playerId'] }],
  properties: {
    id: idColumn(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    playerId: p.bigint('number'),
    reportId: p.integer().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type ShowcaseBlock = InferEntity<typeof ShowcaseBlock>;

/**
 * A fraud rule's hit: one player, rule and UTC day at most (a player is not flagged twice a day
 * by the same rule), in the app it happened in. The hits of an app, rule and day gather in one
 * moderators' report (`reportId`), which lists the players and grows as hits come in; they feed
 * the app's traffic quality unless a moderator rejects that report.
 */
export const FraudHit = defineEntity({
  name: 'FraudHit',
  tableName: 'fraud_hits',
  uniques: [{ properties: ['rule', 'playerId', 'day'] }],
  indexes: [{ properties: ['reportId'] }, { properties: ['platformId', 'day'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    rule: p.string().length(40),
    playerId: p.bigint('number'),
    /** The conversion that hit, when the rule names one (a fast completion). */
    conversionId: p.bigint('number').nullable(),
    day: p.date(),
    evidence: p.json<Record<string, unknown>>(),
    reportId: p.manyToOne(PlayerReport).mapToPk().fieldName('report_id').nullable().deleteRule('set null'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type FraudHit = InferEntity<typeof FraudHit>;
