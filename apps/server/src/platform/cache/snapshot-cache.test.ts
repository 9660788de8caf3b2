import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type RedisConnect, redisConnector } from '../redis.ts';
import {
  createKeyedSnapshotCache,
  createSnapshotCache,
  GENERATION_LIFE_MS,
  memorySnapshotStore,
  redisSnapshotStore,
  type SnapshotStore,
} from './snapshot-cache.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A build that takes a while and counts its runs, like a rebuild from the database. */
function slowBuild(ms = 30) {
  const counter = { builds: 0 };
  const build = async () => {
    counter.builds += 1;
    const n = counter.builds;
    await sleep(ms);
    return { n };
  };
  return { counter, build };
}

const stores: SnapshotStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

const REDIS_URL = process.env.REDIS_URL;
const kinds: [string, () => SnapshotStore][] = [['memory', () => memorySnapshotStore()]];
const redis = REDIS_URL ? await redisConnector(REDIS_URL, { warn: () => undefined, info: () => undefined }) : undefined;
/** A store on the test Redis (the tests that call it run only where REDIS_URL is set). */
const redisStore = (prefix: string) => redisSnapshotStore(redis as RedisConnect, prefix);
if (redis) kinds.push(['redis', () => redisStore(`darsak:test:${randomUUID()}`)]);

describe.each(kinds)('snapshot cache (%s)', (_name, makeStore) => {
  it('50 requests on a cold cache cause one rebuild; the others wait for it', async () => {
    const store = makeStore();
    stores.push(store);
    const { counter, build } = slowBuild();
    const cache = createSnapshotCache({ store, ttlMs: 60_000, build });
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.get()));
    expect(counter.builds).toBe(1);
    expect(new Set(results.map((r) => r.n))).toEqual(new Set([1]));
    await cache.get();
    expect(counter.builds).toBe(1);
  });

  it('rebuilds after an invalidation, and never keeps a build that started before it', async () => {
    const store = makeStore();
    stores.push(store);
    const { counter, build } = slowBuild(50);
    const cache = createSnapshotCache({ store, ttlMs: 60_000, build });
    const stale = cache.get();
    await sleep(10);
    await cache.invalidate();
    expect((await stale).n).toBe(1);
    expect((await cache.get()).n).toBe(2);
    expect((await cache.get()).n).toBe(2);
    expect(counter.builds).toBe(2);
  });

  it('rebuilds once the snapshot has aged out', async () => {
    const store = makeStore();
    stores.push(store);
    const { counter, build } = slowBuild(1);
    const cache = createSnapshotCache({ store, ttlMs: 40, build });
    await cache.get();
    await sleep(60);
    await cache.get();
    expect(counter.builds).toBe(2);
  });

  it('keeps one snapshot per key: invalidating a key rebuilds that key alone', async () => {
    const store = makeStore();
    stores.push(store);
    const builds: number[] = [];
    const cache = createKeyedSnapshotCache({
      store,
      ttlMs: 60_000,
      build: async (tutorId: number) => {
        builds.push(tutorId);
        return { tutorId, n: builds.length };
      },
    });
    await Promise.all([cache.get(1), cache.get(1), cache.get(2)]);
    expect(builds).toEqual([1, 2]);
    await cache.invalidate(1);
    expect(await cache.get(1)).toEqual({ tutorId: 1, n: 3 });
    expect(await cache.get(2)).toEqual({ tutorId: 2, n: 2 });
    expect(builds).toEqual([1, 2, 1]);
  });

  it('caches nothing when a build fails, so the next request tries again', async () => {
    const store = makeStore();
    stores.push(store);
    let fail = true;
    const cache = createKeyedSnapshotCache({
      store,
      ttlMs: 60_000,
      build: async (key: string) => {
        if (fail) throw new Error(`no ${key}`);
        return key;
      },
    });
    await expect(cache.get('a')).rejects.toThrow('no a');
    fail = false;
    expect(await cache.get('a')).toBe('a');
  });
});

describe.runIf(REDIS_URL)('snapshot cache shared through Redis', () => {
  it('lets a second instance read the first one’s snapshot and see its invalidation', async () => {
    const prefix = `darsak:test:${randomUUID()}`;
    const [a, b] = [redisStore(prefix), redisStore(prefix)];
    stores.push(a, b);
    const first = slowBuild();
    const second = slowBuild();
    const one = createSnapshotCache({ store: a, ttlMs: 60_000, build: first.build });
    const two = createSnapshotCache({ store: b, ttlMs: 60_000, build: second.build });
    await one.get();
    await two.get();
    expect([first.counter.builds, second.counter.builds]).toEqual([1, 0]);
    await one.invalidate();
    await two.get();
    expect(second.counter.builds).toBe(1);
  });

  it('keeps a generation for a week after its last rebuild or invalidation, not forever', async () => {
    const prefix = `darsak:test:${randomUUID()}`;
    const store = redisStore(prefix);
    const raw = (redis as RedisConnect)({});
    stores.push(store);
    const cache = createKeyedSnapshotCache({ store, ttlMs: 60_000, build: async (key: number) => ({ key }) });
    const lifeLeft = () => raw.pttl(`${prefix}:7:gen`);
    await cache.get(7);
    expect(await lifeLeft()).toBe(-2); // generation 0 is no key at all
    await cache.invalidate(7);
    expect(await lifeLeft()).toBeGreaterThan(GENERATION_LIFE_MS - 60_000);
    await raw.pexpire(`${prefix}:7:gen`, 60_000);
    await cache.get(7);
    expect(await lifeLeft()).toBeGreaterThan(GENERATION_LIFE_MS - 60_000);
    await raw.quit();
  });
});
