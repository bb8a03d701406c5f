import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { createdAtColumn, idColumn } from '../../db/columns.ts';

export const NOTIFICATION_CHANNELS = ['TELEGRAM', 'EMAIL'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_STATES = ['PENDING', 'SENDING', 'SENT', 'SKIPPED', 'FAILED'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * The outbox: one row per event, user and channel, written in the transaction of what
 * happened. Unique by (user, event key, channel), so an event told twice (a retried request, two
 * instances, a conversion batch replayed) is one message. The delivery job claims PENDING rows
 * (SENDING, with a lease), sends, and marks them SENT; a user who blocked the bot makes them
 * SKIPPED; a send that keeps failing ends FAILED with the reason.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  uniques: [{ properties: ['userId', 'eventKey', 'channel'] }],
  indexes: [{ properties: ['state', 'dueAt'] }],
  properties: {
    id: idColumn(),
    createdAt: createdAtColumn(),
    userId: p.integer(),
    type: p.string().length(40),
    eventKey: p.string().length(120),
    channel: p.enum([...NOTIFICATION_CHANNELS]),
    /** What the message says and the page its button opens (a path of the dashboard). */
    text: p.text(),
    /** The mail's subject (e-mail only). */
    subject: p.string().length(200).default(''),
    path: p.string().length(200),
    state: p.enum([...NOTIFICATION_STATES]).default('PENDING'),
    /** When it may be (re)tried; a claim moves it past the lease, so a crashed sender's row comes back. */
    dueAt: createdAtColumn(),
    /** When it was last claimed for sending: the claim counts these to keep Telegram's limits. */
    claimedAt: p.datetime().nullable().index(),
    attempts: p.integer().default(0),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    /** A mail to another address than the account's (an e-mail change is told to the old one). */
    emailTo: p.string().length(254).nullable(),
  },
});
export type Notification = InferEntity<typeof Notification>;

/** A user's choice for one event type; no row = the type's default (Telegram on, e-mail off). */
export const NotificationPreference = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preferences',
  properties: {
    userId: p.integer().primary(),
    type: p.string().length(40).primary(),
    telegram: p.boolean(),
    email: p.boolean(),
  },
});
export type NotificationPreference = InferEntity<typeof NotificationPreference>;

/** A one-time `/start <token>` link from the dashboard to the bot: valid 10 minutes, used once. */
export const TelegramLinkToken = defineEntity({
  name: 'TelegramLinkToken',
  tableName: 'telegram_link_tokens',
  properties: {
    id: idColumn(),
    createdAt: createdAtColumn(),
    /** SHA-256 of the token (hex): the token itself is only in the link. */
    tokenHash: p.string().length(64).unique(),
    userId: p.integer().index(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type TelegramLinkToken = InferEntity<typeof TelegramLinkToken>;

/**
 * The "This was not me" link of a security notice: opened once (its owner confirms on the page),
 * it ends every session of the account and stops its withdrawals (AuthService.notMe). The token
 * is only in the message; here its SHA-256.
 */
export const NotMeLink = defineEntity({
  name: 'NotMeLink',
  tableName: 'not_me_links',
  properties: {
    id: idColumn(),
    createdAt: createdAtColumn(),
    tokenHash: p.string().length(64).unique(),
    userId: p.integer().index(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type NotMeLink = InferEntity<typeof NotMeLink>;
