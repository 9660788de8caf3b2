import { Redis } from 'ioredis';

/**
 * Where snapshots live. Each invalidation starts a new generation, so a rebuild that was running when the data
 * changed is stored under its old generation and never served as current.
 */
export interface SnapshotStore {
  generation(): Promise<number>;
  bump(): Promise<void>;
  read(generation: number): Promise<string | null>;
  write(generation: number, value: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/** In-process store: the default, and enough for one server instance. */
export function memorySnapshotStore(): SnapshotStore {
  let generation = 0;
  let entry: { generation: number; value: string; expiresAt: number } | undefined;
  return {
    generation: async () => generation,
    bump: async () => {
      generation += 1;
      entry = undefined;
    },
    read: async (g) => (entry && entry.generation === g && entry.expiresAt > Date.now() ? entry.value : null),
    write: async (g, value, ttlMs) => {
      entry = { generation: g, value, expiresAt: Date.now() + ttlMs };
    },
    close: async () => undefined,
  };
}

/** Redis store: instances share snapshots and invalidations (`prefix:gen` and `prefix:<generation>`). */
export function redisSnapshotStore(url: string, prefix: string): SnapshotStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const generationKey = `${prefix}:gen`;
  return {
    generation: async () => Number((await redis.get(generationKey)) ?? 0),
    bump: async () => void (await redis.incr(generationKey)),
    read: (g) => redis.get(`${prefix}:${g}`),
    write: async (g, value, ttlMs) => void (await redis.set(`${prefix}:${g}`, value, 'PX', ttlMs)),
    close: async () => void (await redis.quit()),
  };
}

export interface SnapshotCacheOptions<T> {
  store: SnapshotStore;
  /** How long a snapshot serves before it is rebuilt even without an invalidation. */
  ttlMs: number;
  build: () => Promise<T>;
}

/**
 * A cached snapshot with single-flight rebuilds: however many requests find it missing at once, one rebuild runs
 * per instance and the others wait for its result, so a cold cache under load costs the database one rebuild.
 * The parsed snapshot is also kept in memory while its generation is current.
 */
export function createSnapshotCache<T>(options: SnapshotCacheOptions<T>) {
  const { store, ttlMs } = options;
  const inflight = new Map<number, Promise<T>>();
  let local: { generation: number; value: T; expiresAt: number } | undefined;

  async function load(generation: number): Promise<T> {
    const stored = await store.read(generation);
    let value: T;
    if (stored !== null) value = JSON.parse(stored) as T;
    else {
      value = await options.build();
      await store.write(generation, JSON.stringify(value), ttlMs);
    }
    local = { generation, value, expiresAt: Date.now() + ttlMs };
    return value;
  }

  return {
    async get(): Promise<T> {
      const generation = await store.generation();
      if (local && local.generation === generation && local.expiresAt > Date.now()) return local.value;
      let pending = inflight.get(generation);
      if (!pending) {
        pending = load(generation).finally(() => inflight.delete(generation));
        inflight.set(generation, pending);
      }
      return pending;
    },

    /** The data changed: the next request rebuilds (here and on every instance sharing the store). */
    async invalidate(): Promise<void> {
      local = undefined;
      await store.bump();
    },

    close: () => store.close(),
  };
}

export type SnapshotCache<T> = ReturnType<typeof createSnapshotCache<T>>;
