import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

/**
 * An address a user signed in from with the right password: a sign-in from it is not slowed
 * when the account is under attack from elsewhere (auth.service.ts, "Sign-in throttling").
 * Forgotten 90 days after its last sign-in.
 */
export const SignInAddress = defineEntity({
  name: 'SignInAddress',
  tableName: 'sign_in_addresses',
  indexes: [{ properties: ['lastSeenAt'] }],
  properties: {
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').primary().deleteRule('cascade'),
    ip: p.string().length(64).primary(),
    lastSeenAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type SignInAddress = InferEntity<typeof SignInAddress>;

export const NOTICE_KINDS = ['REGISTRATION_EXISTS', 'REGISTRATION_PENDING', 'SIGN_IN_FAILURES'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * Something the owner of an e-mail is told by mail instead of in the answer, which must not
 * say whether an account exists: a registration for an e-mail that has an account or a
 * request under review, an account that sees many failed sign-ins. At most one mail of a kind
 * per e-mail a day (`sentAt`); rows are forgotten after 30 days.
 */
export const AccountNotice = defineEntity({
  name: 'AccountNotice',
  tableName: 'account_notices',
  indexes: [{ properties: ['email', 'kind', 'createdAt'] }, { properties: ['createdAt'] }],
  properties: {
    id: idColumn(),
    email: p.string().length(254),
    kind: p.enum([...NOTICE_KINDS]),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    sentAt: p.datetime().nullable(),
  },
});
export type AccountNotice = InferEntity<typeof AccountNotice>;

/**
 * Sign-in limits counted where every instance sees them when no Redis is configured
 * (lib/rate-limit.ts, `databaseRateLimiter`): hits of a key in one window.
 */
export const RateLimitHit = defineEntity({
  name: 'RateLimitHit',
  tableName: 'rate_limit_hits',
  properties: {
    key: p.text().primary(),
    window: p.bigint('number').primary(),
    hits: p.integer().default(0),
    expiresAt: p.datetime().index(),
  },
});
export type RateLimitHit = InferEntity<typeof RateLimitHit>;

/** "Once" slots (a Telegram sign-in payload, a sign-in's second step) held until `until`. */
export const RateLimitSlot = defineEntity({
  name: 'RateLimitSlot',
  tableName: 'rate_limit_slots',
  properties: {
    key: p.text().primary(),
    until: p.datetime(),
  },
});
export type RateLimitSlot = InferEntity<typeof RateLimitSlot>;
