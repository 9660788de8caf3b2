import type { InstanceStats } from '@darsak/domain/server-stats';
import { LATENCY_BOUNDS_MS, type MeterReading } from './request-meter.ts';

/** The content type of Prometheus's text exposition format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Labels = {}) => {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
};

/** Lines of one metric family: its help and type, then one sample per label set. */
function family(name: string, type: 'counter' | 'gauge', help: string, samples: Array<[Labels, number]>): string[] {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...samples.map(([l, v]) => `${name}${labelText(l)} ${v}`),
  ];
}
const one = (name: string, type: 'counter' | 'gauge', help: string, value: number) =>
  family(name, type, help, [[{}, value]]);

function latencyHistogram(counts: MeterReading): string[] {
  const name = 'darsak_http_request_duration_seconds';
  const lines = [`# HELP ${name} Response times of the API.`, `# TYPE ${name} histogram`];
  let cumulative = 0;
  counts.buckets.forEach((count, i) => {
    cumulative += count;
    const bound = LATENCY_BOUNDS_MS[i];
    lines.push(`${name}_bucket{le="${bound === undefined ? '+Inf' : bound / 1000}"} ${cumulative}`);
  });
  lines.push(`${name}_sum ${counts.sumMs / 1000}`, `${name}_count ${counts.requests}`);
  return lines;
}

/** Figures of the last sampled interval and of its end (memory, sockets, pool, queues). */
function sampled(stats: InstanceStats): string[] {
  const pool = stats.databasePool;
  return [
    ...one(
      'darsak_http_requests_per_second',
      'gauge',
      'Requests per second over the last interval.',
      stats.requestsPerSecond,
    ),
    ...(stats.p95Ms === null
      ? []
      : one(
          'darsak_http_p95_seconds',
          'gauge',
          '95th percentile response time of the last interval.',
          stats.p95Ms / 1000,
        )),
    ...family('darsak_event_loop_delay_seconds', 'gauge', 'Event-loop delay over the last interval.', [
      [{ stat: 'mean' }, stats.eventLoopDelayMs.mean / 1000],
      [{ stat: 'p99' }, stats.eventLoopDelayMs.p99 / 1000],
    ]),
    ...one('process_resident_memory_bytes', 'gauge', 'Resident set size.', stats.memory.rssBytes),
    ...family('darsak_heap_bytes', 'gauge', 'V8 heap.', [
      [{ kind: 'used' }, stats.memory.heapUsedBytes],
      [{ kind: 'total' }, stats.memory.heapTotalBytes],
    ]),
    ...one('darsak_cpu_percent', 'gauge', 'Process CPU over the last interval, percent of one core.', stats.cpuPercent),
    ...one('darsak_sockets', 'gauge', 'Realtime sockets connected to this instance.', stats.sockets),
    ...(pool
      ? family('darsak_db_pool', 'gauge', 'node-postgres pool clients.', [
          [{ state: 'total' }, pool.total],
          [{ state: 'idle' }, pool.idle],
          [{ state: 'waiting' }, pool.waiting],
        ])
      : []),
    ...(stats.queues
      ? family(
          'darsak_job_queue_jobs',
          'gauge',
          'Jobs per queue and state.',
          stats.queues.flatMap((q) => [
            [{ queue: q.name, state: 'ready' }, q.ready] as [Labels, number],
            [{ queue: q.name, state: 'deferred' }, q.deferred] as [Labels, number],
            [{ queue: q.name, state: 'active' }, q.active] as [Labels, number],
          ]),
        )
      : []),
  ];
}

/**
 * This instance's figures in Prometheus's text format: counters and the latency histogram since start (for
 * `rate()` and `histogram_quantile()`), and the sampled figures the admin page shows, as gauges.
 */
export function prometheusText(input: {
  instanceId: string;
  startedAt: string;
  counts: MeterReading;
  cpuSeconds: number;
  latest: InstanceStats | undefined;
}): string {
  const { counts, latest } = input;
  const lines = [
    ...family('darsak_instance_info', 'gauge', 'The instance these figures are of.', [
      [{ instance_id: input.instanceId }, 1],
    ]),
    ...one(
      'process_start_time_seconds',
      'gauge',
      'Start of the process, Unix seconds.',
      Date.parse(input.startedAt) / 1000,
    ),
    ...one('process_cpu_seconds_total', 'counter', 'User and system CPU time.', input.cpuSeconds),
    ...one('darsak_http_requests_total', 'counter', 'Requests answered.', counts.requests),
    ...family('darsak_http_errors_total', 'counter', 'Error answers by class.', [
      [{ class: '4xx' }, counts.errors4xx],
      [{ class: '5xx' }, counts.errors5xx],
    ]),
    ...latencyHistogram(counts),
    ...(latest ? sampled(latest) : []),
  ];
  return `${lines.join('\n')}\n`;
}
