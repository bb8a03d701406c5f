import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createPubSub, observePublishes } from '../lib/pubsub.ts';

/**
 * Step 2 of buildApp: live events (pub/sub in process, or over Redis for several instances)
 * and the Redis client for shared rate limits. Areas may listen to what this instance
 * publishes (`onPublish`); `onResync` is set once the WebSocket server exists (after a Redis
 * outage its clients reconnect and refetch).
 */
export async function startLive(config: Config, log: Logger, cleanups: (() => Promise<void>)[]) {
  let resync = () => {};
  const scope = redisScope(config.databaseUrl);
  const base = await createPubSub(
    config.redisUrl,
    {
      onError: (err) => log.error({ err }, 'Redis unreachable: live events are not delivered until it is back'),
      onResync: () => resync(),
    },
    `live:${scope}`,
  );
  cleanups.push(() => base.close());
  const listeners: ((topic: string, payload: unknown) => void)[] = [];
  const pubsub = observePublishes(base, (topic, payload) => {
    for (const listener of listeners) listener(topic, payload);
  });

  let redis: Redis | undefined;
  if (config.redisUrl) {
    const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, keyPrefix: scope });
    // Rate limits count in memory while Redis is away (rate-limit.ts); ioredis reconnects.
    let reported = false;
    client.on('error', (err) => {
      if (!reported) log.warn({ err }, 'Redis unreachable: rate limits count per instance until it is back');
      reported = true;
    });
    client.on('ready', () => {
      reported = false;
    });
    redis = client;
    cleanups.push(async () => void client.disconnect());
  }

  return {
    pubsub,
    redis,
    onPublish: (listener: (topic: string, payload: unknown) => void) => void listeners.push(listener),
    onResync: (fn: () => void) => {
      resync = fn;
    },
  };
}

/**
 * What the instances of one deployment share in Redis, named by their database: its events and
 * rate limits are theirs alone, so two deployments (or two test runs) on one Redis never hear
 * each other's (the same user ids exist in both). `host:port/db:`; none for the embedded database.
 */
export function redisScope(databaseUrl?: string): string {
  if (!databaseUrl) return '';
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}:`;
  } catch {
    return '';
  }
}
