import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';

export const DEFAULT_ROLES = ['ADVERTISER', 'PUBLISHER'] as const;
export type DefaultRole = (typeof DEFAULT_ROLES)[number];

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: idColumn(),
    ...timestamps(),
    name: p.string().length(120),
    email: p.string().length(254).unique(),
    // Null for accounts that only sign in through Google.
    passwordHash: p.string().length(255).nullable(),
    defaultRole: p.enum([...DEFAULT_ROLES]).default('ADVERTISER'),
    isExchangeReady: p.boolean().default(false),
    isModerator: p.boolean().default(false),
    isFinance: p.boolean().default(false),
    /** Grants and takes staff roles (the Staff page); `npm run staff` makes the first. */
    isAdmin: p.boolean().default(false),
    /**
     * Set by the owner's "This was not me" (a security notice's link): no withdrawal is taken or
     * sent until they sign in with a second factor or reset the password.
     */
    withdrawalsStoppedAt: p.datetime().nullable(),
    telegram: p.string().length(64).nullable(),
    company: p.string().length(200).nullable(),
    // The Telegram account linked through the system bot (notifications, sign-in): one user each.
    telegramUserId: p.bigint('number').nullable().unique(),
    telegramChatId: p.bigint('number').nullable(),
    telegramUsername: p.string().length(64).nullable(),
    telegramLanguage: p.string().length(16).nullable(),
    /** When the Telegram account was linked ("This was not me" undoes a link made after its event). */
    telegramLinkedAt: p.datetime().nullable(),
    /**
     * The language the user chose for the dashboard, mails and bot messages (one of the showcase's
     * nine, `shared/languages.ts`); null until chosen, when the browser's or Telegram's
     * language is used.
     */
    language: p.string().length(8).nullable(),
    // No longer read or written: server-side sessions (auth/session.entity.ts) replaced it.
    tokenVersion: p.integer().default(0),
  },
});
export type User = InferEntity<typeof User>;

export const STAFF_ROLES = ['moderator', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every grant and removal of a staff role: whose, which, by whom (a person, or `npm run staff`). */
export const StaffRoleChange = defineEntity({
  name: 'StaffRoleChange',
  tableName: 'staff_role_changes',
  indexes: [{ properties: ['user', 'id'] }],
  properties: {
    id: idColumn(),
    user: p.manyToOne(User).deleteRule('cascade'),
    role: p.enum([...STAFF_ROLES]),
    granted: p.boolean(),
    byUser: p.manyToOne(User).nullable().deleteRule('set null'),
    byLabel: p.string().length(254),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});
export type StaffRoleChange = InferEntity<typeof StaffRoleChange>;
