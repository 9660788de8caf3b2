import type { LessonRecord, LessonView } from '@darsak/domain/lessons';
import { type Session, SessionStatus } from '@darsak/domain/sessions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness/actors.ts';
import { lessonCallSuite } from '../../../test/lesson-calls.ts';
import { sessions } from '../sessions/sessions.table.ts';
import { LESSON_JOBS } from './lessons.lifecycle.ts';
import { lessons } from './lessons.table.ts';

// A lesson's live session follows how the lesson ended (lessonSessionStatus), whoever ends it: the end job, a
// member, or an admin. Monday 6 January 2025, 09:00 in Cairo; every lesson here is booked for 09:15–09:45.
const NOW = '2025-01-06T07:00:00.000Z';
const START = '2025-01-06T07:15:00.000Z';
const END = '2025-01-06T07:45:00.000Z';

const { suite, ask, bookedLesson: book, openCall, joinCall } = lessonCallSuite(NOW);

async function bookedLesson() {
  const { lesson, ...members } = await book(START);
  return { ...members, lessonId: lesson.id };
}

const join = async (member: Actor, lessonId: number) => (await joinCall(member, lessonId)).sessionId;
const at = (iso: string) => suite.t.clock.set(iso);

/** The outcome read back every way it is shown: the session call, the lesson view, the staff record, the row. */
async function outcomeOf(viewer: Actor, lessonId: number, sessionId: number) {
  const session = (await ask(suite.admin, 'GET', `/api/v1/session/${sessionId}`)).json() as Session;
  const lesson = (await ask(viewer, 'GET', `/api/v1/lesson/${lessonId}`)).json() as LessonView;
  const record = (await ask(suite.admin, 'GET', `/api/v1/lesson/${lessonId}/record`)).json() as LessonRecord;
  const [row] = await suite.t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
  expect(row?.status).toBe(session.status);
  expect(row?.endedAt?.toISOString() ?? null).toBe(session.endedAt);
  return {
    lessonStatus: lesson.status,
    sessionStatus: session.status,
    shown: lesson.sessionStatus,
    endedAt: session.endedAt,
    cancelledBy: lesson.cancelledBy,
    cancelledByRole: record.cancelledByRole,
  };
}

describe('a lesson held to its end', () => {
  it('with both members: the session stays pending while it happens, then passes (2) when it ends', async () => {
    const { tutor, student, lessonId } = await bookedLesson();
    at(START);
    await suite.t.app.jobs.run(LESSON_JOBS.start, { lessonId });
    const sessionId = await join(tutor, lessonId);
    await join(student, lessonId);
    expect(await outcomeOf(student, lessonId, sessionId)).toMatchObject({
      lessonStatus: 'happening',
      sessionStatus: SessionStatus.pending,
      shown: SessionStatus.pending,
      endedAt: null,
    });

    at(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId });
    expect(await outcomeOf(student, lessonId, sessionId)).toEqual({
      lessonStatus: 'fulfilled',
      sessionStatus: SessionStatus.passed,
      shown: SessionStatus.passed,
      endedAt: END,
      cancelledBy: null,
      cancelledByRole: null,
    });
  });

  it('without the student: fulfilled (the tutor came and is paid), the session rejected (3)', async () => {
    const { tutor, lessonId } = await bookedLesson();
    at(START);
    const sessionId = await join(tutor, lessonId);
    at(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId });
    expect(await outcomeOf(tutor, lessonId, sessionId)).toMatchObject({
      lessonStatus: 'fulfilled',
      sessionStatus: SessionStatus.rejected,
      shown: SessionStatus.rejected,
      endedAt: END,
    });
  });

  it('without the tutor: cancelled by the tutor, by the platform, the session canceled by tutor (5)', async () => {
    const { student, lessonId } = await bookedLesson();
    at(START);
    const sessionId = await join(student, lessonId);
    at(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId });
    expect(await outcomeOf(student, lessonId, sessionId)).toEqual({
      lessonStatus: 'cancelledByTutor',
      sessionStatus: SessionStatus.canceledByTutor,
      shown: SessionStatus.canceledByTutor,
      endedAt: END,
      cancelledBy: null,
      cancelledByRole: 'platform',
    });
  });

  it('ended by the student as "tutor did not attend": the session canceled by tutor (5) at that moment', async () => {
    const { student, lessonId } = await bookedLesson();
    at(START);
    const sessionId = await join(student, lessonId);
    at('2025-01-06T07:21:00.000Z');
    const ended = await ask(student, 'POST', `/api/v1/lesson/${lessonId}/tutor-did-not-attend`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await outcomeOf(student, lessonId, sessionId)).toMatchObject({
      sessionStatus: SessionStatus.canceledByTutor,
      shown: SessionStatus.canceledByTutor,
      endedAt: '2025-01-06T07:21:00.000Z',
      cancelledByRole: 'platform',
    });
  });
});

describe('a cancelled lesson', () => {
  // Booked a quarter-hour ahead, it may still be cancelled for the late-booking grace (10 minutes after booking),
  // and its call opens 10 minutes before the start: at 09:06 both hold.
  const CANCELLED_AT = '2025-01-06T07:06:00.000Z';

  it.each([
    ['student', 'cancelledByStudent', SessionStatus.rejected],
    ['tutor', 'cancelledByTutor', SessionStatus.canceledByTutor],
  ] as const)('by its %s: the session follows (%s → %i), closed then', async (who, lessonStatus, sessionStatus) => {
    const members = await bookedLesson();
    const member = members[who];
    at(CANCELLED_AT);
    const { sessionId } = await openCall(member, members.lessonId);
    const cancelled = await ask(member, 'DELETE', `/api/v1/lesson/${members.lessonId}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await outcomeOf(member, members.lessonId, sessionId)).toEqual({
      lessonStatus,
      sessionStatus,
      shown: sessionStatus,
      endedAt: CANCELLED_AT,
      cancelledBy: member.id,
      cancelledByRole: who,
    });
  });

  it('by an admin while it happens: cancelled by admin, the admin named, the session canceled by admin (6)', async () => {
    const { tutor, student, lessonId } = await bookedLesson();
    at(START);
    const sessionId = await join(tutor, lessonId);
    await join(student, lessonId);
    at('2025-01-06T07:20:00.000Z');
    const cancelled = await ask(suite.admin, 'POST', `/api/v1/lesson/${lessonId}/staff-cancel`, {
      reason: 'a dispute',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await outcomeOf(student, lessonId, sessionId)).toEqual({
      lessonStatus: 'cancelledByAdmin',
      sessionStatus: SessionStatus.canceledByAdmin,
      shown: SessionStatus.canceledByAdmin,
      endedAt: '2025-01-06T07:20:00.000Z',
      cancelledBy: suite.admin.id,
      cancelledByRole: 'admin',
    });

    // Settled once: the end job finds nothing held, and the session keeps the admin's outcome.
    at(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId });
    expect((await outcomeOf(student, lessonId, sessionId)).sessionStatus).toBe(SessionStatus.canceledByAdmin);
  });

  it('whose call nobody opened: no session row is made, the lesson view still tells the outcome', async () => {
    const { student, lessonId } = await bookedLesson();
    const cancelled = await ask(student, 'DELETE', `/api/v1/lesson/${lessonId}`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelledByStudent', sessionStatus: SessionStatus.rejected });
    expect(await suite.t.database.db.select().from(sessions).where(eq(sessions.lessonId, lessonId))).toEqual([]);
    const [row] = await suite.t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(row).toMatchObject({ cancelledBy: student.id, status: 'cancelledByStudent' });
  });
});
