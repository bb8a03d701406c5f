import { Redis } from 'ioredis';

/** One pub/sub for live events: in-process by default, Redis when several instances run. */
export interface PubSub {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves once the subscription is live, so no event published afterwards is missed. */
  subscribe<T>(topic: string): Promise<AsyncIterableIterator<T>>;
  close(): Promise<void>;
}

export const topics = {
  balance: (userId: number) => `balance:${userId}`,
  registrationRequests: () => 'registration-requests',
  transactions: (userId: number) => `transactions:${userId}`,
  withdrawals: () => 'withdrawals',
  /** The payout hot wallet's balances and alert (finance). */
  payoutWallet: () => 'payout-wallet',
  projectTasks: (projectId: number) => `project-tasks:${projectId}`,
  campaignStats: (projectId: number) => `campaign-stats:p${projectId}`,
  ownerCampaignStats: (userId: number) => `campaign-stats:u${userId}`,
  platformStats: (platformId: number) => `platform-stats:p${platformId}`,
  ownerPlatformStats: (userId: number) => `platform-stats:u${userId}`,
  /** An app's quality or exclusion count changed: per app, and to its owner for all of theirs. */
  platformQuality: (platformId: number) => `platform-quality:p${platformId}`,
  ownerPlatformQuality: (userId: number) => `platform-quality:u${userId}`,
  rewardCallbacks: (platformId: number) => `reward-callbacks:${platformId}`,
  awaitingOffers: (userId: number) => `awaiting-offers:${userId}`,
  deals: (userId: number) => `deals:${userId}`,
  playerReports: () => 'player-reports',
  campaignReviews: () => 'campaign-reviews',
  /** Sessions ended (`{ ids }`): every instance closes their live sockets. */
  sessionsEnded: () => 'sessions-ended',
  /** A user's Telegram link changed (`{ telegram: { id, username } | null }`). */
  telegramLink: (userId: number) => `telegram-link:${userId}`,
  /** Notifications were written: this instance delivers them at once. */
  notificationsDue: () => 'notifications-due',
  /** Something a showcase lists changed (an app's services or awards, across instances). */
  showcaseChanged: () => 'showcase-changed',
};

/**
 * The same pub/sub, with `onPublish` told of every topic this process publishes to, at once and
 * before the event goes out (so a cache can drop what an event says changed before the
 * request that made the change answers).
 */
export function observePublishes(pubsub: PubSub, onPublish: (topic: string, payload: unknown) => void): PubSub {
  return {
    publish(topic, payload) {
      onPublish(topic, payload);
      return pubsub.publish(topic, payload);
    },
    subscribe: (topic) => pubsub.subscribe(topic),
    close: () => pubsub.close(),
  };
}

type Listener = (payload: unknown) => void;

/** Local fan-out shared by both implementations: topic → listeners. */
class Fanout {
  private readonly listeners = new Map<string, Set<Listener>>();

  deliver(topic: string, payload: unknown) {
    const set = this.listeners.get(topic);
    if (!set) return;
    for (const l of set) l(payload);
  }

  /** Returns true when this is the first listener of the topic. */
  add(topic: string, l: Listener): boolean {
    let set = this.listeners.get(topic);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(l);
    return first;
  }

  /** Returns true when the topic has no listener left. */
  remove(topic: string, l: Listener): boolean {
    const set = this.listeners.get(topic);
    if (!set) return false;
    set.delete(l);
    if (set.size === 0) {
      this.listeners.delete(topic);
      return true;
    }
    return false;
  }

  iterator<T>(topic: string, onFirst: () => void, onLast: () => void): AsyncIterableIterator<T> {
    const queue: T[] = [];
    let waiting: ((r: IteratorResult<T>) => void) | null = null;
    let done = false;
    const listener: Listener = (payload) => {
      if (done) return;
      if (waiting) {
        const w = waiting;
        waiting = null;
        w({ value: payload as T, done: false });
      } else queue.push(payload as T);
    };
    if (this.add(topic, listener)) onFirst();
    const finish = (): Promise<IteratorResult<T>> => {
      if (!done) {
        done = true;
        queue.length = 0;
        if (this.remove(topic, listener)) onLast();
        waiting?.({ value: undefined, done: true });
        waiting = null;
      }
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next: () => {
        if (queue.length) return Promise.resolve({ value: queue.shift() as T, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((r) => {
          waiting = r;
        });
      },
      return: finish,
      throw: (err) => {
        void finish();
        return Promise.reject(err);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

export class MemoryPubSub implements PubSub {
  private readonly fanout = new Fanout();

  async publish(topic: string, payload: unknown) {
    this.fanout.deliver(topic, payload);
  }

  async subscribe<T>(topic: string) {
    return this.fanout.iterator<T>(
      topic,
      () => {},
      () => {},
    );
  }

  async close() {}
}

export interface RedisPubSubEvents {
  /** A publish failed (reported once per outage, not once per event). */
  onError?: (err: unknown) => void;
  /**
   * The subscriber connection came back after an outage: the events published meanwhile are
   * lost, so whoever shows live data should make its clients refetch.
   */
  onResync?: () => void;
}

/**
 * Redis pub/sub: one SUBSCRIBE per topic with local listeners, so an event published on
 * any instance reaches subscribers on all of them. Payloads travel as JSON.
 *
 * While Redis is down, publishing is skipped at once (the data is committed; only the live
 * event is lost) rather than waiting on reconnection, new subscriptions wait for Redis, and
 * ioredis re-subscribes every channel when it reconnects; then `onResync` runs.
 */
export class RedisPubSub implements PubSub {
  private readonly fanout = new Fanout();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly onError: (err: unknown) => void;
  private down = false;

  constructor(url: string, prefix = 'live:', events: RedisPubSubEvents = {}) {
    this.prefix = prefix;
    this.onError = events.onError ?? (() => {});
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    const lost = (err: unknown) => {
      if (this.down) return;
      this.down = true;
      this.onError(err);
    };
    this.pub.on('error', lost);
    this.sub.on('error', lost);
    // After an outage, resync once both connections are back: only then are events both
    // published and received again, so a client that refetches now misses nothing.
    let interrupted = false;
    const closed = () => {
      interrupted = true;
    };
    this.pub.on('close', closed);
    this.sub.on('close', closed);
    const ready = () => {
      if (this.pub.status !== 'ready' || this.sub.status !== 'ready') return;
      this.down = false;
      if (interrupted) {
        interrupted = false;
        events.onResync?.();
      }
    };
    this.pub.on('ready', ready);
    this.sub.on('ready', ready);
    this.sub.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return;
      }
      this.fanout.deliver(channel.slice(this.prefix.length), payload);
    });
  }

  private readonly prefix: string;

  /** Resolves once both connections are up, so a test can publish right after. */
  async ready(): Promise<void> {
    // The publisher first: it gives up after a few retries when Redis is not there at all.
    await this.pub.ping();
    await this.sub.ping();
  }

  async publish(topic: string, payload: unknown) {
    // Live events are best effort once the data is committed: never wait for a Redis that is
    // away (the request that committed would hang), and report the outage once.
    if (this.pub.status !== 'ready') {
      if (!this.down) {
        this.down = true;
        this.onError(new Error(`Redis is not connected (${this.pub.status}); live events are skipped until it is`));
      }
      return;
    }
    try {
      await this.pub.publish(this.prefix + topic, JSON.stringify(payload));
    } catch (err) {
      this.onError(err);
    }
  }

  private readonly acks = new Map<string, Promise<unknown>>();

  async subscribe<T>(topic: string) {
    const channel = this.prefix + topic;
    const iterator = this.fanout.iterator<T>(
      topic,
      () => this.acks.set(topic, this.sub.subscribe(channel)),
      () => {
        this.acks.delete(topic);
        void this.sub.unsubscribe(channel).catch(() => {});
      },
    );
    try {
      await this.acks.get(topic);
    } catch (err) {
      await iterator.return?.();
      throw err;
    }
    return iterator;
  }

  async close() {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

export async function createPubSub(
  redisUrl?: string,
  events: RedisPubSubEvents = {},
  prefix = 'live:',
): Promise<PubSub> {
  if (!redisUrl) return new MemoryPubSub();
  const ps = new RedisPubSub(redisUrl, prefix, events);
  await ps.ready();
  return ps;
}
