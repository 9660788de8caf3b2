import type { InvalidationBus, InvalidationTopic } from './invalidation-bus.ts';

/**
 * Values each instance keeps in memory for `ttlMs` by key, all forgotten on every instance when `topic` is
 * published (after the change commits). A read that began before a forget does not keep what it read, and
 * concurrent misses of one key share one load (fifty clients on a cold list make one query, not fifty).
 */
export function createSharedCache<T>(bus: InvalidationBus, topic: InvalidationTopic, ttlMs: number) {
  const kept = new Map<string, { value: T; until: number }>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;
  bus.subscribe(topic, () => {
    generation += 1;
    kept.clear();
    loading.clear();
  });

  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = kept.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const shared = loading.get(key);
      if (shared) return shared;
      const started = generation;
      const pending = load();
      loading.set(key, pending);
      try {
        const value = await pending;
        if (started === generation) kept.set(key, { value, until: Date.now() + ttlMs });
        return value;
      } finally {
        if (loading.get(key) === pending) loading.delete(key);
      }
    },
    /** Every instance forgets every key (call after the change commits). */
    forget: () => bus.publish(topic),
  };
}
