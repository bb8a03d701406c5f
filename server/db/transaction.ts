import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../graphql/pubsub.ts';

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
  for (const [topic, payload] of events) await pubsub.publish(topic, payload);
  return result;
}
