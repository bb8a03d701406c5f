import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ACCESS_LEVELS } from '../../../shared/access-levels.ts';
import { timestamps } from '../../db/columns.ts';
import { User } from '../users/user.entity.ts';

/**
 * A person in an account that is not their own, with one access level. The account is its
 * owner's user row (what every owned table already points at); the owner is its Admin without a
 * row here and stays one, so an account always has an Admin.
 */
export const AccountMember = defineEntity({
  name: 'AccountMember',
  tableName: 'account_members',
  checks: [{ name: 'account_members_not_own', expression: 'account_id <> user_id' }],
  properties: {
    accountId: p.manyToOne(User).mapToPk().fieldName('account_id').primary().deleteRule('cascade'),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').primary().deleteRule('cascade').index(),
    accessLevel: p.enum([...ACCESS_LEVELS]),
    addedById: p.manyToOne(User).mapToPk().fieldName('added_by_id').nullable().deleteRule('set null'),
    ...timestamps(),
  },
});
export type AccountMember = InferEntity<typeof AccountMember>;

/**
 * An Admin's invitation by e-mail: single use, 7 days, revocable, bound to the address. The link's
 * last segment is the token; only its SHA-256 is kept.
 */
export const AccountInvitation = defineEntity({
  name: 'AccountInvitation',
  tableName: 'account_invitations',
  indexes: [
    { properties: ['accountId', 'createdAt'] },
    {
      name: 'account_invitations_open',
      expression:
        'create unique index "account_invitations_open" on "account_invitations" ("account_id", lower("email")) where "accepted_at" is null and "revoked_at" is null',
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    accountId: p.manyToOne(User).mapToPk().fieldName('account_id').deleteRule('cascade'),
    email: p.string().length(254),
    accessLevel: p.enum([...ACCESS_LEVELS]),
    tokenHash: p.string().length(64).unique(),
    invitedById: p.manyToOne(User).mapToPk().fieldName('invited_by_id').nullable().deleteRule('set null'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedById: p.manyToOne(User).mapToPk().fieldName('accepted_by_id').nullable().deleteRule('set null'),
    revokedAt: p.datetime().nullable(),
  },
});
export type AccountInvitation = InferEntity<typeof AccountInvitation>;

/** What a change in an account's history is about. */
export const ACTIVITY_OBJECT_TYPES = [
  'campaign',
  'app',
  'service',
  'project',
  'resource',
  'budget',
  'payoutAddress',
  'member',
  'invitation',
] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

/**
 * The account's own change history: every change a person made to its campaigns, apps, projects,
 * resources, prices, budgets, people and payout addresses — who, when, from where, the fields
 * before and after. Written by database triggers (teams/sql/account_activity_record.sql) from the
 * person and address the request's transaction names, so no route to a change can skip it.
 */
export const AccountActivity = defineEntity({
  name: 'AccountActivity',
  tableName: 'account_activity',
  indexes: [{ properties: ['accountId', 'id'] }, { properties: ['accountId', 'objectType', 'objectId'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    accountId: p.manyToOne(User).mapToPk().fieldName('account_id').deleteRule('cascade'),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').nullable().deleteRule('set null'),
    at: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    ip: p.string().length(64).nullable(),
    action: p.string().length(20),
    objectType: p.string().length(20),
    objectId: p.integer().nullable(),
    before: p.json().nullable(),
    after: p.json().nullable(),
  },
});
export type AccountActivity = InferEntity<typeof AccountActivity>;
