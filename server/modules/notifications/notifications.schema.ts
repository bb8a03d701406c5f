import { builder } from '../../graphql/builder.ts';
import { topics } from '../../lib/pubsub.ts';
import type { TelegramLink } from '../users/telegram-link.ts';
import { TelegramLinkRef } from '../users/users.schema.ts';
import { NOTIFICATION_GROUPS, NOTIFICATION_TYPE_NAMES } from './messages.ts';
import type { PreferenceView, SettingsView } from './notifications.service.ts';

const NotificationTypeEnum = builder.enumType('NotificationType', { values: NOTIFICATION_TYPE_NAMES });
const NotificationGroupEnum = builder.enumType('NotificationGroup', { values: NOTIFICATION_GROUPS });

const PreferenceRef = builder.objectRef<PreferenceView>('NotificationPreference').implement({
  description: 'Whether the user gets one type of notification, per channel.',
  fields: (t) => ({
    type: t.expose('type', { type: NotificationTypeEnum }),
    group: t.expose('group', { type: NotificationGroupEnum }),
    label: t.exposeString('label'),
    telegram: t.exposeBoolean('telegram'),
    email: t.exposeBoolean('email'),
    alwaysOn: t.exposeBoolean('alwaysOn', {
      description: 'A security notice: by e-mail always and in Telegram when linked; it cannot be turned off.',
    }),
  }),
});

const SettingsRef = builder.objectRef<SettingsView>('NotificationSettings').implement({
  fields: (t) => ({
    telegramConfigured: t.exposeBoolean('telegramConfigured', {
      description: 'False: the server has no system bot (TELEGRAM_BOT_TOKEN unset); only e-mail works.',
    }),
    telegram: t.field({ type: TelegramLinkRef, nullable: true, resolve: (s) => s.telegram }),
    preferences: t.field({ type: [PreferenceRef], resolve: (s) => s.preferences }),
  }),
});

const TelegramLinkStartRef = builder.objectRef<{ url: string; expiresAt: Date }>('TelegramLinkStart').implement({
  fields: (t) => ({
    url: t.exposeString('url', { description: 'https://t.me/<bot>?start=<token>: open it and press Start.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const PreferenceInput = builder.inputType('NotificationPreferenceInput', {
  fields: (t) => ({
    type: t.field({ type: NotificationTypeEnum, required: true }),
    telegram: t.boolean({ required: false }),
    email: t.boolean({ required: false }),
  }),
});

const TelegramLinkPayload = builder.objectRef<{ telegram: TelegramLink | null }>('TelegramLinkChange').implement({
  fields: (t) => ({ telegram: t.field({ type: TelegramLinkRef, nullable: true, resolve: (p) => p.telegram }) }),
});

builder.queryField('notificationSettings', (t) =>
  t.field({
    type: SettingsRef,
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => ctx.services.notifications.settings(ctx.em, ctx.user!),
  }),
);

builder.mutationFields((t) => ({
  startTelegramLink: t.field({
    type: TelegramLinkStartRef,
    authScopes: { authenticated: true },
    description: 'A one-time link to the system bot (valid 10 minutes) that links this account to a Telegram account.',
    resolve: (_r, _a, ctx) => ctx.services.notifications.startLink(ctx.em, ctx.user!),
  }),
  unlinkTelegram: t.field({
    type: TelegramLinkPayload,
    authScopes: { authenticated: true },
    resolve: async (_r, _a, ctx) => {
      await ctx.services.notifications.unlinkOwn(ctx.em, ctx.user!);
      return { telegram: null };
    },
  }),
  updateNotificationSettings: t.field({
    type: [PreferenceRef],
    authScopes: { authenticated: true },
    args: { changes: t.arg({ type: [PreferenceInput], required: true }) },
    resolve: (_r, { changes }, ctx) =>
      ctx.services.notifications.setPreferences(
        ctx.em,
        ctx.user!,
        changes.map((c) => ({ type: c.type, telegram: c.telegram ?? undefined, email: c.email ?? undefined })),
      ),
  }),
}));

builder.subscriptionField('telegramLinkChanged', (t) =>
  t.field({
    type: TelegramLinkPayload,
    authScopes: { authenticated: true },
    description: 'The signed-in user’s Telegram account was linked (from the bot) or unlinked.',
    subscribe: (_r, _a, ctx) =>
      ctx.pubsub.subscribe<{ telegram: TelegramLink | null }>(topics.telegramLink(ctx.user!.id)),
    resolve: (p) => p,
  }),
);
