import { z } from 'zod';
import { route } from '../../rest/route.ts';
import { NOTIFICATION_GROUPS, NOTIFICATION_TYPE_NAMES } from './messages.ts';
import type { SettingsView } from './notifications.service.ts';
import { says } from '../../failures.ts';

const LinkJson = z.object({ id: z.number(), username: z.string().nullable() });

export const NotificationSettingsJson = z.object({
  telegramConfigured: z.boolean(),
  telegram: LinkJson.nullable(),
  data: z.array(
    z.object({
      type: z.enum(NOTIFICATION_TYPE_NAMES as [string, ...string[]]),
      group: z.enum(NOTIFICATION_GROUPS),
      label: z.string(),
      telegram: z.boolean(),
      email: z.boolean(),
      /** A security notice: by e-mail always and in Telegram when linked; it cannot be turned off. */
      alwaysOn: z.boolean(),
    }),
  ),
});

export const NotificationChangesInput = z.object({
  data: z
    .array(
      z.object({
        type: z.string({ error: says('TYPE_REQUIRED') }).max(40),
        telegram: z.boolean({ error: says('TELEGRAM_MUST_TRUE_OR_FALSE') }).optional(),
        email: z.boolean({ error: says('EMAIL_MUST_TRUE_OR_FALSE') }).optional(),
      }),
    )
    .max(NOTIFICATION_TYPE_NAMES.length, says('TOO_MANY_CHANGES')),
});

const settingsJson = (s: SettingsView) => ({
  telegramConfigured: s.telegramConfigured,
  telegram: s.telegram,
  data: s.preferences,
});

export const notificationsRoutes = [
  route({
    method: 'POST',
    path: '/v1/users/self/telegram',
    tag: 'users',
    summary:
      'Start linking a Telegram account: answers a one-time link to the system bot (`https://t.me/<bot>?start=<token>`, valid 10 minutes). Opening it and pressing Start links the account; the dashboard hears of it live. 404 when the bot is not configured.',
    access: 'user',
    response: z.object({ url: z.string(), expiresAt: z.string() }),
    handler: async (ctx) => {
      const link = await ctx.services.notifications.startLink(ctx.em, ctx.user!);
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },
  }),
  route({
    method: 'DELETE',
    path: '/v1/users/self/telegram',
    tag: 'users',
    summary: 'Unlink the Telegram account: no more Telegram notifications, no sign-in with it.',
    access: 'user',
    response: z.object({ telegram: z.null() }),
    handler: async (ctx) => {
      await ctx.services.notifications.unlinkOwn(ctx.em, ctx.user!);
      return { telegram: null };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/users/self/notifications',
    tag: 'users',
    summary:
      'Which notifications the user gets, per event type and channel (Telegram, e-mail), and the linked Telegram account.',
    access: 'user',
    response: NotificationSettingsJson,
    handler: async (ctx) => settingsJson(await ctx.services.notifications.settings(ctx.em, ctx.user!)),
  }),
  route({
    method: 'PUT',
    path: '/v1/users/self/notifications',
    tag: 'users',
    summary:
      'Switch notification types on or off per channel: `{ data: [{ type, telegram?, email? }] }`; types not listed keep their setting. Answers the settings.',
    access: 'user',
    body: NotificationChangesInput,
    response: NotificationSettingsJson,
    handler: async (ctx, { body }) => {
      const { notifications } = ctx.services;
      const preferences = await notifications.setPreferences(ctx.em, ctx.user!, body.data);
      return settingsJson(await notifications.settings(ctx.em, ctx.user!, preferences));
    },
  }),
];
