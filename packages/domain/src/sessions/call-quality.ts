import { z } from 'zod';
import { Id } from '../common/ids.ts';

/** Seconds between two reports of a call's quality from one member's browser. */
export const CALL_QUALITY_REPORT_SECONDS = 15;

/** How a member's media reaches the other: directly, or through the TURN relay (and over what to it). */
export const CallPathSchema = z.strictObject({
  /** The local candidate of the pair in use: `relay` when the TURN server carries the call. */
  candidateType: z.enum(['host', 'srflx', 'prflx', 'relay']),
  protocol: z.enum(['udp', 'tcp']),
  /** To the TURN server, for a relayed call. */
  relayProtocol: z.enum(['udp', 'tcp', 'tls']).nullable(),
});
export type CallPath = z.infer<typeof CallPathSchema>;

/**
 * `session:quality`: what one member's browser measured of the call since its last report (WebRTC `getStats`),
 * sent every CALL_QUALITY_REPORT_SECONDS while its connection is up.
 */
export const CallQualityInput = z.strictObject({
  sessionId: Id,
  /** Seconds the report covers. */
  seconds: z.number().int().min(1).max(120),
  path: CallPathSchema.nullable(),
  rttMs: z.number().int().min(0).max(60_000).nullable(),
  /** Of the packets the other member sent, the share that never arrived, in percent. */
  lossPercent: z.number().min(0).max(100).nullable(),
  jitterMs: z.number().int().min(0).max(60_000).nullable(),
  sendKbps: z.number().int().min(0).max(1_000_000).nullable(),
  receiveKbps: z.number().int().min(0).max(1_000_000).nullable(),
  /** Times the other member's video froze. */
  freezes: z.number().int().min(0).max(1000),
  /** Seconds this member sent no video (camera off, or turned off for a weak link). */
  audioOnlySeconds: z.number().int().min(0).max(120),
  /** Times the connection failed (ICE `failed`) and was restarted. */
  iceFailures: z.number().int().min(0).max(100),
});
export type CallQualityInput = z.infer<typeof CallQualityInput>;
export type CallQualitySample = Omit<CallQualityInput, 'sessionId'> & { userId: number };

/** One member's call as staff read it: how it was carried, and how well. */
export const CallQualitySummarySchema = z.object({
  userId: z.number().int(),
  /** Seconds the reports cover. */
  seconds: z.number().int(),
  /** The path of the last report (a rejoin may have changed it); null when none said. */
  path: CallPathSchema.nullable(),
  /** Whether any report said the TURN relay carried the call. */
  relayed: z.boolean(),
  rttMs: z.number().int().nullable(),
  lossPercent: z.number().nullable(),
  receiveKbps: z.number().int().nullable(),
  freezes: z.number().int(),
  audioOnlySeconds: z.number().int(),
  iceFailures: z.number().int(),
});
export type CallQualitySummary = z.infer<typeof CallQualitySummarySchema>;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The mean of what each report measured, weighted by the seconds it covers; null when none measured it. */
const weightedMean = (samples: CallQualitySample[], read: (s: CallQualitySample) => number | null) => {
  let total = 0;
  let seconds = 0;
  for (const sample of samples) {
    const value = read(sample);
    if (value === null) continue;
    total += value * sample.seconds;
    seconds += sample.seconds;
  }
  return seconds === 0 ? null : total / seconds;
};

/**
 * Each member's reports summed up (oldest first): the median round trip (a spike does not hide a good call), loss
 * and received bitrate averaged over time, freezes, audio-only time and ICE failures counted.
 */
export function summarizeCallQuality(samples: readonly CallQualitySample[]): CallQualitySummary[] {
  const byMember = new Map<number, CallQualitySample[]>();
  for (const sample of samples) byMember.set(sample.userId, [...(byMember.get(sample.userId) ?? []), sample]);
  return [...byMember].map(([userId, own]) => {
    const rtt = median(own.flatMap((s) => (s.rttMs === null ? [] : [s.rttMs])));
    const loss = weightedMean(own, (s) => s.lossPercent);
    const receive = weightedMean(own, (s) => s.receiveKbps);
    return {
      userId,
      seconds: own.reduce((sum, s) => sum + s.seconds, 0),
      path: own.findLast((s) => s.path !== null)?.path ?? null,
      relayed: own.some((s) => s.path?.candidateType === 'relay'),
      rttMs: rtt === null ? null : Math.round(rtt),
      lossPercent: loss === null ? null : Math.round(loss * 10) / 10,
      receiveKbps: receive === null ? null : Math.round(receive),
      freezes: own.reduce((sum, s) => sum + s.freezes, 0),
      audioOnlySeconds: own.reduce((sum, s) => sum + s.audioOnlySeconds, 0),
      iceFailures: own.reduce((sum, s) => sum + s.iceFailures, 0),
    };
  });
}
