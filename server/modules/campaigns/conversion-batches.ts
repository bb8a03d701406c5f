import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../db/prepared.ts';
import { isDatabaseUnreachable } from '../../errors.ts';
import { conversionBatchSize } from '../../lib/metrics.ts';

export interface ConversionRequest {
  clickCode: string;
  keyHash: string | null;
  isNew: boolean;
}

/**
 * What a batch item leaves for the batch to fill in (`p_summary` false): the app's totals and the
 * publisher's balances, read once per batch after its last item.
 */
export interface Summarised {
  result: string;
  publisherId?: number;
  campaign?: { id: number };
  platform?: {
    platformId: number;
    campaignId?: number;
    platformCompleted: number | null;
    platformRevenue: string | null;
  };
  accounts?: unknown[] | null;
  /**
   * Which live events this answer carries for its batch: a campaign's, an app's and a
   * publisher's totals after the batch go out once, with the batch's last completion of each
   * (every completion's answer already holds the totals after the batch).
   */
  live?: { campaign: boolean; platform: boolean; balances: boolean };
}

interface BatchAnswer<R> {
  results: R[];
  platforms: Record<string, { completed: number; revenue: string }> | null;
  accounts: Record<string, unknown[] | null> | null;
}

interface Waiting<R> {
  em: EntityManager;
  request: ConversionRequest;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/** At most this many batches are in the database at once; later events wait and form the next ones. */
export const BATCHES_IN_FLIGHT = 2;
/** Items per batch: bounds how long one transaction holds its rows (about 0.1 ms of the database per item, as sets). */
export const MAX_BATCH = 256;

/**
 * Group commit for conversion events. An event that finds fewer than `BATCHES_IN_FLIGHT`
 * batches in the database goes at once (alone when it is alone); events that arrive while they
 * are all busy wait and go together. Either way it is one `record_conversions` call: one round
 * trip, one transaction, one commit, and the batch is processed as sets (its SQL file): a busy
 * app's rows (its publisher's account, its rollups, the campaign's counters) are written once
 * per batch instead of once per event.
 *
 * Every answer is given after its transaction committed, so an acknowledged conversion is
 * durable and a retried event answers DUPLICATE. A batch that fails for any reason but an
 * unreachable database is rolled back whole and its events are run one by one, each with its
 * own answer or error.
 */
export class ConversionBatches<R extends Summarised> {
  /** Units waiting for a batch: one event, or one request's events (at most MAX_BATCH), never split. */
  private queue: Waiting<R>[][] = [];
  private queued = 0;
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly params: () => { feePercent: number; premiumPercent: number },
    /** Batches in the database at once; 0 turns batching off (every event alone, at once). */
    private readonly inFlightLimit: () => number = () => BATCHES_IN_FLIGHT,
  ) {}

  async submit(em: EntityManager, request: ConversionRequest): Promise<R> {
    const [result] = await this.submitUnit(em, [request]);
    return result;
  }

  /**
   * One request's events, decided in the order they were sent: they go into one batch
   * together (processed in order by the SQL function), and a request of more than MAX_BATCH
   * events goes in consecutive batches, each sent once the one before has committed. So of two
   * equal events the first completes and the second is DUPLICATE, and a budget that runs out
   * pays the earliest events. Events of other requests may commit in between.
   */
  async submitMany(em: EntityManager, requests: readonly ConversionRequest[]): Promise<R[]> {
    const results: R[] = [];
    for (let i = 0; i < requests.length; i += MAX_BATCH) {
      results.push(...(await this.submitUnit(em, requests.slice(i, i + MAX_BATCH))));
    }
    return results;
  }

  private async submitUnit(em: EntityManager, requests: readonly ConversionRequest[]): Promise<R[]> {
    if (this.inFlightLimit() === 0) {
      // Batching off: each event alone, one after the other.
      const results: R[] = [];
      for (const request of requests) {
        results.push(await new Promise<R>((resolve, reject) => void this.alone({ em, request, resolve, reject })));
      }
      return results;
    }
    const unit: Waiting<R>[] = [];
    // The executors run at once: the unit holds the events in their order.
    const answers = requests.map(
      (request) => new Promise<R>((resolve, reject) => unit.push({ em, request, resolve, reject })),
    );
    this.queue.push(unit);
    this.queued += unit.length;
    if (!this.scheduled && this.inFlight < this.inFlightLimit()) {
      this.scheduled = true;
      // After this turn's I/O callbacks: the events that arrived with it join the batch.
      setImmediate(() => {
        this.scheduled = false;
        this.dispatch();
      });
    }
    // One failure fails the unit (the database away): the caller answers an error for all of it.
    return Promise.all(answers);
  }

  /**
   * Sends what is queued, in as many batches as there are free slots, and keeps one share back:
   * under a steady load the events that wait are the next batch, sent the moment a slot frees,
   * while the application answers the callers of the last one (one batch of everything would
   * leave the database idle while those callers are answered and come back). A unit is never
   * split across batches.
   */
  private dispatch() {
    const limit = this.inFlightLimit();
    while (this.inFlight < limit && this.queue.length > 0) {
      const share = Math.min(MAX_BATCH, Math.ceil(this.queued / (limit - this.inFlight + 1)));
      const batch: Waiting<R>[] = [];
      while (this.queue.length && (batch.length === 0 || batch.length + this.queue[0].length <= share)) {
        batch.push(...this.queue.shift()!);
      }
      this.queued -= batch.length;
      this.inFlight++;
      void this.run(batch);
    }
  }

  /**
   * Runs one batch. The next batch (the events that queued meanwhile) is sent as soon as this
   * one's answer is in, before this one's callers go on to publish and answer: the database
   * does not wait for the application between two batches.
   */
  private async run(batch: Waiting<R>[]) {
    conversionBatchSize.observe(batch.length);
    let settle: () => void;
    try {
      settle = await this.many(batch);
    } finally {
      this.inFlight--;
      this.dispatch();
    }
    settle();
  }

  private async many(batch: Waiting<R>[]): Promise<() => void> {
    const { feePercent, premiumPercent } = this.params();
    let answer: BatchAnswer<R>;
    try {
      const [row] = await queryPrepared<{ r: BatchAnswer<R> }>(
        batch[0].em,
        'record_conversions',
        'select record_conversions($1, $2, $3, $4, $5) as r',
        [
          batch.map((w) => w.request.clickCode),
          batch.map((w) => w.request.keyHash),
          batch.map((w) => w.request.isNew),
          feePercent,
          premiumPercent,
        ],
      );
      answer = row.r;
    } catch (err) {
      if (isDatabaseUnreachable(err) || batch.length === 1) {
        return () => {
          for (const w of batch) w.reject(err);
        };
      }
      // Nothing of the batch committed: each event on its own, so only a bad one fails; one
      // after the other, in the batch's order, so the events are still decided as they came.
      const settles: (() => void)[] = [];
      for (const w of batch) settles.push(await this.many([w]));
      return () => {
        for (const settle of settles) settle();
      };
    }
    return () => {
      const results = answer.results.map((r) => summarise(answer, r));
      markLive(results);
      for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
    };
  }

  /** One event alone (batching off), answered at once. */
  private async alone(w: Waiting<R>) {
    (await this.many([w]))();
  }
}

/** Marks, for each campaign, app and publisher, the batch's last completion as the one that publishes. */
function markLive(results: Summarised[]) {
  const seen = new Set<string>();
  const first = (key: string) => !seen.has(key) && !!seen.add(key);
  for (let i = results.length - 1; i >= 0; i--) {
    const r = results[i];
    if (r.result !== 'COMPLETED') continue;
    r.live = {
      campaign: first(`c${r.campaign?.id}`),
      platform: first(`p${r.platform?.platformId}:${r.platform?.campaignId}`),
      balances: first(`u${r.publisherId}`),
    };
  }
}

/** One item's answer with its batch's totals and balances, as `record_conversion` alone gives it. */
function summarise<R extends Summarised>(answer: BatchAnswer<R>, r: R): R {
  if (r.result !== 'COMPLETED') return r;
  const totals = r.platform ? answer.platforms?.[r.platform.platformId] : undefined;
  return {
    ...r,
    ...(r.platform && totals
      ? { platform: { ...r.platform, platformCompleted: totals.completed, platformRevenue: totals.revenue } }
      : {}),
    accounts: (r.publisherId !== undefined ? answer.accounts?.[r.publisherId] : null) ?? [],
  };
}
