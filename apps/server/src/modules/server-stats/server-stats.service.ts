import { hostname } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type InstanceStats,
  type QueueDepth,
  SERVER_STATS_HISTORY_SECONDS,
  SERVER_STATS_INTERVAL_SECONDS,
} from '@darsak/domain/server-stats';
import type { FastifyBaseLogger } from 'fastify';
import { EMPTY_READING, type MeterReading, quantileMs, type RequestMeter, readingDelta } from './request-meter.ts';

export interface ServerStatsDeps {
  meter: RequestMeter;
  /** Sockets connected to this instance. */
  socketCount: () => number;
  /** The node-postgres pool's use; undefined on PGlite (no pool). */
  poolUse?: (() => { total: number; idle: number; waiting: number }) | undefined;
  queueDepths: () => Promise<QueueDepth[]>;
  publish: (stats: InstanceStats) => void;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalSeconds?: number;
}

/** A queue read slower than this is given up for the sample (PGlite's one connection may be in a transaction). */
const QUEUE_READ_TIMEOUT_MS = 2000;
const NS_PER_MS = 1e6;
const msOf = (ns: number) => (Number.isFinite(ns) ? ns / NS_PER_MS : 0);

/**
 * Samples this process every few seconds: the request meter's interval (rate, p95, errors), the event-loop delay,
 * memory, CPU, sockets, the database pool and the job queues. Each sample is kept for 10 minutes and published
 * on the `server-stats` channel.
 */
export function createServerStats(deps: ServerStatsDeps) {
  const intervalSeconds = deps.intervalSeconds ?? SERVER_STATS_INTERVAL_SECONDS;
  const keep = Math.ceil(SERVER_STATS_HISTORY_SECONDS / intervalSeconds);
  const instanceId = `${hostname()}:${process.pid}`;
  const startedAt = new Date().toISOString();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const history: InstanceStats[] = [];
  let previous: { reading: MeterReading; cpu: NodeJS.CpuUsage; at: number } = {
    reading: EMPTY_READING,
    cpu: process.cpuUsage(),
    at: performance.now(),
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let queueRead: Promise<QueueDepth[]> | undefined;

  /** The queues' depths, or null when the last read is still running or this one failed or was too slow. */
  async function readQueues(): Promise<QueueDepth[] | null> {
    if (queueRead) return null;
    const read = deps.queueDepths();
    queueRead = read;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timeout = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS);
    });
    try {
      return await Promise.race([read, late]);
    } catch {
      return null;
    } finally {
      clearTimeout(timeout);
      void read
        .catch(() => undefined)
        .finally(() => {
          if (queueRead === read) queueRead = undefined;
        });
    }
  }

  /** Measures the interval since the last sample, keeps it and returns it. */
  async function sample(): Promise<InstanceStats> {
    const queues = await readQueues();
    const now = performance.now();
    const reading = deps.meter.read();
    const cpu = process.cpuUsage();
    const seconds = Math.max((now - previous.at) / 1000, 1e-3);
    const delta = readingDelta(reading, previous.reading);
    const cpuMicros = cpu.user - previous.cpu.user + (cpu.system - previous.cpu.system);
    const memory = process.memoryUsage();
    const stats: InstanceStats = {
      instanceId,
      startedAt,
      at: new Date().toISOString(),
      intervalSeconds: seconds,
      requestsPerSecond: delta.requests / seconds,
      p95Ms: quantileMs(delta.buckets, 0.95),
      errors4xx: delta.errors4xx,
      errors5xx: delta.errors5xx,
      eventLoopDelayMs: { mean: msOf(loopDelay.mean), p99: msOf(loopDelay.percentile(99)) },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
      cpuPercent: (cpuMicros / (seconds * 1e6)) * 100,
      sockets: deps.socketCount(),
      databasePool: deps.poolUse?.() ?? null,
      queues,
    };
    loopDelay.reset();
    previous = { reading, cpu, at: now };
    history.push(stats);
    if (history.length > keep) history.splice(0, history.length - keep);
    return stats;
  }

  async function publishSample() {
    deps.publish(await sample());
  }

  return {
    instanceId,
    intervalSeconds,
    sample,
    /** Samples now and publishes the figures on the channel (the timer's step; tests call it directly). */
    publishSample,
    start() {
      loopDelay.enable();
      const step = () => publishSample().catch((err: unknown) => deps.log.warn({ err }, 'server stats sample failed'));
      timer ??= setInterval(step, intervalSeconds * 1000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      loopDelay.disable();
    },
    /** The samples kept, oldest first. */
    history: (): InstanceStats[] => [...history],
  };
}
export type ServerStats = ReturnType<typeof createServerStats>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's figures: tests publish a sample with `publishSample` instead of waiting for the timer. */
    serverStats: ServerStats;
  }
}
