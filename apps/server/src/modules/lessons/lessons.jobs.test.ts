import type { LessonView } from '@darsak/domain/lessons';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import type { Actor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { countedBy } from '../../../test/metrics.ts';
import { chooseNotifications } from '../../../test/notifications.ts';
import { type ClientSocket, connectAs, listen, nextEvent } from '../../../test/sockets.ts';
import { earningsEntries } from '../invoices/invoices.table.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { users } from '../users/users.table.ts';
import { LESSON_JOBS } from './lessons.lifecycle.ts';
import { lessons } from './lessons.table.ts';

// The lifecycle jobs run here by hand (the test app does not work its queue) with the test clock moved along.
const NOW = '2025-01-06T07:00:00Z'; // Monday 09:00 Cairo

let t: TestApp;
let baseUrl: string;
let tutor: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  baseUrl = await listen(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(NOW);
  tutor = await createTutor(t, { slots: ALL_WEEK });
});

async function book(student: Actor, startsAt: string, durationMinutes = 30): Promise<LessonView> {
  const response = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/lesson/',
    payload: { tutorId: tutor.id, startsAt, durationMinutes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const lessonRow = async (id: number) => (await t.database.db.select().from(lessons).where(eq(lessons.id, id)))[0];
const messagesTo = (userId: number) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId));
const run = (job: string, data: object) => t.app.jobs.run(job, data);

/** The jobs a lesson enlisted (pg-boss's table), by singleton key. */
async function queuedFor(lessonId: number) {
  const result = (await t.database.db.execute(
    sql`select name, singleton_key, start_after from pgboss.job where singleton_key like ${`%:${lessonId}%`} order by start_after`,
  )) as unknown as { rows: { name: string; singleton_key: string; start_after: Date }[] };
  return result.rows.map((r) => ({ name: r.name, key: r.singleton_key, at: new Date(r.start_after).toISOString() }));
}

async function jobCount(): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

describe('jobs enlisted by a booking', () => {
  it('queues the start, the end and the reminders a day and an hour before, in the booking’s transaction', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await book(student, '2025-01-08T10:00:00Z');
    expect(await queuedFor(lesson.id)).toEqual([
      { name: LESSON_JOBS.reminder, key: `lesson-reminder:${lesson.id}:oneDay`, at: '2025-01-07T10:00:00.000Z' },
      { name: LESSON_JOBS.reminder, key: `lesson-reminder:${lesson.id}:oneHour`, at: '2025-01-08T09:00:00.000Z' },
      { name: LESSON_JOBS.start, key: `lesson-start:${lesson.id}`, at: '2025-01-08T10:00:00.000Z' },
      { name: LESSON_JOBS.end, key: `lesson-end:${lesson.id}`, at: '2025-01-08T10:30:00.000Z' },
    ]);
  });

  it('skips a reminder whose moment has passed, and a refused booking enlists nothing', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await book(student, '2025-01-06T12:00:00Z');
    expect((await queuedFor(lesson.id)).map((j) => j.key)).toEqual([
      `lesson-reminder:${lesson.id}:oneHour`,
      `lesson-start:${lesson.id}`,
      `lesson-end:${lesson.id}`,
    ]);
    const before = await jobCount();
    const refused = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: tutor.id, startsAt: '2025-01-07T12:00:00Z', durationMinutes: 30 },
    });
    expect(refused.json().code).toBe('reached-booking-limit');
    expect(await jobCount()).toBe(before);
  });
});

describe('lifecycle', () => {
  it('pending → happening at the start, → fulfilled at the end when the tutor came, credited once', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await book(student, '2025-01-06T12:00:00Z');
    await run(LESSON_JOBS.start, { lessonId: lesson.id });
    expect((await lessonRow(lesson.id))?.status).toBe('pending');
    t.clock.set('2025-01-06T12:00:00Z');
    await run(LESSON_JOBS.start, { lessonId: lesson.id });
    expect((await lessonRow(lesson.id))?.status).toBe('happening');
    await t.database.db
      .update(lessons)
      .set({ tutorJoinedAt: new Date('2025-01-06T12:01:00Z') })
      .where(eq(lessons.id, lesson.id));
    await run(LESSON_JOBS.end, { lessonId: lesson.id });
    expect((await lessonRow(lesson.id))?.status).toBe('happening');
    t.clock.set('2025-01-06T12:30:00Z');
    await run(LESSON_JOBS.end, { lessonId: lesson.id });
    await run(LESSON_JOBS.end, { lessonId: lesson.id });
    expect((await lessonRow(lesson.id))?.status).toBe('fulfilled');
    const credits = await t.database.db.select().from(earningsEntries).where(eq(earningsEntries.lessonId, lesson.id));
    expect(credits.map((c) => c.amountPiastres)).toEqual([7500]);
    const stats = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/user/tutor/stats/personalized' });
    expect(stats.json()).toMatchObject({ lessons: 1, students: 1, teachingMinutes: 30, incomePiastres: 7500 });
  });

  it('a tutor who never joined: the lesson ends cancelled by the tutor, both are told, the minutes come back', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 30 });
    const socket: ClientSocket = await connectAs(baseUrl, student.token);
    try {
      const lesson = await book(student, '2025-01-06T12:00:00Z');
      t.clock.set('2025-01-06T12:30:00Z');
      const cancelled = nextEvent(socket, 'lesson:cancelled');
      const noShows = () => countedBy(t.app, 'darsak_lesson_no_shows_total', { ended_by: 'lesson-end' });
      const before = await noShows();
      await run(LESSON_JOBS.end, { lessonId: lesson.id });
      await run(LESSON_JOBS.end, { lessonId: lesson.id }); // a repeated run ends nothing more
      expect(await noShows()).toBe(before + 1);
      expect(await cancelled).toMatchObject({ lessonId: lesson.id, status: 'cancelledByTutor' });
      expect(await lessonRow(lesson.id)).toMatchObject({
        status: 'cancelledByTutor',
        cancelReason: 'tutorDidNotAttend',
      });
      expect((await messagesTo(student.id)).map((m) => m.template)).toContain('lesson-tutorDidNotAttend');
      expect((await messagesTo(tutor.id)).map((m) => m.template)).toContain('lesson-tutorDidNotAttend');
      const credits = await t.database.db.select().from(earningsEntries).where(eq(earningsEntries.lessonId, lesson.id));
      expect(credits).toEqual([]);
      const stats = await injectAs(t.app, student.token, {
        method: 'GET',
        url: '/api/v1/user/student/stats/personalized',
      });
      expect(stats.json().remainingWeeklyMinutes).toBe(30);
    } finally {
      socket.close();
    }
  });

  it('catches up lessons whose own jobs were lost', async () => {
    const student = await createStudentWithMinutes(t);
    const started = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:45:00Z'),
    });
    const over = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:00:00Z'),
      status: 'happening',
    });
    await run(LESSON_JOBS.catchUp, {});
    expect((await lessonRow(started.id))?.status).toBe('happening');
    expect((await lessonRow(over.id))?.status).toBe('cancelledByTutor');
  });
});

describe('reminders and notices', () => {
  it('reminds both members on their notification method while the lesson is still pending', async () => {
    const student = await createStudentWithMinutes(t);
    await chooseNotifications(t, student, 'email');
    await t.database.db.update(users).set({ notificationMethod: 'whatsapp' }).where(eq(users.id, tutor.id));
    const lesson = await book(student, '2025-01-08T10:00:00Z');
    t.clock.set('2025-01-07T10:00:00Z');
    await run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneDay' });
    const [toStudent] = (await messagesTo(student.id)).filter((m) => m.template === 'lesson-oneDay');
    const [toTutor] = (await messagesTo(tutor.id)).filter((m) => m.template === 'lesson-oneDay');
    expect(toStudent).toMatchObject({ channel: 'email', subject: 'تذكير بدرس الغد' });
    expect(toTutor).toMatchObject({ channel: 'whatsapp', subject: null });
    expect(toStudent?.body).toContain('أحمد محمود');
  });

  it('sends each member one reminder when its job runs again (delivery is at least once)', async () => {
    const student = await createStudentWithMinutes(t);
    await chooseNotifications(t, student, 'whatsapp');
    await chooseNotifications(t, tutor, 'email');
    const lesson = await book(student, '2025-01-08T10:00:00Z');
    t.clock.set('2025-01-07T10:00:00Z');
    await run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneDay' });
    await run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneDay' });
    for (const member of [student, tutor]) {
      expect((await messagesTo(member.id)).filter((m) => m.template === 'lesson-oneDay')).toHaveLength(1);
    }
  });

  it('stays quiet for a cancelled lesson, and tells both members of a booking and a cancellation', async () => {
    const student = await createStudentWithMinutes(t);
    await chooseNotifications(t, student, 'email');
    const lesson = await book(student, '2025-01-09T10:00:00Z');
    expect((await messagesTo(tutor.id)).map((m) => m.template)).toEqual(['lesson-booked']);
    await injectAs(t.app, student.token, { method: 'DELETE', url: `/api/v1/lesson/${lesson.id}` });
    await run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneDay' });
    expect((await messagesTo(tutor.id)).map((m) => m.template)).toEqual(['lesson-booked', 'lesson-cancelled']);
    const own = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), like(outboxMessages.template, 'lesson-%')));
    expect(own.map((m) => m.template)).toEqual(['lesson-booked', 'lesson-cancelled']);
  });
});

describe('realtime', () => {
  it('tells both members of a booking and of a move, after commit', async () => {
    const student = await createStudentWithMinutes(t);
    const [studentSocket, tutorSocket] = await Promise.all([
      connectAs(baseUrl, student.token),
      connectAs(baseUrl, tutor.token),
    ]);
    try {
      const seen = Promise.all([nextEvent(studentSocket, 'lesson:booked'), nextEvent(tutorSocket, 'lesson:booked')]);
      const lesson = await book(student, '2025-01-09T12:00:00Z');
      for (const payload of await seen) expect(payload).toMatchObject({ lessonId: lesson.id, studentId: student.id });
      const moved = nextEvent(tutorSocket, 'lesson:rebooked');
      const response = await injectAs(t.app, student.token, {
        method: 'PATCH',
        url: '/api/v1/lesson/',
        payload: { id: lesson.id, startsAt: '2025-01-09T13:00:00Z', durationMinutes: 30 },
      });
      expect(await moved).toMatchObject({ previousLessonId: lesson.id, lessonId: response.json().id });
    } finally {
      studentSocket.close();
      tutorSocket.close();
    }
  });
});
