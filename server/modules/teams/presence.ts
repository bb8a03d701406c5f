import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../failures.ts';
import type { PubSub } from '../../lib/pubsub.ts';

/** What a page can be open on, for presence. */
export const PRESENCE_OBJECTS = ['project', 'campaign', 'app', 'offer'] as const;
export type PresenceObject = (typeof PRESENCE_OBJECTS)[number];

/** One person with the page open: editing while their form holds unsaved changes. */
export interface PresencePerson {
  userId: number;
  name: string;
  editing: boolean;
}

/** What one instance says it has open on a page, every second and at each change. */
interface Beat {
  instance: string;
  people: PresencePerson[];
}

const OWNERS: Record<PresenceObject, string> = {
  project: 'select 1 from projects where id = ? and owner_id = ?',
  campaign: 'select 1 from campaigns where id = ? and owner_id = ? and deleted_at is null',
  app: 'select 1 from platforms where id = ? and owner_id = ?',
  // An offer has two accounts: each sees only its own people on it (the topic is the account's).
  offer: 'select 1 from exchange_offers where id = ? and ? in (proposer_id, partner_id)',
};
/** How often an instance repeats what it has open, and how long a silent one is believed. */
const BEAT_MS = 1000;
const FORGET_MS = 2500;

/**
 * Who else from the account has a page open, across instances, through the shared pub/sub: each
 * instance repeats its own viewers of a page every second and at once when one comes or goes;
 * every viewer's subscription merges what the instances say and forgets an instance silent for
 * 2.5 s (a crashed one). The topic is the account's, so nobody outside it ever hears it.
 */
export class Presence {
  private readonly instance = randomUUID();
  /** This instance's viewers by topic (one entry per subscription). */
  private readonly local = new Map<string, Map<symbol, PresencePerson>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pubsub: PubSub) {}

  /** The page's viewers as they change, for `person` acting on `accountId` (404 if not the account's). */
  async watch(
    em: EntityManager,
    accountId: number,
    person: { id: number; name: string },
    object: PresenceObject,
    objectId: number,
    editing: boolean,
  ): Promise<AsyncIterableIterator<PresencePerson[]>> {
    const [owned] = await em.execute(OWNERS[object], [objectId, accountId]);
    if (!owned) throw fail('PRESENCE_OBJECT_NOT_FOUND');
    const topic = `presence:${accountId}:${object}:${objectId}`;
    const events = await this.pubsub.subscribe<Beat>(topic);
    const me = Symbol(person.name);
    const viewers = this.local.get(topic) ?? new Map<symbol, PresencePerson>();
    this.local.set(topic, viewers);
    viewers.set(me, { userId: person.id, name: person.name, editing });
    this.start();
    void this.beat(topic);
    return merged(events, () => {
      viewers.delete(me);
      if (!viewers.size) this.local.delete(topic);
      void this.beat(topic);
      if (!this.local.size) this.stop();
    });
  }

  private beat(topic: string) {
    const people = [...(this.local.get(topic)?.values() ?? [])];
    return this.pubsub.publish(topic, { instance: this.instance, people } satisfies Beat).catch(() => undefined);
  }

  private start() {
    this.timer ??= setInterval(() => {
      for (const topic of this.local.keys()) void this.beat(topic);
    }, BEAT_MS);
    this.timer.unref();
  }

  private stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  close() {
    this.stop();
    this.local.clear();
  }
}

/** The viewers the instances report, merged (one line a person; editing if any of their tabs is). */
function merged(events: AsyncIterableIterator<Beat>, leave: () => void): AsyncIterableIterator<PresencePerson[]> {
  const heard = new Map<string, { people: PresencePerson[]; at: number }>();
  let last = '';
  const waker: { wake: (() => void) | null } = { wake: null };
  let done = false;
  const ticker = setInterval(() => waker.wake?.(), 500);
  ticker.unref();
  const pending: Beat[] = [];
  void (async () => {
    for await (const beat of events) {
      pending.push(beat);
      waker.wake?.();
      if (done) break;
    }
  })();
  const current = () => {
    const now = Date.now();
    const byPerson = new Map<number, PresencePerson>();
    for (const [instance, h] of heard) {
      if (now - h.at > FORGET_MS) {
        heard.delete(instance);
        continue;
      }
      for (const p of h.people) {
        const known = byPerson.get(p.userId);
        byPerson.set(p.userId, { ...p, editing: p.editing || (known?.editing ?? false) });
      }
    }
    return [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
  };
  const finish = async () => {
    if (done) return { done: true as const, value: undefined };
    done = true;
    clearInterval(ticker);
    leave();
    await events.return?.();
    waker.wake?.();
    return { done: true as const, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      for (;;) {
        if (done) return { done: true, value: undefined };
        while (pending.length) {
          const beat = pending.shift()!;
          heard.set(beat.instance, { people: beat.people, at: Date.now() });
        }
        const people = current();
        const key = JSON.stringify(people);
        if (key !== last) {
          last = key;
          return { done: false, value: people };
        }
        await new Promise<void>((resolve) => {
          waker.wake = resolve;
        });
        waker.wake = null;
      }
    },
    return: finish,
    throw: async (err?: unknown) => {
      await finish();
      throw err;
    },
  };
}
