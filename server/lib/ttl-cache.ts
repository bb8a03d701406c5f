/**
 * A small in-process cache: entries live until their own expiry (milliseconds since the epoch)
 * and the oldest go first past `max` entries. Not shared between instances: what it holds must
 * be allowed to be as old as the expiry its caller chose.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();

  constructor(private readonly max: number) {}

  get(key: K, now = Date.now()): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V, expires: number): void {
    this.map.delete(key);
    this.map.set(key, { value, expires });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  /** The cached value, or `load()`'s (one load per key at a time: concurrent callers share it). */
  async through(key: K, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const p = load().then(
      (value) => {
        this.loading.delete(key);
        this.set(key, value, Date.now() + ttlMs);
        return value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, p);
    return p;
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  private readonly loading = new Map<K, Promise<V>>();
}
