/**
 * Batches the keys asked for in one tick into one load (a minimal DataLoader), per request:
 * a list of 11 apps asking each for its totals makes one query, not 11.
 */
export function perRequestLoader<C extends object, K, V>(load: (ctx: C, keys: K[]) => Promise<Map<K, V>>) {
  const batches = new WeakMap<C, { keys: Set<K>; result: Promise<Map<K, V>> }>();
  return (ctx: C, key: K): Promise<V | undefined> => {
    let batch = batches.get(ctx);
    if (!batch) {
      const keys = new Set<K>();
      const result = Promise.resolve().then(() => {
        batches.delete(ctx);
        return load(ctx, [...keys]);
      });
      batch = { keys, result };
      batches.set(ctx, batch);
    }
    batch.keys.add(key);
    return batch.result.then((m) => m.get(key));
  };
}
