import { MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type CallOwner,
  isSessionOpen,
  SessionJoinState as JoinStates,
  joinStateOf,
  SESSION_TOKEN_TTL_SECONDS,
  type Session,
  type SessionJoinState,
  type SessionStatus,
  type SessionToken,
  sessionWindowOf,
} from '@darsak/domain/sessions';
import type { PlatformSettings } from '@darsak/domain/settings';
import { isAdminRole } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import { type IceConfig, iceServersFor } from '../../providers/video/turn-credentials.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { CallOwnerRow, SessionEventKind, SessionRow } from './sessions.repo.ts';
import * as repo from './sessions.repo.ts';
import type { JoinTokenSigner } from './sessions.tokens.ts';

export interface SessionsDeps {
  db: Db;
  clock: Clock;
  ice: IceConfig;
  /** TURN credentials handed out are counted (coturn's load follows them), and drops in calls. */
  metrics: Pick<Metrics, 'turnCredentialsIssued' | 'callDropped'>;
  joinTokens: JoinTokenSigner;
  chat: Pick<ChatService, 'ensureCallRoom' | 'memberSummaries'>;
  /** The platform settings the window and the join screen follow, read before any transaction. */
  windowSettings: () => Promise<WindowSettings>;
}

type WindowSettings = Pick<PlatformSettings, 'noShowGraceMinutes' | 'sessionOpensMinutesBefore'>;
type Member = 'host' | 'guest';
const PRESENT: readonly SessionEventKind[] = ['join', 'reconnect'];
const NOT_FOUND = {
  lesson: 'lesson-not-found',
  interview: 'interview-not-found',
  demoSession: 'demo-session-not-found',
} as const;

const memberOf = (call: CallOwnerRow, userId: number): Member | undefined =>
  call.hostId === userId ? 'host' : call.guestId === userId ? 'guest' : undefined;

/** What a member did by arriving: a first join, or a return after a drop (or over a connection not yet dropped). */
const arrivalAfter = (last: SessionEventKind | undefined): 'join' | 'reconnect' =>
  last === undefined || last === 'leave' ? 'join' : 'reconnect';

const ownerIds = (owner: CallOwner) => ({
  lessonId: owner.type === 'lesson' ? owner.id : null,
  interviewId: owner.type === 'interview' ? owner.id : null,
  demoSessionId: owner.type === 'demoSession' ? owner.id : null,
});

/**
 * The live room of lessons, interviews and demo sessions alike: one call per owner, joined by its two members
 * (the host — tutor or tutor manager — and the guest — student or applicant) inside the owner's window.
 */
export function createSessionsService(deps: SessionsDeps) {
  const { db, clock } = deps;

  async function requireCall(tx: Db, owner: CallOwner, lock?: 'share'): Promise<CallOwnerRow> {
    const call = await repo.findCallOwner(tx, owner, lock);
    if (!call) throw new AppError(NOT_FOUND[owner.type]);
    return call;
  }

  async function callOfSession(tx: Db, session: SessionRow): Promise<CallOwnerRow> {
    const owner = repo.ownerOfSession(session);
    if (!owner) throw new AppError('session-not-found');
    return requireCall(tx, owner);
  }

  /** Refuses a call that is cancelled, over, or not open yet (the setting's minutes before the start until the end). */
  function assertOpen(call: CallOwnerRow, now: Date, opensMinutesBefore: number) {
    const window = sessionWindowOf(call.startsAt, call.endsAt, opensMinutesBefore);
    if (!call.closed && isSessionOpen(window, now)) return;
    throw new AppError('session-not-open', {
      opensAt: window.opensAt.toISOString(),
      endsAt: window.endsAt.toISOString(),
      ...(call.cancelReason === JoinStates.tutorDidNotAttend ? { joinState: JoinStates.tutorDidNotAttend } : {}),
    });
  }

  async function joinStateNow(tx: Db, sessionId: number, call: CallOwnerRow, grace: number) {
    const hostLast = await repo.lastEventOf(tx, sessionId, call.hostId);
    return joinStateOf({
      now: clock.now(),
      startsAt: call.startsAt,
      tutorPresent: hostLast !== undefined && PRESENT.includes(hostLast),
      tutorEverJoined: call.hostJoinedAt !== null || hostLast !== undefined,
      noShowGraceMinutes: grace,
    });
  }

  function windowFields(call: CallOwnerRow, joinState: SessionJoinState | null, settings: WindowSettings) {
    const window = sessionWindowOf(call.startsAt, call.endsAt, settings.sessionOpensMinutesBefore);
    return {
      opensAt: window.opensAt.toISOString(),
      startsAt: window.startsAt.toISOString(),
      endsAt: window.endsAt.toISOString(),
      noShowAt: new Date(call.startsAt.getTime() + settings.noShowGraceMinutes * MS_PER_MINUTE).toISOString(),
      joinState,
    };
  }

  const roomOf = (tx: Db, call: CallOwnerRow) => deps.chat.ensureCallRoom(tx, call.owner, [call.hostId, call.guestId]);

  return {
    /** GET /session/token: a join token and ICE servers, to the call's two members inside its window only. */
    async issueToken(user: AuthUser, owner: CallOwner): Promise<SessionToken> {
      const now = clock.now();
      const settings = await deps.windowSettings();
      const result = await db.transaction(async (tx) => {
        // Locked until the call is made: a lesson ending meanwhile waits, then settles the call it finds.
        const call = await requireCall(tx, owner, 'share');
        if (!memberOf(call, user.id)) throw new AppError('forbidden');
        assertOpen(call, now, settings.sessionOpensMinutesBefore);
        const session = await repo.upsertSession(tx, owner);
        const roomId = await roomOf(tx, call);
        const joinState = await joinStateNow(tx, session.id, call, settings.noShowGraceMinutes);
        return { call, session, roomId, joinState };
      });
      const { call, session, roomId, joinState } = result;
      const iceServers = iceServersFor(deps.ice, user.id, now);
      if (iceServers.some((server) => server.credential !== undefined)) deps.metrics.turnCredentialsIssued();
      return {
        token: await deps.joinTokens.sign({ userId: user.id, sessionId: session.id }, now, SESSION_TOKEN_TTL_SECONDS),
        expiresAt: new Date(now.getTime() + SESSION_TOKEN_TTL_SECONDS * 1000).toISOString(),
        sessionId: session.id,
        type: owner.type,
        ...ownerIds(owner),
        roomId,
        iceServers,
        ...windowFields(call, joinState, settings),
      };
    },

    /** GET /session/:id: the call with its timeline, to its members and admins. */
    async get(user: AuthUser, id: number): Promise<Session> {
      const settings = await deps.windowSettings();
      const session = await repo.findSession(db, id);
      if (!session) throw new AppError('session-not-found');
      const call = await callOfSession(db, session);
      if (!memberOf(call, user.id) && !isAdminRole(user.role)) throw new AppError('forbidden');
      const [members, events, joinState] = await Promise.all([
        deps.chat.memberSummaries(db, [call.hostId, call.guestId]),
        repo.listSessionEvents(db, session.id),
        joinStateNow(db, session.id, call, settings.noShowGraceMinutes),
      ]);
      return {
        id: session.id,
        type: session.type,
        ...ownerIds(call.owner),
        status: session.status as SessionStatus,
        startedAt: session.startedAt?.toISOString() ?? null,
        endedAt: session.endedAt?.toISOString() ?? null,
        members,
        events: events.map((e) => ({ userId: e.userId, kind: e.kind, at: e.at.toISOString() })),
        ...windowFields(call, joinState, settings),
      };
    },

    /**
     * `session:join`: checks the token, membership and window again, and records the arrival in the timeline;
     * the first join of each member is also marked on the lesson (the no-show rule reads the tutor's).
     */
    async join(user: AuthUser, token: string) {
      const now = clock.now();
      const claims = await deps.joinTokens.verify(token, now);
      if (!claims || claims.userId !== user.id) throw new AppError('invalid-session-token');
      const settings = await deps.windowSettings();
      return db.transaction(async (tx) => {
        const session = await repo.findSession(tx, claims.sessionId);
        if (!session) throw new AppError('invalid-session-token');
        const call = await callOfSession(tx, session);
        const member = memberOf(call, user.id);
        if (!member) throw new AppError('forbidden');
        assertOpen(call, now, settings.sessionOpensMinutesBefore);
        const kind = arrivalAfter(await repo.lastEventOf(tx, session.id, user.id));
        await repo.insertSessionEvent(tx, { sessionId: session.id, userId: user.id, kind, at: now });
        if (call.owner.type === 'lesson') {
          await repo.markLessonJoined(tx, call.owner.id, member === 'host' ? 'tutor' : 'student', now);
        }
        await repo.markSessionStarted(tx, session.id, now);
        return {
          sessionId: session.id,
          ...ownerIds(call.owner),
          roomId: await roomOf(tx, call),
          kind,
          joinState: await joinStateNow(tx, session.id, call, settings.noShowGraceMinutes),
        };
      });
    },

    /**
     * `session:connection`: a member's client says whether media flows to the other member (its peer connection is
     * up or down). Recorded for a member who is in the call, when it changes: a lesson's minutes are measured from
     * it (attendanceOf). False when nothing was recorded.
     */
    async reportMedia(user: AuthUser, sessionId: number, flowing: boolean): Promise<boolean> {
      const kind: SessionEventKind = flowing ? 'media-up' : 'media-down';
      return db.transaction(async (tx) => {
        const presence = await repo.lastEventOf(tx, sessionId, user.id);
        if (presence === undefined || !PRESENT.includes(presence)) return false;
        if ((await repo.lastEventOf(tx, sessionId, user.id, 'any')) === kind) return false;
        await repo.insertSessionEvent(tx, { sessionId, userId: user.id, kind, at: clock.now() });
        if (!flowing) deps.metrics.callDropped('media');
        return true;
      });
    },

    /**
     * `session:leave` and a dropped connection: records the departure of a member who was in, and returns what
     * the join screen of those who stay shows now; undefined when the member was not in.
     */
    async depart(user: AuthUser, sessionId: number, kind: 'leave' | 'drop') {
      const now = clock.now();
      const { noShowGraceMinutes } = await deps.windowSettings();
      return db.transaction(async (tx) => {
        const last = await repo.lastEventOf(tx, sessionId, user.id);
        if (last === undefined || !PRESENT.includes(last)) return undefined;
        await repo.insertSessionEvent(tx, { sessionId, userId: user.id, kind, at: now });
        if (kind === 'drop') deps.metrics.callDropped('socket');
        const session = await repo.findSession(tx, sessionId);
        if (!session) return undefined;
        return { joinState: await joinStateNow(tx, sessionId, await callOfSession(tx, session), noShowGraceMinutes) };
      });
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
