import { defineArea } from '../../app/area.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { topics } from '../../lib/pubsub.ts';
import { SystemBot } from './bot.ts';
import { NotMeLink, Notification, NotificationPreference, TelegramLinkToken } from './notification.entity.ts';
import { notificationsRoutes } from './notifications.rest.ts';
import './notifications.schema.ts';
import { NotificationsService } from './notifications.service.ts';
import { moderationQueueAlert } from './queue-alert.ts';

/**
 * Notifications where users are: the system bot (grammY) that links a Telegram account and
 * sends them, each user's choices per event type, and the outbox the other areas write to
 * (`notify`, reached `later`).
 */
export const notificationsArea = defineArea({
  name: 'notifications',
  provides: ['notifications'],
  entities: [Notification, NotificationPreference, TelegramLinkToken, NotMeLink],
  services: ({ config, log, em, pubsub, url, cleanups, onPublish }) => {
    const appUrl = () => config.publicUrl ?? url();
    const { token, apiUrl, webhookSecret, updates, maxPerSecond } = config.telegram;
    const handlers = {
      link: (...args: Parameters<NotificationsService['link']>) => notifications.link(...args),
      unlink: (telegramUserId: number) => notifications.unlinkTelegram(telegramUserId),
      isLinked: (telegramUserId: number) => notifications.isLinked(telegramUserId),
    };
    const bot = token ? new SystemBot({ token, apiUrl, appUrl, log, handlers }) : null;
    const notifications: NotificationsService = new NotificationsService({
      em,
      log,
      pubsub,
      mailer: configuredMailer(config, log),
      bot,
      appUrl,
      delivery: { perSecond: maxPerSecond, leaseSeconds: 120, maxAttempts: 300 },
    });
    // Written and committed in this instance: deliver now rather than at the next tick.
    onPublish((topic) => {
      if (topic === topics.notificationsDue()) notifications.kick();
    });
    cleanups.push(() => notifications.close());
    if (bot && updates !== 'off') {
      const webhook =
        updates === 'webhook' && config.publicUrl && webhookSecret
          ? { url: `${config.publicUrl}/api/v1/telegram/webhook`, secret: webhookSecret }
          : undefined;
      void bot
        .launch(updates, webhook)
        .then(() => log.info({ updates, webhook: webhook?.url }, 'telegram bot started'))
        .catch((err) => log.error({ err: String(err) }, 'telegram bot: could not start (updates are not received)'));
    }
    return { notifications };
  },
  routes: notificationsRoutes,
  jobs: ({ config, em, services }) => [
    {
      // Every instance sends on its own timer; the claim keeps them to one send per message.
      name: 'notifications',
      intervalMs: 2000,
      run: async () => {
        await services.notifications.deliverIfDue();
      },
    },
    {
      name: 'moderation-queue-alert',
      run: () => moderationQueueAlert(em(), services.notifications, config.moderationAlertMinutes),
    },
  ],
  topics: ['telegramLink', 'notificationsDue'],
});
