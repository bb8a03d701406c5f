import { fail } from '../../failures.ts';
import { fetch as undiciFetch } from 'undici';
import type { OutboundPolicy } from '../../lib/outbound.ts';
import { callbackDeliveriesTotal } from '../../lib/metrics.ts';
import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { decryptSecret } from '../../lib/secrets.ts';
import { formatMoney } from '../../lib/money.ts';
import type { User } from '../users/user.entity.ts';

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body, keyed with the app's secret key>`. */
export const SIGNATURE_HEADER = 'X-Taskgram-Signature';

export function signBody(body: string, secretKey: string): string {
  return `sha256=${createHmac('sha256', secretKey).update(body).digest('hex')}`;
}

export interface CallbackAttemptView {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface CallbackView {
  id: number;
  conversionId: number;
  url: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  attemptLog: CallbackAttemptView[];
}

/** Raw rows (`em.execute`) carry timestamps as PostgreSQL's text, not Date: ISO either way. */
const iso = (value: Date | string) => new Date(value).toISOString();

/** Backoff before attempt n+1: 10 s, 20 s, 40 s … capped at 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60 * 1000);
}

/**
 * Reward callbacks to the publisher's server. The conversion writes an outbox row in its own
 * transaction, so a callback is never lost; delivery happens right after the commit and, when
 * it fails, again with backoff from the background job. Every attempt is logged for the publisher.
 */
export class CallbacksService {
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly deps: {
      em: () => EntityManager;
      /** Where callbacks may go (no private or local addresses, checked after DNS). */
      outbound: OutboundPolicy;
      pubsub: PubSub;
      secretsKey: Buffer;
      maxAttempts: number;
      log: Logger;
      timeoutMs?: number;
    },
  ) {
    this.dispatcher = deps.outbound.dispatcher();
  }

  private readonly dispatcher: ReturnType<OutboundPolicy['dispatcher']>;

  /** Delivers one callback now, without waiting (after a conversion commits). */
  kick(id: number) {
    void this.deliver(id).catch((err) => this.deps.log.warn({ err, callback: id }, 'reward callback failed'));
  }

  /** Delivers every due callback (the background job). */
  async deliverDue(batch = 50): Promise<number> {
    const due = await this.deps
      .em()
      .execute<{ id: string }[]>(
        `select id from reward_callbacks where status = 'PENDING' and next_attempt_at <= now() order by next_attempt_at limit ?`,
        [batch],
      );
    let delivered = 0;
    for (const { id } of due) if (await this.deliver(Number(id))) delivered++;
    return delivered;
  }

  /**
   * One attempt; true when delivered. The row is claimed with a one-minute lease first (an
   * atomic update), so two instances never send it at once and no transaction stays open
   * during the HTTP call.
   */
  async deliver(id: number): Promise<boolean> {
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    try {
      const em = this.deps.em();
      const cb = await this.claim(em, id);
      if (!cb) return false;
      const { body, secret } = await this.payload(em, cb);
      const attempt = cb.attempts + 1;
      const started = Date.now();
      const { statusCode, error } = await this.post(cb, { body, secret, attempt });
      const durationMs = Date.now() - started;
      const ok = error === null;
      const failed = !ok && attempt >= this.deps.maxAttempts;
      await this.record(em, cb, { attempt, statusCode, error, durationMs, ok, failed });
      callbackDeliveriesTotal.inc({ outcome: ok ? 'delivered' : failed ? 'failed' : 'retry' });
      await this.deps.pubsub.publish(topics.rewardCallbacks(cb.platform_id), { id: Number(cb.id) }).catch(() => {});
      return ok;
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** The callback, if due, pushed a minute on (so another round does not take it meanwhile). */
  private async claim(em: EntityManager, id: number): Promise<DueCallback | undefined> {
    const [cb] = await em.execute<DueCallback[]>(
      `update reward_callbacks set next_attempt_at = now() + interval '1 minute'
      where id = ? and status = 'PENDING' and next_attempt_at <= now()
      returning id, url, attempts, platform_id, conversion_id`,
      [id],
    );
    return cb;
  }

  /** The signed body: the conversion, the app's awards for its task type, the publisher's revenue. */
  private async payload(em: EntityManager, cb: DueCallback): Promise<{ body: string; secret: string }> {
    const [v] = await em.execute<
      {
        secret_key_enc: string;
        campaign_id: number;
        player_id: string;
        task_type: string;
        publisher_amount: string;
        created_at: Date | string;
      }[]
    >(
      `select p.secret_key_enc, v.campaign_id, v.player_id, v.task_type, v.publisher_amount::text as publisher_amount,
            v.created_at
       from conversions v join platforms p on p.id = v.platform_id where v.id = ?`,
      [cb.conversion_id],
    );
    const awards = await em.execute<{ title: string; value: number }[]>(
      `select pr.title, sa.value from platform_services s
       join platform_service_awards sa on sa.service_id = s.id
       join platform_rewards pr on pr.id = sa.platform_reward_id
      where s.platform_id = ? and s.task_type = ? order by sa.id`,
      [cb.platform_id, v.task_type],
    );
    const body = JSON.stringify({
      event: 'conversion',
      conversionId: Number(cb.conversion_id),
      platformId: cb.platform_id,
      campaignId: v.campaign_id,
      playerId: Number(v.player_id),
      taskType: v.task_type,
      awards,
      revenue: formatMoney(BigInt(v.publisher_amount)),
      createdAt: iso(v.created_at),
    });
    const secret = decryptSecret(this.deps.secretsKey, v.secret_key_enc);
    return { body, secret };
  }

  /** One POST to the app's URL; answers its status and what went wrong, if anything. */
  private async post(cb: DueCallback, { body, secret, attempt }: { body: string; secret: string; attempt: number }) {
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await undiciFetch(cb.url, {
        dispatcher: this.dispatcher,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signBody(body, secret),
          'X-Taskgram-Event': 'conversion',
          'X-Taskgram-Delivery': `${cb.id}-${attempt}`,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? 5000),
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => {});
      if (res.status < 200 || res.status >= 300) error = `The server answered ${res.status}`;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const refused = e.cause?.code === 'EADDRNOTALLOWED';
      if (refused)
        this.deps.log.warn({ callback: cb.id, url: cb.url, reason: e.cause?.message }, 'reward callback refused');
      error = refused
        ? `Refused: ${e.cause?.message}`
        : e.name === 'TimeoutError'
          ? 'No answer within 5 seconds'
          : e.cause?.code
            ? `Could not connect: ${e.cause.code}`
            : e.message;
    }
    return { statusCode, error };
  }

  /** The attempt in the log, and the callback's state: delivered, failed for good, or due again after a backoff. */
  private async record(
    em: EntityManager,
    cb: DueCallback,
    r: {
      attempt: number;
      statusCode: number | null;
      error: string | null;
      durationMs: number;
      ok: boolean;
      failed: boolean;
    },
  ) {
    const { attempt, statusCode, error, durationMs, ok, failed } = r;
    await em.transactional(async (tx) => {
      await tx.execute(
        'insert into reward_callback_attempts (callback_id, attempt, status_code, error, duration_ms) values (?, ?, ?, ?, ?)',
        [cb.id, attempt, statusCode, error?.slice(0, 500) ?? null, durationMs],
      );
      await tx.execute(
        `update reward_callbacks set attempts = ?, last_status_code = ?, last_error = ?, status = ?,
              delivered_at = case when ? then now() else null end,
              next_attempt_at = now() + (? * interval '1 millisecond')
        where id = ?`,
        [
          attempt,
          statusCode,
          error?.slice(0, 500) ?? null,
          ok ? 'DELIVERED' : failed ? 'FAILED' : 'PENDING',
          ok,
          ok || failed ? 0 : backoffMs(attempt),
          cb.id,
        ],
      );
    });
  }

  /** The app's recent callbacks with their attempts (the publisher's delivery log). */
  async list(em: EntityManager, owner: User, platformId: number, limit = 50): Promise<CallbackView[]> {
    const [platform] = await em.execute<{ id: number }[]>('select id from platforms where id = ? and owner_id = ?', [
      platformId,
      owner.id,
    ]);
    if (!platform) throw fail('PLATFORM_NOT_FOUND');
    const rows = await em.execute<
      {
        id: string;
        conversion_id: string;
        url: string;
        status: CallbackView['status'];
        attempts: number;
        next_attempt_at: Date | string;
        last_status_code: number | null;
        last_error: string | null;
        created_at: Date | string;
        delivered_at: Date | string | null;
      }[]
    >('select * from reward_callbacks where platform_id = ? order by id desc limit ?', [platformId, limit]);
    const ids = rows.map((r) => r.id);
    const attempts = ids.length
      ? await em.execute<
          {
            callback_id: string;
            attempt: number;
            at: Date | string;
            status_code: number | null;
            error: string | null;
            duration_ms: number;
          }[]
        >(
          `select * from reward_callback_attempts where callback_id in (${ids.map(() => '?').join(', ')}) order by id`,
          ids,
        )
      : [];
    return rows.map((r) => ({
      id: Number(r.id),
      conversionId: Number(r.conversion_id),
      url: r.url,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.status === 'PENDING' ? iso(r.next_attempt_at) : null,
      lastStatusCode: r.last_status_code,
      lastError: r.last_error,
      createdAt: iso(r.created_at),
      deliveredAt: r.delivered_at ? iso(r.delivered_at) : null,
      attemptLog: attempts
        .filter((a) => a.callback_id === r.id)
        .map((a) => ({
          attempt: a.attempt,
          at: iso(a.at),
          statusCode: a.status_code,
          error: a.error,
          durationMs: a.duration_ms,
        })),
    }));
  }
}

/** A callback claimed for one delivery attempt. */
interface DueCallback {
  id: string;
  url: string;
  attempts: number;
  platform_id: number;
  conversion_id: string;
}
