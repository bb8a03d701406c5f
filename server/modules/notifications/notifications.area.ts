import { figureGauges } from '../../lib/metrics.ts';
import { defineArea } from '../../app/area.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { topics } from '../../lib/pubsub.ts';
import { SystemBot } from './bot.ts';
import { NotMeLink, Notification, NotificationPreference, TelegramLinkToken } from './notification.entity.ts';
import { notificationsRoutes } from './notifications.rest.ts';
import './notifications.schema.ts';
import { NotificationsService } from './notifications.service.ts';
import { moderationQueueAlert } from './queue-alert.ts';

/** The notification outbox on /metrics (deploy/alerts.yml). */
const addOutboxFigures = figureGauges({
  taskgram_outbox_oldest_seconds:
    'How long the oldest notification not yet delivered (Telegram or mail) has waited (0: none)',
  taskgram_outbox_waiting: 'Notifications not yet delivered',
});

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
    // The outbox on /metrics: an alert when its oldest message waits past ten minutes.
    const removeFigures = addOutboxFigures(async () => {
      const [row] = await em()
        .getConnection()
        .execute<{ oldest: number; waiting: number }[]>(
          `select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest, count(*)::int as waiting
             from notifications where state in ('PENDING', 'SENDING')`,
        );
      return { taskgram_outbox_oldest_seconds: row!.oldest, taskgram_outbox_waiting: row!.waiting };
    });
    cleanups.push(async () => {
      removeFigures();
    });
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
