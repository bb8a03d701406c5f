import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit for `key`; true while the key stays within `limit` hits a window. */
  hit(key: string): Promise<boolean>;
}

/** Fixed one-minute windows. Redis-backed when instances share a Redis, else in memory. */
export function createRateLimiter(limit: number, redis?: Redis, windowMs = 60_000): RateLimiter {
  if (redis) {
    return {
      async hit(key) {
        const bucket = `rl:${key}:${Math.floor(Date.now() / windowMs)}`;
        const [[, count]] = (await redis.multi().incr(bucket).pexpire(bucket, windowMs).exec()) as [[null, number]];
        return count <= limit;
      },
    };
  }
  const counts = new Map<string, { window: number; count: number }>();
  return {
    async hit(key) {
      const window = Math.floor(Date.now() / windowMs);
      const entry = counts.get(key);
      if (!entry || entry.window !== window) {
        // Forget only finished windows: clearing everything would reset a key under attack.
        if (counts.size > 10_000) for (const [k, e] of counts) if (e.window !== window) counts.delete(k);
        counts.set(key, { window, count: 1 });
        return 1 <= limit;
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
}
