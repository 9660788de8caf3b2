import {
  type CallQualityInput,
  type CallQualitySample,
  type CallQualitySummary,
  summarizeCallQuality,
} from '@darsak/domain/sessions';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import { lastEventOf } from './sessions.repo.ts';
import { callQualitySamples, sessions } from './sessions.table.ts';

export interface CallQualityDeps {
  db: Db;
  clock: Clock;
  metrics: Pick<Metrics, 'callConnected' | 'callIceFailed'>;
}

type SampleRow = typeof callQualitySamples.$inferSelect;

const sampleOf = (row: SampleRow): CallQualitySample => ({
  userId: row.userId,
  seconds: row.seconds,
  path:
    row.candidateType && row.protocol
      ? { candidateType: row.candidateType, protocol: row.protocol, relayProtocol: row.relayProtocol }
      : null,
  rttMs: row.rttMs,
  lossPercent: row.lossPercent,
  jitterMs: row.jitterMs,
  sendKbps: row.sendKbps,
  receiveKbps: row.receiveKbps,
  freezes: row.freezes,
  audioOnlySeconds: row.audioOnlySeconds,
  iceFailures: row.iceFailures,
});

const pathKey = (row: Pick<SampleRow, 'candidateType' | 'protocol' | 'relayProtocol'> | undefined) =>
  row ? `${row.candidateType}/${row.protocol}/${row.relayProtocol}` : '';

/**
 * Call quality (issue 29, item 6): each member's browser reports what it measured of the call, kept per session
 * for staff, and counted in the metrics (connections by path, ICE failures).
 */
export function createCallQuality(deps: CallQualityDeps) {
  const { db, clock, metrics } = deps;

  return {
    /** `session:quality` from a member in the call; false (nothing kept) from anyone else. */
    async report(user: AuthUser, { sessionId, path, ...measured }: CallQualityInput): Promise<boolean> {
      const presence = await lastEventOf(db, sessionId, user.id);
      if (presence !== 'join' && presence !== 'reconnect') return false;
      const [previous] = await db
        .select({
          candidateType: callQualitySamples.candidateType,
          protocol: callQualitySamples.protocol,
          relayProtocol: callQualitySamples.relayProtocol,
        })
        .from(callQualitySamples)
        .where(and(eq(callQualitySamples.sessionId, sessionId), eq(callQualitySamples.userId, user.id)))
        .orderBy(desc(callQualitySamples.at), desc(callQualitySamples.id))
        .limit(1);
      const row = {
        candidateType: path?.candidateType ?? null,
        protocol: path?.protocol ?? null,
        relayProtocol: path?.relayProtocol ?? null,
      };
      await db.insert(callQualitySamples).values({ sessionId, userId: user.id, at: clock.now(), ...row, ...measured });
      // a member's call counted once per path it took (a rejoin over another network is a new connection)
      if (path && pathKey(previous) !== pathKey(row)) metrics.callConnected(path);
      if (measured.iceFailures > 0) metrics.callIceFailed(measured.iceFailures);
      return true;
    },

    /** Each member's reports of a lesson's call summed up, for staff. */
    async ofLesson(tx: Db, lessonId: number): Promise<CallQualitySummary[]> {
      const rows = await tx
        .select({ sample: callQualitySamples })
        .from(callQualitySamples)
        .innerJoin(sessions, eq(sessions.id, callQualitySamples.sessionId))
        .where(eq(sessions.lessonId, lessonId))
        .orderBy(asc(callQualitySamples.at), asc(callQualitySamples.id));
      return summarizeCallQuality(rows.map((r) => sampleOf(r.sample)));
    },
  };
}
export type CallQuality = ReturnType<typeof createCallQuality>;
