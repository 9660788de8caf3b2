import { describe, expect, it, vi } from 'vitest';
import { memoryInvalidationBus } from './invalidation-bus.ts';
import { createSharedCache } from './shared-cache.ts';

const setUp = () => createSharedCache<number>(memoryInvalidationBus(), 'public-plans', 60_000);

describe('shared cache', () => {
  it('loads a key once, and once for many concurrent misses', async () => {
    const cache = setUp();
    const load = vi.fn(async () => 7);
    expect(await Promise.all(Array.from({ length: 50 }, () => cache.get('a', load)))).toEqual(Array(50).fill(7));
    expect(await cache.get('a', load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets every key when told, and keeps nothing a load read before the forget', async () => {
    const cache = setUp();
    await cache.get('a', async () => 1);
    await cache.forget();
    expect(await cache.get('a', async () => 2)).toBe(2);
    let release: (n: number) => void = () => undefined;
    const inFlight = cache.get('b', () => new Promise<number>((resolve) => (release = resolve)));
    await cache.forget();
    release(3);
    expect(await inFlight).toBe(3);
    expect(await cache.get('b', async () => 4)).toBe(4);
  });
});
