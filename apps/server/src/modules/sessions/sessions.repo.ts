import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { type SessionEvent, sessionEvents, sessions } from './sessions.table.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionEventKind = SessionEvent['kind'];

export async function findSession(db: Db, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** The call of a lesson, created once. */
export async function upsertLessonSession(db: Db, lessonId: number): Promise<SessionRow> {
  const [created] = await db
    .insert(sessions)
    .values({ type: 'lesson', lessonId })
    .onConflictDoNothing({ target: sessions.lessonId })
    .returning();
  if (created) return created;
  const [row] = await db.select().from(sessions).where(eq(sessions.lessonId, lessonId)).limit(1);
  if (!row) throw new Error('lesson session neither inserted nor found');
  return row;
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

/** A member's latest event in a call: whether they are in it now, and whether they were before. */
export async function lastEventOf(db: Db, sessionId: number, userId: number): Promise<SessionEventKind | undefined> {
  const [row] = await db
    .select({ kind: sessionEvents.kind })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.sessionId, sessionId), eq(sessionEvents.userId, userId)))
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

// The lessons this module reads (their table belongs to the lessons module): a call's window and members, and
// the first-join marks that the lessons lifecycle reads to tell a fulfilled lesson from a tutor no-show.

const lessonForSession = {
  id: lessons.id,
  tutorId: lessons.tutorId,
  studentId: lessons.studentId,
  status: lessons.status,
  startsAt: lessons.startsAt,
  endsAt: lessons.endsAt,
  tutorJoinedAt: lessons.tutorJoinedAt,
  cancelReason: lessons.cancelReason,
};
export type LessonForSession = { [K in keyof typeof lessonForSession]: (typeof lessons.$inferSelect)[K] };

export async function findLessonForSession(db: Db, id: number): Promise<LessonForSession | undefined> {
  const [row] = await db.select(lessonForSession).from(lessons).where(eq(lessons.id, id)).limit(1);
  return row;
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
