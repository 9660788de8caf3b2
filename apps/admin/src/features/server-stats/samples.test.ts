import type { InstanceStats } from '@darsak/domain/server-stats';
import { describe, expect, it } from 'vitest';
import { addSamples, isStale, newestTime } from './samples.ts';

const at = (instanceId: string, seconds: number) =>
  ({
    instanceId,
    at: new Date(Date.UTC(2026, 10, 26, 10) + seconds * 1000).toISOString(),
    intervalSeconds: 5,
  }) as InstanceStats;

describe('the samples the page keeps', () => {
  it('keeps each sample once, in time order, per instance', () => {
    const kept = addSamples(addSamples({}, [at('a', 10), at('a', 0), at('b', 5)]), [at('a', 5), at('a', 10)]);
    expect(kept.a?.map((s) => s.at)).toEqual([at('a', 0).at, at('a', 5).at, at('a', 10).at]);
    expect(kept.b).toHaveLength(1);
    expect(newestTime(kept)).toBe(Date.parse(at('a', 10).at));
  });

  it('forgets what is older than 10 minutes before the newest sample, and instances left without samples', () => {
    const kept = addSamples({}, [at('a', 0), at('a', 300), at('b', 0)]);
    const later = addSamples(kept, [at('a', 601)]);
    expect(later.a?.map((s) => s.at)).toEqual([at('a', 300).at, at('a', 601).at]);
    expect(later.b).toBeUndefined();
  });

  it('marks an instance stale after three intervals without a sample', () => {
    const newest = Date.parse(at('a', 30).at);
    expect(isStale([at('b', 15)], newest)).toBe(false);
    expect(isStale([at('b', 10)], newest)).toBe(true);
  });
});
