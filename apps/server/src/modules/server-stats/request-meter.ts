import type { FastifyInstance } from 'fastify';

/**
 * Counts the API's answers at almost no cost per request, for the admins' live page: a few integer increments into
 * preallocated typed arrays, no allocation. Response times go into a fixed histogram (milliseconds), cumulative
 * since start; the sampler takes the difference between two readings for an interval's p95 and rates. (Prometheus
 * reads its own histogram, per route: platform/metrics.)
 */

/** Upper bounds of the latency buckets in milliseconds; a last bucket takes everything slower. */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000, 30_000,
] as const;
const BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** Counts since the process started (a copy, safe to keep while the meter goes on counting). */
export interface MeterReading {
  requests: number;
  errors4xx: number;
  errors5xx: number;
  /** Per bucket (not cumulative), the last one above the highest bound. */
  buckets: Float64Array;
  /** Sum of all response times, in milliseconds. */
  sumMs: number;
}

export function createRequestMeter() {
  const buckets = new Float64Array(BUCKETS);
  let requests = 0;
  let errors4xx = 0;
  let errors5xx = 0;
  let sumMs = 0;

  return {
    record(statusCode: number, elapsedMs: number) {
      requests++;
      if (statusCode >= 500) errors5xx++;
      else if (statusCode >= 400) errors4xx++;
      sumMs += elapsedMs;
      let i = 0;
      while (i < LATENCY_BOUNDS_MS.length && elapsedMs > (LATENCY_BOUNDS_MS[i] as number)) i++;
      buckets[i] = (buckets[i] as number) + 1;
    },
    read(): MeterReading {
      return { requests, errors4xx, errors5xx, sumMs, buckets: buckets.slice() };
    },
  };
}
export type RequestMeter = ReturnType<typeof createRequestMeter>;

export const EMPTY_READING: MeterReading = {
  requests: 0,
  errors4xx: 0,
  errors5xx: 0,
  sumMs: 0,
  buckets: new Float64Array(BUCKETS),
};

/** What happened between two readings of the same meter. */
export function readingDelta(later: MeterReading, earlier: MeterReading): MeterReading {
  return {
    requests: later.requests - earlier.requests,
    errors4xx: later.errors4xx - earlier.errors4xx,
    errors5xx: later.errors5xx - earlier.errors5xx,
    sumMs: later.sumMs - earlier.sumMs,
    buckets: later.buckets.map((count, i) => count - (earlier.buckets[i] as number)),
  };
}

/**
 * The q-quantile (0.95 for p95) of a histogram, interpolated linearly inside its bucket; null when empty. Times
 * past the last bound are reported as that bound (the histogram knows no more).
 */
export function quantileMs(buckets: Float64Array, q: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const count = buckets[i] as number;
    if (count > 0 && seen + count >= rank) {
      const low = i === 0 ? 0 : (LATENCY_BOUNDS_MS[i - 1] as number);
      const high = LATENCY_BOUNDS_MS[i] ?? low;
      return low + (high - low) * ((rank - seen) / count);
    }
    seen += count;
  }
  return LATENCY_BOUNDS_MS.at(-1) as number;
}

/**
 * Counts every answer of `app`. Call it before any route plugin is registered: Fastify gives a plugin the hooks
 * its parent has when the plugin is created.
 */
export function installRequestMeter(app: FastifyInstance): RequestMeter {
  const meter = createRequestMeter();
  app.addHook('onResponse', (_request, reply, done) => {
    meter.record(reply.statusCode, reply.elapsedTime);
    done();
  });
  return meter;
}
