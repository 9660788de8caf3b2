import { connectOnRequestPath, orFallback, type RedisConnect } from '../redis.ts';

/**
 * Where snapshots live, each under a key (one per tutor, say). Each invalidation of a key starts a new generation
 * of it, so a rebuild that was running when the data changed is stored under its old generation and never served
 * as current.
 */
export interface SnapshotStore {
  generation(key: string): Promise<number>;
  bump(key: string): Promise<void>;
  /** Starts a new generation of every key (a cache flush). */
  bumpAll(): Promise<void>;
  read(key: string, generation: number): Promise<string | null>;
  write(key: string, generation: number, value: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/** In-process store: the default, and enough for one server instance. */
export function memorySnapshotStore(): SnapshotStore {
  const keys = new Map<string, { generation: number; entry?: { value: string; expiresAt: number } }>();
  const generationOf = (key: string) => keys.get(key)?.generation ?? 0;
  return {
    generation: async (key) => generationOf(key),
    bump: async (key) => void keys.set(key, { generation: generationOf(key) + 1 }),
    bumpAll: async () => {
      for (const [key, { generation }] of keys) keys.set(key, { generation: generation + 1 });
    },
    read: async (key, g) => {
      const entry = generationOf(key) === g ? keys.get(key)?.entry : undefined;
      return entry && entry.expiresAt > Date.now() ? entry.value : null;
    },
    // A build that outlived its generation is dropped, so it cannot push out the current one.
    write: async (key, g, value, ttlMs) => {
      if (generationOf(key) === g) keys.set(key, { generation: g, entry: { value, expiresAt: Date.now() + ttlMs } });
    },
    close: async () => undefined,
  };
}

/**
 * How long a key's generation is kept after its last rebuild or invalidation: one per student who ever changed
 * something would otherwise pile up. Once it lapses, every snapshot written under it has long aged out, so the
 * count may start again from nothing.
 */
export const GENERATION_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

/** Redis store: instances share snapshots and invalidations (`prefix:key:gen` and `prefix:key:<generation>`). */
export function redisSnapshotStore(connect: RedisConnect, prefix: string): SnapshotStore {
  const redis = connectOnRequestPath(connect);
  const generationKey = (key: string) => `${prefix}:${key}:gen`;
  const bump = async (key: string) =>
    void (await redis.multi().incr(generationKey(key)).pexpire(generationKey(key), GENERATION_LIFE_MS).exec());
  return {
    generation: async (key) => Number((await redis.get(generationKey(key))) ?? 0),
    bump,
    // Every key with a snapshot or a generation, found by its stored names; the other instances see the new
    // generations on their next read, as they see one key's.
    async bumpAll() {
      const names = new Set<string>();
      for await (const found of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
        for (const stored of found) names.add(stored.slice(prefix.length + 1, stored.lastIndexOf(':')));
      }
      for (const name of names) await bump(name);
    },
    read: (key, g) => redis.get(`${prefix}:${key}:${g}`),
    // A rebuild renews the generation's life (PEXPIRE leaves a missing one missing, as generation 0 is).
    write: async (key, g, value, ttlMs) =>
      void (await redis
        .multi()
        .set(`${prefix}:${key}:${g}`, value, 'PX', ttlMs)
        .pexpire(generationKey(key), GENERATION_LIFE_MS)
        .exec()),
    close: async () => void (await redis.quit()),
  };
}

/**
 * Redis, and this process while Redis is away (reads rebuild from the database there). An invalidation that Redis
 * missed may leave a stale snapshot in it: once Redis answers again, every shared snapshot starts a new generation
 * first, so each is rebuilt.
 */
export function resilientSnapshotStore(shared: SnapshotStore, local = memorySnapshotStore()): SnapshotStore {
  let missedInvalidation = false;
  const missed = () => {
    missedInvalidation = true;
  };
  /** Before the first shared use after an outage that lost an invalidation. */
  async function mend() {
    if (!missedInvalidation) return;
    missedInvalidation = false;
    await shared.bumpAll().catch((error: unknown) => {
      missedInvalidation = true;
      throw error;
    });
  }
  const either = <T>(use: (store: SnapshotStore) => Promise<T>, onFailure?: () => void) =>
    orFallback(
      async () => {
        await mend();
        return use(shared);
      },
      () => use(local),
      onFailure,
    );
  return {
    generation: (key) => either((store) => store.generation(key)),
    bump: async (key) => {
      await local.bump(key);
      await either((store) => (store === local ? Promise.resolve() : store.bump(key)), missed);
    },
    bumpAll: async () => {
      await local.bumpAll();
      await either((store) => (store === local ? Promise.resolve() : store.bumpAll()), missed);
    },
    read: (key, g) => either((store) => store.read(key, g)),
    write: (key, g, value, ttlMs) => either((store) => store.write(key, g, value, ttlMs)),
    close: async () => void (await Promise.allSettled([shared.close(), local.close()])),
  };
}

export interface KeyedSnapshotCacheOptions<K extends string | number, T> {
  store: SnapshotStore;
  /** How long a snapshot serves before it is rebuilt even without an invalidation. */
  ttlMs: number;
  /** Builds one key's snapshot; it must survive JSON (Dates do not). A build that throws caches nothing. */
  build: (key: K) => Promise<T>;
}

/**
 * Cached snapshots, one per key, with single-flight rebuilds: however many requests find a key's snapshot missing
 * at once, one rebuild runs per instance and the others wait for its result, so a cold cache under load costs
 * the database one rebuild per key. Each parsed snapshot is also kept in memory while its generation is current.
 */
export function createKeyedSnapshotCache<K extends string | number, T>(options: KeyedSnapshotCacheOptions<K, T>) {
  const { store, ttlMs } = options;
  const inflight = new Map<string, Promise<T>>();
  const local = new Map<string, { generation: number; value: T; expiresAt: number }>();

  async function load(key: K, generation: number): Promise<T> {
    const name = String(key);
    const stored = await store.read(name, generation);
    let value: T;
    if (stored !== null) value = JSON.parse(stored) as T;
    else {
      value = await options.build(key);
      await store.write(name, generation, JSON.stringify(value), ttlMs);
    }
    local.set(name, { generation, value, expiresAt: Date.now() + ttlMs });
    return value;
  }

  return {
    async get(key: K): Promise<T> {
      const name = String(key);
      const generation = await store.generation(name);
      const kept = local.get(name);
      if (kept && kept.generation === generation && kept.expiresAt > Date.now()) return kept.value;
      const flight = `${name}:${generation}`;
      let pending = inflight.get(flight);
      if (!pending) {
        pending = load(key, generation).finally(() => inflight.delete(flight));
        inflight.set(flight, pending);
      }
      return pending;
    },

    /** The key's data changed: its next request rebuilds (here and on every instance sharing the store). */
    async invalidate(key: K): Promise<void> {
      local.delete(String(key));
      await store.bump(String(key));
    },

    close: () => store.close(),
  };
}

export type KeyedSnapshotCache<K extends string | number, T> = ReturnType<typeof createKeyedSnapshotCache<K, T>>;

export interface SnapshotCacheOptions<T> extends Omit<KeyedSnapshotCacheOptions<string, T>, 'build'> {
  build: () => Promise<T>;
}

/** One cached snapshot (the keyed cache with a single key). */
export function createSnapshotCache<T>(options: SnapshotCacheOptions<T>) {
  const cache = createKeyedSnapshotCache<string, T>({ ...options, build: () => options.build() });
  return {
    get: () => cache.get('all'),
    /** The data changed: the next request rebuilds (here and on every instance sharing the store). */
    invalidate: () => cache.invalidate('all'),
    close: cache.close,
  };
}

export type SnapshotCache<T> = ReturnType<typeof createSnapshotCache<T>>;
