import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationsService } from './notifications.service.ts';

/**
 * Moderators hear of their shared queue (campaign reviews, player reports, registrations) when
 * its oldest item has waited longer than `minutes`: one message an hour at most, to every
 * moderator who wants it.
 */
export async function moderationQueueAlert(em: EntityManager, notifications: NotificationsService, minutes: number) {
  const [queue] = await em.execute<{ count: string; oldest: Date | null }[]>(
    `select sum(n)::text as count, min(oldest) as oldest from (
       select count(*) as n, min(updated_at) as oldest from campaigns where status = 'MODERATION' and deleted_at is null
       union all select count(*), min(created_at) from player_reports where status in ('NEW', 'IN_REVIEW')
       union all select count(*), min(created_at) from registration_requests where status = 'PENDING'
     ) q`,
  );
  if (!queue?.oldest) return;
  const waited = Math.floor((Date.now() - new Date(queue.oldest).getTime()) / 60_000);
  if (waited < minutes) return;
  // Not one who heard of it in the last hour (the job runs once at a time across instances).
  const moderators = await em.execute<{ id: number }[]>(
    `select id from users u where is_moderator and not exists (
       select 1 from notifications n
       where n.user_id = u.id and n.type = 'queueWaiting' and n.created_at > now() - interval '1 hour')`,
  );
  if (!moderators.length) return;
  const minute = new Date().toISOString().slice(0, 16);
  await em.transactional((tx) =>
    notifications.notify(
      tx,
      moderators.map((m) => ({
        userId: m.id,
        type: 'queueWaiting' as const,
        key: `queue-waiting:${minute}`,
        params: { count: Number(queue.count), minutes: waited },
        path: '/moderation',
      })),
    ),
  );
  notifications.kick();
}
