import type { CallPath, CallQualityInput } from '@darsak/domain/sessions';

/** The running totals of a peer connection's stats at one moment: a report is the difference of two. */
export interface StatsTotals {
  at: number;
  bytesSent: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  freezes: number;
}

/** What `getStats` says now: the totals, and the path and round trip of the candidate pair in use. */
export interface StatsReading {
  totals: StatsTotals;
  path: CallPath | null;
  rttMs: number | null;
  jitterMs: number | null;
}

type Stat = Record<string, unknown> & { id: string; type: string };

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const CANDIDATE_TYPES = ['host', 'srflx', 'prflx', 'relay'] as const;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** A stats report's entries by id, and the candidate pair its transport uses now (W3C webrtc-stats). */
export function statsOf(report: RTCStatsReport): { stats: Map<string, Stat>; pair: Stat | undefined } {
  const stats = new Map<string, Stat>();
  report.forEach((stat: Stat) => {
    stats.set(stat.id, stat);
  });
  for (const stat of stats.values()) {
    if (stat.type === 'transport' && typeof stat.selectedCandidatePairId === 'string')
      return { stats, pair: stats.get(stat.selectedCandidatePairId) };
  }
  return { stats, pair: undefined };
}

/** Reads a peer connection's stats: inbound and outbound RTP, and the selected pair's path and round trip. */
export function readStats(report: RTCStatsReport, at: number): StatsReading {
  const { stats, pair } = statsOf(report);
  const totals: StatsTotals = { at, bytesSent: 0, bytesReceived: 0, packetsReceived: 0, packetsLost: 0, freezes: 0 };
  let jitterMs: number | null = null;
  for (const stat of stats.values()) {
    if (stat.type === 'inbound-rtp') {
      totals.bytesReceived += num(stat.bytesReceived);
      totals.packetsReceived += num(stat.packetsReceived);
      totals.packetsLost += Math.max(0, num(stat.packetsLost));
      totals.freezes += num(stat.freezeCount);
      if (stat.kind === 'audio' && typeof stat.jitter === 'number') jitterMs = Math.round(stat.jitter * 1000);
    } else if (stat.type === 'outbound-rtp') totals.bytesSent += num(stat.bytesSent);
  }
  const local = pair && typeof pair.localCandidateId === 'string' ? stats.get(pair.localCandidateId) : undefined;
  const candidateType = oneOf(CANDIDATE_TYPES, local?.candidateType);
  const protocol = oneOf(['udp', 'tcp'] as const, local?.protocol);
  return {
    totals,
    path:
      candidateType && protocol
        ? { candidateType, protocol, relayProtocol: oneOf(['udp', 'tcp', 'tls'] as const, local?.relayProtocol) }
        : null,
    rttMs: typeof pair?.currentRoundTripTime === 'number' ? Math.round(pair.currentRoundTripTime * 1000) : null,
    jitterMs,
  };
}

const kbps = (bytes: number, ms: number) => Math.max(0, Math.round((bytes * 8) / ms));

/**
 * The report of the time between two readings (the earlier one's totals), with what the call itself counted
 * meanwhile: seconds without the camera, and ICE failures.
 */
export function qualityBetween(
  before: StatsTotals,
  now: StatsReading,
  counted: { audioOnlyMs: number; iceFailures: number },
): Omit<CallQualityInput, 'sessionId'> {
  const ms = Math.max(1, now.totals.at - before.at);
  const seconds = Math.min(120, Math.max(1, Math.round(ms / 1000)));
  const received = now.totals.packetsReceived - before.packetsReceived;
  const lost = Math.max(0, now.totals.packetsLost - before.packetsLost);
  return {
    seconds,
    path: now.path,
    rttMs: now.rttMs === null ? null : Math.min(60_000, now.rttMs),
    lossPercent: received + lost > 0 ? Math.round((lost / (received + lost)) * 1000) / 10 : null,
    jitterMs: now.jitterMs === null ? null : Math.min(60_000, now.jitterMs),
    sendKbps: kbps(now.totals.bytesSent - before.bytesSent, ms),
    receiveKbps: kbps(now.totals.bytesReceived - before.bytesReceived, ms),
    freezes: Math.min(1000, Math.max(0, now.totals.freezes - before.freezes)),
    audioOnlySeconds: Math.min(seconds, Math.round(counted.audioOnlyMs / 1000)),
    iceFailures: Math.min(100, counted.iceFailures),
  };
}

export interface QualityReporterOptions {
  pc: RTCPeerConnection;
  send(report: Omit<CallQualityInput, 'sessionId'>): void;
  /** Whether video is being sent now (the camera on, and not paused for a weak link). */
  sendingVideo: boolean;
  everyMs: number;
  now?: () => number;
}

/**
 * Reports one connection's quality every `everyMs` once it is up (its first reading is the baseline), with the
 * time no video was sent and the ICE failures counted between reports.
 */
export class QualityReporter {
  private timer: ReturnType<typeof setInterval> | undefined;
  private last: StatsTotals | null = null;
  private audioOnlyMs = 0;
  private videoOffSince: number | null;
  private iceFailures = 0;
  private readonly now: () => number;

  constructor(private readonly options: QualityReporterOptions) {
    this.now = options.now ?? Date.now;
    this.videoOffSince = options.sendingVideo ? null : this.now();
  }

  /** Starts reporting (again after a stop): from a fresh baseline. */
  start(): void {
    if (this.timer) return;
    this.last = null;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Video starts or stops being sent (the camera, or a pause for a weak link): its time off is audio only. */
  videoChanged(on: boolean): void {
    const now = this.now();
    if (on && this.videoOffSince !== null) {
      this.audioOnlyMs += now - this.videoOffSince;
      this.videoOffSince = null;
    } else if (!on && this.videoOffSince === null) this.videoOffSince = now;
  }

  iceFailed(): void {
    this.iceFailures += 1;
  }

  private async tick(): Promise<void> {
    let reading: StatsReading;
    try {
      reading = readStats(await this.options.pc.getStats(), this.now());
    } catch {
      return; // a closed connection: the next link reports
    }
    const before = this.last;
    this.last = reading.totals;
    // the video's time off counts up to this reading, and on from it while it stays off
    if (this.videoOffSince !== null) {
      this.audioOnlyMs += reading.totals.at - this.videoOffSince;
      this.videoOffSince = reading.totals.at;
    }
    const counted = { audioOnlyMs: this.audioOnlyMs, iceFailures: this.iceFailures };
    this.audioOnlyMs = 0;
    // the baseline reports nothing: ICE failures before it wait for the first report
    if (!before) return;
    this.iceFailures = 0;
    this.options.send(qualityBetween(before, reading, counted));
  }
}
