import { type CallOwner, SessionStatus } from '@darsak/domain/sessions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { demoSessions, interviews } from '../onboarding/onboarding.table.ts';
import { type SessionEvent, sessionEvents, sessions } from './sessions.table.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionEventKind = SessionEvent['kind'];

export async function findSession(db: Db, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

const ownerColumn = (type: CallOwner['type']) =>
  ({ lesson: sessions.lessonId, interview: sessions.interviewId, demoSession: sessions.demoSessionId })[type];
const ownerKey = { lesson: 'lessonId', interview: 'interviewId', demoSession: 'demoSessionId' } as const;

/** The call of a lesson, interview or demo session, created once. */
export async function upsertSession(db: Db, owner: CallOwner): Promise<SessionRow> {
  const [created] = await db
    .insert(sessions)
    .values({ type: owner.type, [ownerKey[owner.type]]: owner.id })
    .onConflictDoNothing({ target: ownerColumn(owner.type) })
    .returning();
  if (created) return created;
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(ownerColumn(owner.type), owner.id))
    .limit(1);
  if (!row) throw new Error('session neither inserted nor found');
  return row;
}

/**
 * Writes where a lesson ended on its call, when it has one (made when a member first asks to join): the status
 * (`lessonSessionStatus`) and when it closed. Once only: a settled call never moves again.
 */
export async function settleLessonSession(db: Db, lessonId: number, status: SessionStatus, endedAt: Date) {
  await db
    .update(sessions)
    .set({ status, endedAt })
    .where(and(eq(sessions.lessonId, lessonId), eq(sessions.status, SessionStatus.pending)));
}

/** Who owns a stored call. */
export function ownerOfSession(session: SessionRow): CallOwner | undefined {
  if (session.lessonId !== null) return { type: 'lesson', id: session.lessonId };
  if (session.interviewId !== null) return { type: 'interview', id: session.interviewId };
  if (session.demoSessionId !== null) return { type: 'demoSession', id: session.demoSessionId };
  return undefined;
}

export async function markSessionStarted(db: Db, id: number, at: Date) {
  await db
    .update(sessions)
    .set({ startedAt: sql`coalesce(${sessions.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(sessions.id, id));
}

export async function insertSessionEvent(
  db: Db,
  values: { sessionId: number; userId: number; kind: SessionEventKind; at: Date },
) {
  await db.insert(sessionEvents).values(values);
}

const PRESENCE_KINDS: readonly SessionEventKind[] = ['join', 'leave', 'drop', 'reconnect'];

/**
 * A member's latest arrival or departure in a call (whether they are in it now, and whether they were before), or
 * with `any`, their latest event of any kind (a media report included).
 */
export async function lastEventOf(
  db: Db,
  sessionId: number,
  userId: number,
  of: 'presence' | 'any' = 'presence',
): Promise<SessionEventKind | undefined> {
  const [row] = await db
    .select({ kind: sessionEvents.kind })
    .from(sessionEvents)
    .where(
      and(
        eq(sessionEvents.sessionId, sessionId),
        eq(sessionEvents.userId, userId),
        of === 'presence' ? inArray(sessionEvents.kind, [...PRESENCE_KINDS]) : undefined,
      ),
    )
    .orderBy(desc(sessionEvents.at), desc(sessionEvents.id))
    .limit(1);
  return row?.kind;
}

export async function listSessionEvents(db: Db, sessionId: number) {
  return db
    .select({ userId: sessionEvents.userId, kind: sessionEvents.kind, at: sessionEvents.at })
    .from(sessionEvents)
    .where(eq(sessionEvents.sessionId, sessionId))
    .orderBy(asc(sessionEvents.at), asc(sessionEvents.id));
}

/** The events of a lesson's call, oldest first (none when nobody opened it); staff read them to settle disputes. */
export async function lessonCallEvents(db: Db, lessonId: number) {
  return db
    .select({ userId: sessionEvents.userId, kind: sessionEvents.kind, at: sessionEvents.at })
    .from(sessionEvents)
    .innerJoin(sessions, eq(sessions.id, sessionEvents.sessionId))
    .where(eq(sessions.lessonId, lessonId))
    .orderBy(asc(sessionEvents.at), asc(sessionEvents.id));
}

// The owners this module reads (their tables belong to the lessons and onboarding modules): a call's window, its
// two members (the host: the tutor or tutor manager; the guest: the student or applicant) and whether it is
// still to be held; and the lesson's first-join marks that the lessons lifecycle reads.

/** A call's owner in one shape. */
export interface CallOwnerRow {
  owner: CallOwner;
  hostId: number;
  guestId: number;
  startsAt: Date;
  endsAt: Date;
  /** Cancelled, fulfilled or decided: the call no longer opens. */
  closed: boolean;
  /** Why it closed without being held (`tutorDidNotAttend`, `interviewerDidNotAttend`). */
  cancelReason: string | null;
  /** The host's first join, when the owner keeps it (lessons); otherwise read from the timeline. */
  hostJoinedAt: Date | null;
}

/**
 * `lock: 'share'` share-locks a lesson until the transaction ends, so the call made in it cannot miss the lesson's
 * outcome: the lessons service ends or cancels a lesson under its row lock and settles the call it finds.
 */
export async function findCallOwner(db: Db, owner: CallOwner, lock?: 'share'): Promise<CallOwnerRow | undefined> {
  if (owner.type === 'lesson') {
    const query = db.select().from(lessons).where(eq(lessons.id, owner.id)).limit(1);
    const [row] = await (lock ? query.for(lock) : query);
    return (
      row && {
        owner,
        hostId: row.tutorId,
        guestId: row.studentId,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        closed: !['pending', 'happening'].includes(row.status),
        cancelReason: row.cancelReason,
        hostJoinedAt: row.tutorJoinedAt,
      }
    );
  }
  const t = owner.type === 'interview' ? interviews : demoSessions;
  const [row] = await db
    .select({
      hostId: owner.type === 'interview' ? interviews.interviewerId : demoSessions.managerId,
      guestId: owner.type === 'interview' ? interviews.intervieweeId : demoSessions.tutorId,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      status: t.status,
      cancelReason: t.cancelReason,
    })
    .from(t as typeof interviews)
    .where(eq(t.id, owner.id))
    .limit(1);
  if (!row) return undefined;
  const [joined] = await db
    .select({ at: sessionEvents.at })
    .from(sessionEvents)
    .innerJoin(sessions, eq(sessions.id, sessionEvents.sessionId))
    .where(and(eq(ownerColumn(owner.type), owner.id), eq(sessionEvents.userId, row.hostId)))
    .orderBy(asc(sessionEvents.at))
    .limit(1);
  return { owner, ...row, closed: row.status !== 1, hostJoinedAt: joined?.at ?? null };
}

/** Sets the member's first-join time on the lesson; later joins keep the first. */
export async function markLessonJoined(db: Db, lessonId: number, member: 'tutor' | 'student', at: Date) {
  const column = member === 'tutor' ? lessons.tutorJoinedAt : lessons.studentJoinedAt;
  const key = member === 'tutor' ? 'tutorJoinedAt' : 'studentJoinedAt';
  await db
    .update(lessons)
    .set({ [key]: sql`coalesce(${column}, ${at.toISOString()}::timestamptz)` })
    .where(eq(lessons.id, lessonId));
}

/** Whether a tutor and a student share a lesson (a tutor may then write to the student). */
export async function haveLessonTogether(db: Db, tutorId: number, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.tutorId, tutorId), eq(lessons.studentId, studentId)))
    .limit(1);
  return row !== undefined;
}

/** Whether the user ever joined the call of an interview or demo session (their no-show rule reads it). */
export async function joinedAppointmentCall(
  db: Db,
  kind: 'interview' | 'demoSession',
  id: number,
  userId: number,
): Promise<boolean> {
  const owner = kind === 'interview' ? eq(sessions.interviewId, id) : eq(sessions.demoSessionId, id);
  const [row] = await db
    .select({ id: sessionEvents.id })
    .from(sessionEvents)
    .innerJoin(sessions, eq(sessions.id, sessionEvents.sessionId))
    .where(and(owner, eq(sessionEvents.userId, userId), eq(sessionEvents.kind, 'join')))
    .limit(1);
  return row !== undefined;
}
