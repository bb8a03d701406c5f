import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Mailer } from '../../lib/mailer.ts';
import type { SendResult, SystemBot } from './bot.ts';
import { APP_URL_MARK, buttonLabel, messageLanguage, type NotificationType } from './messages.ts';
import type { DeliverySettings } from './notifications.service.ts';

interface Claimed {
  id: number;
  user_id: number;
  type: string;
  channel: 'TELEGRAM' | 'EMAIL';
  text: string;
  subject: string;
  path: string;
  attempts: number;
  chat_id: string | null;
  language: string | null;
  email: string;
}

/**
 * Delivery of the outbox: due rows claimed under one advisory lock, so every instance together
 * stays under `perSecond` messages a second and one a second per chat; a row is marked SENT
 * right after its own send, retried with backoff, given up after `maxAttempts`.
 */
export class Delivery {
  private delivering: Promise<number> | null = null;
  private roundAsked = false;
  private stopped = false;
  /** The next retry's timer (a message due later: a backoff after a failure). */
  private wake: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      em: () => EntityManager;
      log: Logger;
      mailer: Mailer;
      bot: SystemBot | null;
      appUrl: () => string;
      delivery: DeliverySettings;
      /** Unlinks a user who blocked the bot (what waits for that chat is skipped). */
      unlink: (em: EntityManager, userId: number) => Promise<void>;
    },
  ) {}

  /** Starts a delivery round now (or right after the running one). */
  kick(): void {
    if (this.stopped) return;
    if (this.delivering) {
      this.roundAsked = true;
      return;
    }
    void this.deliverDue().catch((err) => this.deps.log.error({ err }, 'notifications: delivery round failed'));
  }

  /**
   * Sends what is due, round after round while there is some; answers how many were sent.
   * One round at a time per instance; instances share the limits through the claim.
   */
  deliverDue(): Promise<number> {
    if (this.delivering) return this.delivering;
    this.delivering = (async () => {
      let sent = 0;
      try {
        do {
          this.roundAsked = false;
          const claimed = await this.claim();
          if (!claimed.length) {
            // Rate-limited, not empty: look again in a second.
            const next = await this.nextDueMs();
            if (next !== null && next <= 0 && !this.stopped) await new Promise((r) => setTimeout(r, 1000));
            else if (!this.roundAsked) break;
            continue;
          }
          const started = Date.now();
          const results = await Promise.all(claimed.map((n) => this.deliverOne(n)));
          sent += results.filter(Boolean).length;
          // A round sends at most one message per chat: the next starts a second later.
          const wait = 1000 - (Date.now() - started);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        } while (!this.stopped);
      } finally {
        this.delivering = null;
      }
      await this.wakeForNext();
      return sent;
    })();
    return this.delivering;
  }

  /** The job's tick: a round only when something is due (idle, one indexed read, no lock taken). */
  async deliverIfDue(): Promise<number> {
    if (this.delivering) return this.delivering;
    const next = await this.nextDueMs();
    return next !== null && next <= 0 ? this.deliverDue() : 0;
  }

  /** Rounds also start when the next waiting message falls due (a retry), not only on the job's timer. */
  private async wakeForNext() {
    if (this.stopped) return;
    const ms = await this.nextDueMs().catch(() => null);
    if (ms === null || this.stopped) return;
    if (this.wake) clearTimeout(this.wake);
    this.wake = setTimeout(
      () => {
        this.wake = null;
        this.kick();
      },
      Math.min(Math.max(0, ms) + 50, 10 * 60_000),
    );
    this.wake.unref();
  }

  /** Milliseconds until the next waiting message is due (≤ 0: due now), or null when none waits. */
  private async nextDueMs(): Promise<number | null> {
    const [row] = await this.deps
      .em()
      .execute<{ ms: string | null }[]>(
        `select extract(epoch from min(due_at) - now()) * 1000 as ms from notifications where state in ('PENDING', 'SENDING')`,
      );
    return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
  }

  /**
   * Claims due messages under a transaction-scoped advisory lock (one claimer at a time across
   * instances): at most `perSecond` claimed in the last second, at most one per user, none for
   * a user who got one in the last second. A SENDING row past its lease is due again. Times are
   * the clock's after the lock (`clock_timestamp()`), not the transaction's start: a claimer that
   * waited for the lock must not date its claims before the previous holder's.
   */
  private async claim(): Promise<Claimed[]> {
    const { perSecond, leaseSeconds } = this.deps.delivery;
    return this.deps.em().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('notifications-claim'))`);
      return tx.execute<Claimed[]>(
        `with clock as (select clock_timestamp() as t), due as (
           select id, user_id from notifications
           where state in ('PENDING', 'SENDING') and due_at <= (select t from clock)
           order by id limit 2000
         ), recent as (
           -- The last second's claims, read once through the claimed_at index (not once per due
           -- row: a user with thousands waiting made that a scan of their rows for each).
           select user_id from notifications where claimed_at > (select t from clock) - interval '1 second'
         ), firsts as (
           select distinct on (user_id) id from due
           where user_id not in (select user_id from recent)
           order by user_id, id
         ), picked as (
           select id from firsts order by id
           limit greatest(0, ? - (select count(*) from recent))
         )
         update notifications n
         set state = 'SENDING', claimed_at = (select t from clock), due_at = (select t from clock) + make_interval(secs => ?), attempts = attempts + 1
         from users u
         where n.id in (select id from picked) and u.id = n.user_id
         returning n.id, n.user_id, n.type, n.channel, n.text, n.subject, n.path, n.attempts,
                   u.telegram_chat_id as chat_id, u.telegram_language as language, coalesce(n.email_to, u.email) as email`,
        [perSecond, leaseSeconds],
      );
    });
  }

  private async deliverOne(n: Claimed): Promise<boolean> {
    const result = n.channel === 'TELEGRAM' ? await this.sendTelegram(n) : await this.sendMail(n);
    const em = this.deps.em();
    if (result.ok) {
      await em.execute(`update notifications set state = 'SENT', sent_at = now(), error = null where id = ?`, [n.id]);
      return true;
    }
    if (result.blocked) {
      // Blocked the bot: unlinked (and what waits for that chat skipped), never retried.
      this.deps.log.info({ userId: n.user_id }, 'notifications: the user blocked the bot; unlinked');
      await em.execute(`update notifications set state = 'SKIPPED', error = ? where id = ?`, [result.error, n.id]);
      await this.deps.unlink(em, n.user_id);
      return false;
    }
    const giveUp = !result.retry || n.attempts >= this.deps.delivery.maxAttempts;
    await em.execute(
      `update notifications set state = ?, error = ?, due_at = now() + make_interval(secs => ?) where id = ?`,
      [giveUp ? 'FAILED' : 'PENDING', result.error, Math.min(300, 2 ** Math.min(n.attempts, 9)), n.id],
    );
    if (giveUp) this.deps.log.warn({ id: n.id, error: result.error }, 'notifications: given up');
    return false;
  }

  private async sendTelegram(n: Claimed): Promise<SendResult> {
    const bot = this.deps.bot;
    if (!bot || !n.chat_id)
      return { ok: false, blocked: false, retry: false, error: 'Telegram is not linked or configured' };
    const label = buttonLabel(n.type as NotificationType, messageLanguage(n.language));
    return bot.send(Number(n.chat_id), n.text.replaceAll(APP_URL_MARK, this.deps.appUrl()), { label, path: n.path });
  }

  private async sendMail(n: Claimed): Promise<SendResult> {
    try {
      await this.deps.mailer.send({
        to: n.email,
        subject: n.subject,
        text: `${n.text.replaceAll(APP_URL_MARK, this.deps.appUrl())}\n\n${this.deps.appUrl()}${n.path}\n`,
      });
      return { ok: true };
    } catch (err) {
      return { ok: false, blocked: false, retry: true, error: (err as Error).message };
    }
  }

  /** Stops taking new rounds and waits for the running one (its claimed rows are sent and marked). */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.wake) clearTimeout(this.wake);
    await this.delivering?.catch(() => {});
  }
}
