import { describe, expect, it } from 'vitest';
import { createRequestMeter, EMPTY_READING, LATENCY_BOUNDS_MS, quantileMs, readingDelta } from './request-meter.ts';

describe('request meter', () => {
  it('counts answers by class and puts each time in its bucket (a bound belongs to its bucket)', () => {
    const meter = createRequestMeter();
    meter.record(200, 0.4);
    meter.record(404, 1);
    meter.record(422, 1.01);
    meter.record(503, 40_000);
    const reading = meter.read();
    expect(reading).toMatchObject({ requests: 4, errors4xx: 2, errors5xx: 1 });
    expect(reading.sumMs).toBeCloseTo(40_002.41);
    expect(reading.buckets[0]).toBe(2);
    expect(reading.buckets[1]).toBe(1);
    expect(reading.buckets[LATENCY_BOUNDS_MS.length]).toBe(1);
  });

  it('gives a reading that later counts do not change, and the difference of two readings', () => {
    const meter = createRequestMeter();
    meter.record(200, 5);
    const first = meter.read();
    meter.record(500, 5);
    meter.record(200, 80);
    const delta = readingDelta(meter.read(), first);
    expect(first.requests).toBe(1);
    expect(delta).toMatchObject({ requests: 2, errors4xx: 0, errors5xx: 1, sumMs: 85 });
    expect(delta.buckets.reduce((a, b) => a + b, 0)).toBe(2);
    expect(readingDelta(first, EMPTY_READING).requests).toBe(1);
  });
});

describe('p95 of a histogram', () => {
  const histogramOf = (times: number[]) => {
    const meter = createRequestMeter();
    for (const ms of times) meter.record(200, ms);
    return meter.read().buckets;
  };

  it('is null without requests', () => {
    expect(quantileMs(EMPTY_READING.buckets, 0.95)).toBeNull();
  });

  it('falls in the bucket of the 95th time, interpolated inside it', () => {
    // 95 fast answers (≤ 1 ms) and 5 slow ones between 200 and 300 ms: the 95th is the last fast one.
    const times = [...Array.from({ length: 95 }, () => 0.5), 250, 250, 250, 250, 250];
    expect(quantileMs(histogramOf(times), 0.95)).toBe(1);
    // 90 fast and 10 slow: the 95th is the 5th of 10 in the 200–300 ms bucket, half way.
    const slower = [...Array.from({ length: 90 }, () => 0.5), ...Array.from({ length: 10 }, () => 250)];
    expect(quantileMs(histogramOf(slower), 0.95)).toBe(250);
  });

  it('stays within its bucket and 10 % of the true p95 for spread-out times', () => {
    const times = Array.from({ length: 1000 }, (_, i) => (i + 1) * 0.7); // 0.7 … 700 ms, true p95 = 665
    const p95 = quantileMs(histogramOf(times), 0.95) as number;
    expect(p95).toBeGreaterThan(500);
    expect(p95).toBeLessThanOrEqual(750);
    expect(Math.abs(p95 - 665) / 665).toBeLessThan(0.1);
  });

  it('reports times past the last bound as that bound', () => {
    expect(quantileMs(histogramOf([60_000, 90_000]), 0.95)).toBe(LATENCY_BOUNDS_MS.at(-1));
  });
});
