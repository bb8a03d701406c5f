import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { AudienceLists, Change } from './audience-lists.ts';

const SHARE_CHANGES_MS = 100;
const SWEEP_MS = 400;
/** How far back a sweep looks again (a transaction that commits late keeps its earlier `now()`). */
const SWEEP_OVERLAP_S = 5;

/** What instances tell each other on `showcase-changed` (an empty payload: anything may have). */
interface SharedChange {
  /** The instance that tells (it heard of the change itself). */
  from?: string;
  platformId?: number;
  platformIds?: number[];
  all?: boolean;
}

/**
 * What keeps the showcase's caches true: this instance's own events, other instances' shared
 * changes (`showcase-changed`), and a sweep for rows written without an event here.
 */
export class ShowcaseFreshness {
  /** This instance, in the changes it shares (its own come back and are skipped). */
  readonly instance = randomBytes(8).toString('hex');
  private sharing: { timer: NodeJS.Timeout; change: { platformIds: number[]; all: boolean } } | null = null;
  /** Where the last sweep ended (the database's clock) and what it saw since, so each write is noted once. */
  private swept: { at: string; seen: Set<string> } | null = null;

  constructor(
    private readonly deps: {
      platforms: TtlCache<number, unknown>;
      awardLists: TtlCache<number, unknown>;
      lists: AudienceLists;
      /** Where other instances' changes are heard (absent: this instance's own only). */
      pubsub?: PubSub;
    },
  ) {}

  /**
   * Told of every event this instance publishes (before the change's request answers): a
   * campaign's counters or settings and a resource's change re-read that resource in the lists
   * read afterwards; an app's quality or exclusions its lists; a deal's the lists of its two
   * apps; an app's own change (`showcase-changed`) its row, awards and lists. Campaigns and
   * resources reach the other instances by their sweep (their rows change); apps' changes by
   * `showcase-changed`, gathered for SHARE_CHANGES_MS.
   */
  changed(topic: string, payload: unknown) {
    if (topic === topics.showcaseChanged()) {
      const p = (payload ?? {}) as SharedChange;
      if (p.from === this.instance) return;
      const platformIds = [...(p.platformIds ?? []), ...(p.platformId ? [p.platformId] : [])];
      for (const id of platformIds) {
        this.deps.platforms.delete(id);
        this.deps.awardLists.delete(id);
        this.deps.lists.note({ platformId: id });
      }
      if (p.all || !platformIds.length) this.deps.lists.note({ all: true });
      return;
    }
    if (topic.startsWith('deals:')) {
      const deal = payload as { platform?: { id: number }; partnerPlatform?: { id: number } } | null;
      for (const app of [deal?.platform, deal?.partnerPlatform]) if (app) this.deps.lists.note({ platformId: app.id });
      return;
    }
    let change: Change | null = null;
    if (topic.startsWith('campaign-stats:p')) {
      const id = (payload as { id?: number } | null)?.id;
      change = id ? { campaignIds: [id] } : { all: true };
    } else if (topic.startsWith('project-tasks:')) {
      const id = (payload as { taskId?: number } | null)?.taskId;
      change = id ? { taskIds: [id] } : { all: true };
    }
    if (change) {
      this.deps.lists.note(change);
      if ('all' in change) this.shareChange(change);
      return;
    }
    if (topic.startsWith('platform-quality:p')) {
      const change = { platformId: Number(topic.slice('platform-quality:p'.length)) };
      this.deps.lists.note(change);
      this.shareChange(change);
    }
  }

  /** Tells the other instances, at most every SHARE_CHANGES_MS, which apps changed meanwhile. */
  private shareChange(change: { platformId: number } | { all: true }) {
    if (!this.deps.pubsub) return;
    if (!this.sharing) {
      const timer = setTimeout(() => {
        const shared = this.sharing?.change;
        this.sharing = null;
        void this.deps.pubsub?.publish(topics.showcaseChanged(), { from: this.instance, ...shared });
      }, SHARE_CHANGES_MS);
      timer.unref();
      this.sharing = { timer, change: { platformIds: [], all: false } };
    }
    if ('all' in change) this.sharing.change.all = true;
    else this.sharing.change.platformIds.push(change.platformId);
  }

  /**
   * Listens for other instances' changes and sweeps for what was written without an event here;
   * resolves once listening.
   */
  async watch(em: () => EntityManager): Promise<() => Promise<void>> {
    let stopped = false;
    // The wait between sweeps, cut short by a stop (which need not wait out SWEEP_MS).
    let wake = () => {};
    const sweeping = (async () => {
      while (!stopped) {
        await new Promise<void>((r) => {
          const timer = setTimeout(r, SWEEP_MS).unref();
          wake = () => {
            clearTimeout(timer);
            r();
          };
        });
        if (!stopped) await this.sweep(em()).catch(() => undefined);
      }
    })();
    const events = this.deps.pubsub ? await this.deps.pubsub.subscribe<SharedChange>(topics.showcaseChanged()) : null;
    if (events) {
      void (async () => {
        for await (const e of events) this.changed(topics.showcaseChanged(), e);
      })();
    }
    return async () => {
      stopped = true;
      wake();
      if (this.sharing) clearTimeout(this.sharing.timer);
      void events?.return?.();
      await sweeping;
    };
  }

  /**
   * Campaigns and resources written since the last sweep (by any instance or by hand), and
   * daily caps that a new day lifted: noted as changes. Only while this instance holds lists.
   */
  async sweep(em: EntityManager) {
    if (!this.deps.lists.size) {
      this.swept = null;
      return;
    }
    const [r] = await em.execute<{ now: string; rows: [string, number, string][] }[]>(
      `select now()::text as now, coalesce(json_agg(json_build_array(kind, id, at)), '[]') as rows from (
         select 'c' as kind, id, updated_at::text as at from campaigns
          where updated_at > coalesce(?::timestamptz, now()) - make_interval(secs => ?)
         union all
         select 't', id, updated_at::text from tasks
          where updated_at > coalesce(?::timestamptz, now()) - make_interval(secs => ?)
         union all
         select 'c', id, today_date::text from campaigns
          where daily_cap is not null and today_conversions >= daily_cap and deleted_at is null
            and today_date = (now() at time zone 'utc')::date - 1) x`,
      [this.swept?.at ?? null, SWEEP_OVERLAP_S, this.swept?.at ?? null, SWEEP_OVERLAP_S],
    );
    const seen = new Set<string>();
    const campaignIds: number[] = [];
    const taskIds: number[] = [];
    for (const [kind, id, at] of r.rows) {
      const key = `${kind}${id}|${at}`;
      seen.add(key);
      if (this.swept?.seen.has(key)) continue;
      (kind === 'c' ? campaignIds : taskIds).push(id);
    }
    this.swept = { at: r.now, seen };
    if (campaignIds.length) this.deps.lists.note({ campaignIds });
    if (taskIds.length) this.deps.lists.note({ taskIds });
  }
}
