import type { LessonRecord, LessonView } from '@darsak/domain/lessons';
import type { Subscription } from '@darsak/domain/subscriptions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { lessonCallSuite } from '../../../test/lesson-calls.ts';
import { acked, nextEvent } from '../../../test/sockets.ts';
import { earningsEntries } from '../invoices/invoices.table.ts';
import { LESSON_JOBS } from './lessons.lifecycle.ts';

// A lesson's minutes follow its call (issue 29): what both members were connected for is charged and paid, what a
// drop took goes back to the student's week. Monday 6 January 2025, 09:00 in Cairo; lessons at 09:15–09:45.
const NOW = '2025-01-06T07:00:00.000Z';
const START = '2025-01-06T07:15:00.000Z';
const END = '2025-01-06T07:45:00.000Z';
const minute = (m: number) => new Date(Date.parse(START) + m * 60_000).toISOString();

const { suite, sockets, ask, bookedLesson, joinCall: joined } = lessonCallSuite(NOW);

const remaining = async (student: Actor) =>
  ((await ask(student, 'GET', '/api/v1/sub/user')).json() as Subscription).remainingWeeklyMinutes;

async function callKinds(lessonId: number) {
  const record = (await ask(suite.admin, 'GET', `/api/v1/lesson/${lessonId}/record`)).json() as LessonRecord;
  return record.events.map((event) => event.kind);
}

async function earned(lessonId: number) {
  const rows = await suite.t.database.db.select().from(earningsEntries).where(eq(earningsEntries.lessonId, lessonId));
  return rows.map((row) => row.amountPiastres);
}

/** A booked lesson at its start, both members in its call with media flowing. */
async function lessonUnderWay() {
  const { tutor, student, lesson } = await bookedLesson(START, 60);
  suite.t.clock.set(START);
  await suite.t.app.jobs.run(LESSON_JOBS.start, { lessonId: lesson.id });
  const tutorSide = await joined(tutor, lesson.id);
  const studentSide = await joined(student, lesson.id);
  await tutorSide.media(true);
  await studentSide.media(true);
  return { tutor, student, lesson, tutorSide, studentSide };
}

describe('measured attendance', () => {
  it('gives back the minutes a drop took and pays the tutor for the rest', async () => {
    const { student, lesson, studentSide, tutorSide } = await lessonUnderWay();
    expect(await remaining(student)).toBe(30);
    // the student's link falls for four minutes: both clients say so (a drop takes both connections down), then
    // that it is back
    suite.t.clock.set(minute(10));
    await studentSide.media(false);
    await tutorSide.media(false);
    suite.t.clock.set(minute(14));
    await studentSide.media(true);
    await tutorSide.media(true);
    await studentSide.media(true); // unchanged: recorded once

    suite.t.clock.set(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id });
    const ended = (await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView;
    expect(ended).toMatchObject({ status: 'fulfilled', chargedMinutes: 26 });
    expect(await remaining(student)).toBe(60 - 26);
    expect(await earned(lesson.id)).toEqual([Math.round((lesson.pricePiastres * 26) / 30)]);

    // staff read the same timeline, the drop with it
    const record = (await ask(suite.admin, 'GET', `/api/v1/lesson/${lesson.id}/record`)).json() as LessonRecord;
    const studentMedia = record.events.filter((e) => e.userId === student.id && e.kind.startsWith('media'));
    expect(studentMedia.map((e) => [e.kind, e.at])).toEqual([
      ['media-up', START],
      ['media-down', minute(10)],
      ['media-up', minute(14)],
    ]);
    expect(record.lesson.chargedMinutes).toBe(26);
  });

  it('charges and credits once when the end job runs twice at once', async () => {
    const { student, lesson, tutorSide } = await lessonUnderWay();
    suite.t.clock.set(minute(20));
    await tutorSide.media(false);
    suite.t.clock.set(minute(25));
    await tutorSide.media(true);
    suite.t.clock.set(END);
    await Promise.all([
      suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id }),
      suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id }),
    ]);
    expect(((await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView).chargedMinutes).toBe(25);
    expect(await remaining(student)).toBe(60 - 25);
    expect(await earned(lesson.id)).toEqual([Math.round((lesson.pricePiastres * 25) / 30)]);
  });

  it('gives the student back what her own client alone says was lost, and still pays the tutor for it', async () => {
    const { student, lesson, studentSide } = await lessonUnderWay();
    suite.t.clock.set(minute(5));
    await studentSide.media(false);
    suite.t.clock.set(minute(25));
    await studentSide.media(true);
    suite.t.clock.set(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id });
    const ended = (await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView;
    expect(ended).toMatchObject({ chargedMinutes: 10, paidMinutes: 30 });
    expect(await remaining(student)).toBe(60 - 10);
    expect(await earned(lesson.id)).toEqual([lesson.pricePiastres]);
  });

  it('charges and pays a lesson held without a drop in full', async () => {
    const { tutor, student, lesson } = await bookedLesson(START, 60);
    suite.t.clock.set(START);
    await suite.t.app.jobs.run(LESSON_JOBS.start, { lessonId: lesson.id });
    await (await joined(tutor, lesson.id)).media(true);
    await (await joined(student, lesson.id)).media(true);
    suite.t.clock.set(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id });
    expect(((await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView).chargedMinutes).toBe(30);
    expect(await remaining(student)).toBe(30);
    expect(await earned(lesson.id)).toEqual([lesson.pricePiastres]);
  });

  it('refuses a media report from someone not in the call, and records nothing', async () => {
    const { tutor, lesson } = await bookedLesson(START, 60);
    suite.t.clock.set(START);
    const tutorSide = await joined(tutor, lesson.id);
    const stranger = await sockets.connect(suite.baseUrl, (await createActor(suite.t, 'student')).token);
    const refused = await stranger.emitWithAck('session:connection', { sessionId: tutorSide.sessionId, flowing: true });
    expect(refused).toMatchObject({ ok: false, code: 'forbidden' });
    const record = (await ask(suite.admin, 'GET', `/api/v1/lesson/${lesson.id}/record`)).json() as LessonRecord;
    expect(record.events.map((e) => e.kind)).toEqual(['join']);
  });

  it('ends a lesson whose call stayed down for the setting’s minutes, with the minutes not taken back at once', async () => {
    const { tutor, student, lesson, tutorSide, studentSide } = await lessonUnderWay();
    // the student's phone loses its network five minutes in: her socket goes, and the media both ways
    suite.t.clock.set(minute(5));
    await studentSide.media(false);
    await tutorSide.media(false);
    studentSide.socket.disconnect();
    await expect.poll(async () => (await callKinds(lesson.id)).at(-1)).toBe('drop');

    // nine minutes later the lesson still waits for her; at ten (the default setting) it ends
    suite.t.clock.set(minute(14));
    await suite.t.app.jobs.run(LESSON_JOBS.endDropped, {});
    expect(((await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView).status).toBe('happening');
    const told = nextEvent(tutorSide.socket, 'lesson:ended');
    suite.t.clock.set(minute(15));
    await suite.t.app.jobs.run(LESSON_JOBS.endDropped, {});
    expect(await told).toMatchObject({ lessonId: lesson.id, status: 'fulfilled' });
    const ended = (await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView;
    expect(ended).toMatchObject({ status: 'fulfilled', chargedMinutes: 5 });
    expect(await remaining(student)).toBe(60 - 5);
    expect(await earned(lesson.id)).toEqual([Math.round((lesson.pricePiastres * 5) / 30)]);
    // the call is over for both; the end job at its scheduled end changes nothing
    const again = await ask(tutor, 'GET', `/api/v1/session/token?lessonId=${lesson.id}`);
    expect(again.json()).toMatchObject({ code: 'session-not-open' });
    suite.t.clock.set(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id });
    expect(await earned(lesson.id)).toHaveLength(1);
    expect(await remaining(student)).toBe(60 - 5);
  });

  it('leaves a lesson whose call came back, or that the student left by choice, to its end', async () => {
    const { student, lesson, studentSide } = await lessonUnderWay();
    suite.t.clock.set(minute(2));
    await studentSide.media(false);
    suite.t.clock.set(minute(4));
    await studentSide.media(true);
    suite.t.clock.set(minute(20));
    await suite.t.app.jobs.run(LESSON_JOBS.endDropped, {});
    expect(((await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView).status).toBe('happening');

    acked(await studentSide.socket.emitWithAck('session:leave', { sessionId: studentSide.sessionId }));
    suite.t.clock.set(minute(29));
    await suite.t.app.jobs.run(LESSON_JOBS.endDropped, {});
    expect(((await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView).status).toBe('happening');
    suite.t.clock.set(END);
    await suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id });
  });

  it('ends a lesson the tutor never came to at the setting, with every minute back and no claim', async () => {
    const { student, lesson } = await bookedLesson(START, 60);
    suite.t.clock.set(START);
    await suite.t.app.jobs.run(LESSON_JOBS.start, { lessonId: lesson.id });
    const studentSide = await joined(student, lesson.id);
    await studentSide.media(false);
    suite.t.clock.set(minute(9));
    await suite.t.app.jobs.run(LESSON_JOBS.endDropped, {});
    expect(((await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView).status).toBe('happening');
    const told = nextEvent(studentSide.socket, 'lesson:cancelled');
    suite.t.clock.set(minute(10));
    await suite.t.app.jobs.run(LESSON_JOBS.endDropped, {});
    expect(await told).toMatchObject({ lessonId: lesson.id, status: 'cancelledByTutor' });
    const ended = (await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView;
    expect(ended).toMatchObject({ status: 'cancelledByTutor', cancelReason: 'tutorDidNotAttend' });
    expect(await remaining(student)).toBe(60);
    expect(await earned(lesson.id)).toEqual([]);
  });

  it('ends a dropped lesson once when the drop check and the end job run at the same time', async () => {
    const { student, lesson, studentSide, tutorSide } = await lessonUnderWay();
    suite.t.clock.set(minute(15));
    await studentSide.media(false);
    await tutorSide.media(false);
    suite.t.clock.set(END);
    await Promise.all([
      suite.t.app.jobs.run(LESSON_JOBS.endDropped, {}),
      suite.t.app.jobs.run(LESSON_JOBS.endDropped, {}),
      suite.t.app.jobs.run(LESSON_JOBS.end, { lessonId: lesson.id }),
    ]);
    const ended = (await ask(student, 'GET', `/api/v1/lesson/${lesson.id}`)).json() as LessonView;
    expect(ended).toMatchObject({ status: 'fulfilled', chargedMinutes: 15, paidMinutes: 15 });
    expect(await remaining(student)).toBe(60 - 15);
    expect(await earned(lesson.id)).toEqual([Math.round((lesson.pricePiastres * 15) / 30)]);
  });
});
