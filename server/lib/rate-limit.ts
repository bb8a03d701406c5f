import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit for `key`; true while the key stays within `limit` hits a window. */
  hit(key: string): Promise<boolean>;
}

/**
 * Fixed one-minute windows. Redis-backed when instances share a Redis, else in memory. While
 * Redis is down the instance counts in memory (per instance, so a little more lenient) instead
 * of waiting for it or failing the request: signing in keeps working through a Redis restart.
 */
export function createRateLimiter(limit: number, redis?: Redis, windowMs = 60_000): RateLimiter {
  const memory = memoryLimiter(limit, windowMs);
  if (!redis) return memory;
  return {
    async hit(key) {
      if (redis.status !== 'ready') return memory.hit(key);
      const bucket = `rl:${key}:${Math.floor(Date.now() / windowMs)}`;
      try {
        const [[, count]] = (await redis.multi().incr(bucket).pexpire(bucket, windowMs).exec()) as [[null, number]];
        return count <= limit;
      } catch {
        return memory.hit(key);
      }
    },
  };
}

function memoryLimiter(limit: number, windowMs: number): RateLimiter {
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
