import { MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { isLessonCancelled, LessonStatus } from '@darsak/domain/lessons';
import {
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
import { isAdminRole } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type IceConfig, iceServersFor } from '../../providers/video/turn-credentials.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { LessonForSession, SessionEventKind, SessionRow } from './sessions.repo.ts';
import * as repo from './sessions.repo.ts';
import type { JoinTokenSigner } from './sessions.tokens.ts';

export interface SessionsDeps {
  db: Db;
  clock: Clock;
  ice: IceConfig;
  joinTokens: JoinTokenSigner;
  chat: Pick<ChatService, 'ensureLessonRoom' | 'memberSummaries'>;
  /** Minutes a student waits for the tutor before "tutor did not attend" (platform setting). */
  noShowGraceMinutes: () => Promise<number>;
}

type Member = 'tutor' | 'student';
const PRESENT: readonly SessionEventKind[] = ['join', 'reconnect'];

const memberOf = (lesson: LessonForSession, userId: number): Member | undefined =>
  lesson.tutorId === userId ? 'tutor' : lesson.studentId === userId ? 'student' : undefined;

/** What a member did by arriving: a first join, or a return after a drop (or over a connection not yet dropped). */
const arrivalAfter = (last: SessionEventKind | undefined): SessionEventKind =>
  last === undefined || last === 'leave' ? 'join' : 'reconnect';

export function createSessionsService(deps: SessionsDeps) {
  const { db, clock } = deps;

  async function requireLesson(tx: Db, lessonId: number): Promise<LessonForSession> {
    const lesson = await repo.findLessonForSession(tx, lessonId);
    if (!lesson) throw new AppError('lesson-not-found');
    return lesson;
  }

  /** The lesson behind a call; interview and demo-session calls join when their modules do. */
  async function lessonOfSession(tx: Db, session: SessionRow): Promise<LessonForSession> {
    if (session.lessonId === null) throw new AppError('session-not-found');
    return requireLesson(tx, session.lessonId);
  }

  /** Refuses a call that is cancelled, over, or not open yet (10 minutes before the start until the end). */
  function assertOpen(lesson: LessonForSession, now: Date) {
    const window = sessionWindowOf(lesson.startsAt, lesson.endsAt);
    const cancelled = isLessonCancelled(lesson.status);
    if (!cancelled && lesson.status !== LessonStatus.fulfilled && isSessionOpen(window, now)) return;
    throw new AppError('session-not-open', {
      opensAt: window.opensAt.toISOString(),
      endsAt: window.endsAt.toISOString(),
      ...(lesson.cancelReason === JoinStates.tutorDidNotAttend ? { joinState: JoinStates.tutorDidNotAttend } : {}),
    });
  }

  async function joinStateNow(tx: Db, sessionId: number, lesson: LessonForSession, grace: number) {
    const tutorLast = await repo.lastEventOf(tx, sessionId, lesson.tutorId);
    return joinStateOf({
      now: clock.now(),
      startsAt: lesson.startsAt,
      tutorPresent: tutorLast !== undefined && PRESENT.includes(tutorLast),
      tutorEverJoined: lesson.tutorJoinedAt !== null,
      noShowGraceMinutes: grace,
    });
  }

  function windowFields(lesson: LessonForSession, joinState: SessionJoinState | null, grace: number) {
    const window = sessionWindowOf(lesson.startsAt, lesson.endsAt);
    return {
      opensAt: window.opensAt.toISOString(),
      startsAt: window.startsAt.toISOString(),
      endsAt: window.endsAt.toISOString(),
      noShowAt: new Date(lesson.startsAt.getTime() + grace * MS_PER_MINUTE).toISOString(),
      joinState,
    };
  }

  return {
    /** GET /session/token: a join token and ICE servers, to the lesson's members inside its window only. */
    async issueToken(user: AuthUser, lessonId: number): Promise<SessionToken> {
      const now = clock.now();
      const grace = await deps.noShowGraceMinutes();
      const result = await db.transaction(async (tx) => {
        const lesson = await requireLesson(tx, lessonId);
        if (!memberOf(lesson, user.id)) throw new AppError('forbidden');
        assertOpen(lesson, now);
        const session = await repo.upsertLessonSession(tx, lesson.id);
        const roomId = await deps.chat.ensureLessonRoom(tx, lesson.id, [lesson.tutorId, lesson.studentId]);
        const joinState = await joinStateNow(tx, session.id, lesson, grace);
        return { lesson, session, roomId, joinState };
      });
      const { lesson, session, roomId, joinState } = result;
      return {
        token: await deps.joinTokens.sign({ userId: user.id, sessionId: session.id }, now, SESSION_TOKEN_TTL_SECONDS),
        expiresAt: new Date(now.getTime() + SESSION_TOKEN_TTL_SECONDS * 1000).toISOString(),
        sessionId: session.id,
        lessonId: lesson.id,
        roomId,
        iceServers: iceServersFor(deps.ice, user.id, now),
        ...windowFields(lesson, joinState, grace),
      };
    },

    /** GET /session/:id: the call with its timeline, to its members and admins. */
    async get(user: AuthUser, id: number): Promise<Session> {
      const grace = await deps.noShowGraceMinutes();
      const session = await repo.findSession(db, id);
      if (!session) throw new AppError('session-not-found');
      const lesson = await lessonOfSession(db, session);
      if (!memberOf(lesson, user.id) && !isAdminRole(user.role)) throw new AppError('forbidden');
      const [members, events, joinState] = await Promise.all([
        deps.chat.memberSummaries(db, [lesson.tutorId, lesson.studentId]),
        repo.listSessionEvents(db, session.id),
        joinStateNow(db, session.id, lesson, grace),
      ]);
      return {
        id: session.id,
        type: session.type,
        lessonId: session.lessonId,
        status: session.status as SessionStatus,
        startedAt: session.startedAt?.toISOString() ?? null,
        endedAt: session.endedAt?.toISOString() ?? null,
        members,
        events: events.map((e) => ({ userId: e.userId, kind: e.kind, at: e.at.toISOString() })),
        ...windowFields(lesson, joinState, grace),
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
      const grace = await deps.noShowGraceMinutes();
      return db.transaction(async (tx) => {
        const session = await repo.findSession(tx, claims.sessionId);
        if (!session) throw new AppError('invalid-session-token');
        const lesson = await lessonOfSession(tx, session);
        const member = memberOf(lesson, user.id);
        if (!member) throw new AppError('forbidden');
        assertOpen(lesson, now);
        const kind = arrivalAfter(await repo.lastEventOf(tx, session.id, user.id));
        await repo.insertSessionEvent(tx, { sessionId: session.id, userId: user.id, kind, at: now });
        await repo.markLessonJoined(tx, lesson.id, member, now);
        await repo.markSessionStarted(tx, session.id, now);
        return {
          sessionId: session.id,
          lessonId: lesson.id,
          roomId: await deps.chat.ensureLessonRoom(tx, lesson.id, [lesson.tutorId, lesson.studentId]),
          kind,
          joinState: await joinStateNow(tx, session.id, lesson, grace),
        };
      });
    },

    /**
     * `session:leave` and a dropped connection: records the departure of a member who was in, and returns what
     * the join screen of those who stay shows now; undefined when the member was not in.
     */
    async depart(user: AuthUser, sessionId: number, kind: 'leave' | 'drop') {
      const now = clock.now();
      const grace = await deps.noShowGraceMinutes();
      return db.transaction(async (tx) => {
        const last = await repo.lastEventOf(tx, sessionId, user.id);
        if (last === undefined || !PRESENT.includes(last)) return undefined;
        await repo.insertSessionEvent(tx, { sessionId, userId: user.id, kind, at: now });
        const session = await repo.findSession(tx, sessionId);
        if (!session) return undefined;
        return { joinState: await joinStateNow(tx, sessionId, await lessonOfSession(tx, session), grace) };
      });
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
