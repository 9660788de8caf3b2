import { type InstanceStats, SERVER_STATS_HISTORY_SECONDS } from '@darsak/domain/server-stats';

/** The samples the page keeps: per instance, oldest first. */
export type SamplesByInstance = Readonly<Record<string, readonly InstanceStats[]>>;

const HISTORY_MS = SERVER_STATS_HISTORY_SECONDS * 1000;
/** An instance whose last sample is this many intervals older than the newest one has stopped reporting. */
const STALE_AFTER_INTERVALS = 3;

const timeOf = (sample: InstanceStats) => Date.parse(sample.at);

/** The newest sample time of all instances: the page's "now", in the servers' clock rather than the browser's. */
export const newestTime = (byInstance: SamplesByInstance): number =>
  Math.max(0, ...Object.values(byInstance).flatMap((samples) => samples.slice(-1).map(timeOf)));

/**
 * Adds samples (from the snapshot or the channel), once each, in time order, and forgets what is older than the
 * history the page draws (10 minutes before the newest sample), with instances left without samples.
 */
export function addSamples(byInstance: SamplesByInstance, incoming: readonly InstanceStats[]): SamplesByInstance {
  if (incoming.length === 0) return byInstance;
  const next: Record<string, InstanceStats[]> = {};
  for (const [id, samples] of Object.entries(byInstance)) next[id] = [...samples];
  for (const sample of incoming) {
    const samples = next[sample.instanceId] ?? [];
    if (!samples.some((kept) => kept.at === sample.at)) next[sample.instanceId] = [...samples, sample];
  }
  const horizon = newestTime(next) - HISTORY_MS;
  const kept: Record<string, InstanceStats[]> = {};
  for (const [id, samples] of Object.entries(next)) {
    const recent = samples.filter((s) => timeOf(s) >= horizon).sort((a, b) => timeOf(a) - timeOf(b));
    if (recent.length > 0) kept[id] = recent;
  }
  return kept;
}

/** Whether an instance's samples stopped arriving (it stopped, or lost its connection to Redis). */
export function isStale(samples: readonly InstanceStats[], newest: number): boolean {
  const last = samples.at(-1);
  return !last || newest - timeOf(last) > STALE_AFTER_INTERVALS * last.intervalSeconds * 1000 + 1000;
}
