import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../lib/pubsub.ts';

export type Emit = (topic: string, payload: unknown) => void;

/**
 * Runs `work` in one database transaction and publishes the events it emitted only after
 * the commit, so no subscriber ever sees a change that was rolled back.
 */
export async function inTransaction<T>(
  em: EntityManager,
  pubsub: PubSub,
  work: (tx: EntityManager, emit: Emit) => Promise<T>,
): Promise<T> {
  const events: [string, unknown][] = [];
  const result = await em.transactional((tx) => work(tx, (topic, payload) => events.push([topic, payload])));
  // The change is committed: a pub/sub hiccup must not turn it into an error (clients refetch
  // on reconnect), so publishing never throws here.
  for (const [topic, payload] of events) await pubsub.publish(topic, payload).catch(() => {});
  return result;
}
