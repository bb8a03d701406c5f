import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit for `key`; true while the key stays within `limit` (the limiter's own by default) hits a window. */
  hit(key: string, limit?: number): Promise<boolean>;
  /** Takes back one hit of `key` in the current window (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Takes the one slot named `key` for `ms`; false while somebody else holds it. */
  claim(key: string, ms: number): Promise<boolean>;
  /**
   * `hit` counted at once where the count is this instance's own (in memory: no Redis, or
   * Redis away); undefined where it is shared and has to be asked (then call `hit`).
   */
  hitNow?(key: string, limit?: number): boolean | undefined;
}

/** Seconds until the limiter's current one-minute window ends (a refusal's Retry-After). */
export function secondsLeftInMinute(): number {
  return Math.max(1, Math.ceil((60_000 - (Date.now() % 60_000)) / 1000));
}

/**
 * Fixed one-minute windows. Redis-backed when instances share a Redis, else in memory. While
 * Redis is down the instance counts in memory (per instance, so a little more lenient) instead
 * of waiting for it or failing the request: signing in keeps working through a Redis restart.
 */
export function createRateLimiter(limit: number, redis?: Redis, windowMs = 60_000): RateLimiter {
  const memory = memoryLimiter(limit, windowMs);
  if (!redis) return memory;
  const bucket = (key: string) => `rl:${key}:${Math.floor(Date.now() / windowMs)}`;
  const ready = () => redis.status === 'ready';
  return {
    hitNow: (key, max = limit) => (ready() ? undefined : memory.hitNow!(key, max)),
    async hit(key, max = limit) {
      if (!ready()) return memory.hit(key, max);
      const name = bucket(key);
      try {
        const [[, count]] = (await redis.multi().incr(name).pexpire(name, windowMs).exec()) as [[null, number]];
        return count <= max;
      } catch {
        return memory.hit(key, max);
      }
    },
    async undo(key) {
      if (!ready()) return memory.undo(key);
      await redis.decr(bucket(key)).catch(() => memory.undo(key));
    },
    async claim(key, ms) {
      if (!ready()) return memory.claim(key, ms);
      try {
        return (await redis.set(`rl:slot:${key}`, '1', 'PX', ms, 'NX')) === 'OK';
      } catch {
        return memory.claim(key, ms);
      }
    },
  };
}

function memoryLimiter(limit: number, windowMs: number): RateLimiter {
  // The current window's counts: a new window starts every key at zero, so the finished one is
  // dropped whole (O(1) a hit, however many keys: sweeping a full map on each new key was
  // quadratic once 10,000 players were counted in one minute).
  let window = -1;
  let counts = new Map<string, number>();
  const current = () => {
    const now = Math.floor(Date.now() / windowMs);
    if (now !== window) {
      window = now;
      counts = new Map();
    }
    return counts;
  };
  const slots = new Map<string, number>();
  let nextSweep = 0;
  const hitNow = (key: string, max = limit) => {
    const map = current();
    const count = (map.get(key) ?? 0) + 1;
    map.set(key, count);
    return count <= max;
  };
  return {
    hitNow,
    async hit(key, max = limit) {
      return hitNow(key, max);
    },
    async undo(key) {
      const map = current();
      const count = map.get(key);
      if (count) map.set(key, count - 1);
    },
    async claim(key, ms) {
      const now = Date.now();
      if ((slots.get(key) ?? 0) > now) return false;
      // Expired slots go at most once a second (not on every claim past 10,000 held).
      if (slots.size > 10_000 && now >= nextSweep) {
        nextSweep = now + 1000;
        for (const [k, until] of slots) if (until <= now) slots.delete(k);
      }
      slots.set(key, now + ms);
      return true;
    },
  };
}

/** Runs one SQL statement with `?` placeholders and answers its rows. */
export type SqlRunner = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * The same fixed windows in PostgreSQL (`rate_limit_hits`, `rate_limit_slots`), for a deployment
 * without Redis: several instances behind one database count together, and a slot taken on one
 * (a Telegram sign-in used once) is taken on all. One statement a call.
 */
export function databaseRateLimiter(limit: number, sql: SqlRunner, windowMs = 60_000): RateLimiter {
  const window = () => Math.floor(Date.now() / windowMs);
  return {
    async hit(key, max = limit) {
      const w = window();
      const [row] = await sql<{ hits: number }>(
        `insert into rate_limit_hits (key, "window", hits, expires_at) values (?, ?, 1, to_timestamp(?))
         on conflict (key, "window") do update set hits = rate_limit_hits.hits + 1 returning hits`,
        [key, w, ((w + 1) * windowMs) / 1000],
      );
      return Number(row?.hits ?? 1) <= max;
    },
    async undo(key) {
      await sql('update rate_limit_hits set hits = hits - 1 where key = ? and "window" = ? and hits > 0', [
        key,
        window(),
      ]);
    },
    async claim(key, ms) {
      const rows = await sql(
        `insert into rate_limit_slots (key, until) values (?, now() + make_interval(secs => ?))
         on conflict (key) do update set until = excluded.until where rate_limit_slots.until <= now()
         returning key`,
        [key, ms / 1000],
      );
      return rows.length > 0;
    },
  };
}
