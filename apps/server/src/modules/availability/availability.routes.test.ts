import type { FreeTimes } from '@darsak/domain/availability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { type ClientSocket, connectAs, listen, nextEvent } from '../../../test/sockets.ts';

// Monday 2025-01-06 09:00 Cairo (07:00Z, winter: UTC+2).
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  baseUrl = await listen(t.app);
});
afterAll(() => t.close());

const TUESDAY_10_TO_11 = { weekday: 2, startMinute: 600, endMinute: 660 };
const WEDNESDAY_MORNING = { weekday: 3, startMinute: 540, endMinute: 720 };

const saveWeek = (who: Actor | undefined, payload: Record<string, unknown>) =>
  injectAs(t.app, who?.token, { method: 'POST', url: '/api/v1/availability-slot/', payload });
const replace = (who: Actor | undefined, slots: unknown) => saveWeek(who, { slots });
const freeTimes = async (who: Actor | undefined, query: string): Promise<FreeTimes> => {
  const response = await injectAs(t.app, who?.token, { method: 'GET', url: `/api/v1/availability-slot/free?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const starts = (free: FreeTimes) => free.list.map((f) => f.startsAt);

describe('weekly slots', () => {
  it('replaces the signed-in tutor’s week and lists it, to the tutor and to anyone by tutorId', async () => {
    const tutor = await createTutor(t);
    const saved = await replace(tutor, [WEDNESDAY_MORNING, TUESDAY_10_TO_11]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().list.map((s: { weekday: number }) => s.weekday)).toEqual([2, 3]);
    const own = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/availability-slot/' });
    expect(own.json().total).toBe(2);
    const anyone = await t.app.inject({ method: 'GET', url: `/api/v1/availability-slot/?tutorId=${tutor.id}` });
    expect(anyone.json().list[0]).toMatchObject(TUESDAY_10_TO_11);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/v1/availability-slot/' });
    expect({ status: nobody.statusCode, code: nobody.json().code }).toEqual({ status: 400, code: 'bad-request' });
    expect((await replace(tutor, [])).json()).toEqual({ total: 0, list: [], lessonLengths: [15, 30] });
  });

  it('saves the lesson lengths with the slots; leaving them out keeps them; students see them on the profile', async () => {
    const tutor = await createTutor(t);
    const both = await saveWeek(tutor, { slots: [TUESDAY_10_TO_11], lessonLengths: [30, 15] });
    expect(both.json()).toMatchObject({ total: 1, lessonLengths: [15, 30] });
    const only30 = await saveWeek(tutor, { slots: [TUESDAY_10_TO_11, WEDNESDAY_MORNING], lessonLengths: [30] });
    expect(only30.json()).toMatchObject({ total: 2, lessonLengths: [30] });
    const kept = await replace(tutor, [WEDNESDAY_MORNING]);
    expect(kept.json()).toMatchObject({ total: 1, lessonLengths: [30] });
    const anyone = await t.app.inject({ method: 'GET', url: `/api/v1/availability-slot/?tutorId=${tutor.id}` });
    expect(anyone.json()).toMatchObject({ total: 1, lessonLengths: [30] });
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutor.id}` });
    expect(profile.json().lessonLengths).toEqual([30]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/availability-slot/?tutorId=999999' });
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: 'tutor-not-found' });
  });

  it('[400 bad-request] refuses unknown, missing or repeated lengths and changes nothing', async () => {
    const tutor = await createTutor(t, { slots: [TUESDAY_10_TO_11], lessonLengths: [15] });
    const cases: [unknown, Record<string, string>][] = [
      [[20], { 'lessonLengths.0': expect.any(String) }],
      [[], { lessonLengths: 'lesson-lengths-required' }],
      [[30, 30], { lessonLengths: 'lesson-lengths-duplicate' }],
      [[15, 30, 15], { lessonLengths: 'lesson-lengths-duplicate' }],
      ['30', { lessonLengths: expect.any(String) }],
    ];
    for (const [lessonLengths, fields] of cases) {
      const refused = await saveWeek(tutor, { slots: [WEDNESDAY_MORNING], lessonLengths });
      expect({ lessonLengths, status: refused.statusCode, code: refused.json().code }).toEqual({
        lessonLengths,
        status: 400,
        code: 'bad-request',
      });
      expect(refused.json().details.fields).toEqual(fields);
    }
    const own = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/availability-slot/' });
    expect(own.json()).toMatchObject({ total: 1, list: [TUESDAY_10_TO_11], lessonLengths: [15] });
  });

  it('lets a tutor drop a length that booked lessons have: they stay booked', async () => {
    const tutor = await createTutor(t, { slots: [WEDNESDAY_MORNING] });
    const student = await createStudentWithMinutes(t);
    const booked = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: tutor.id, startsAt: '2025-01-08T08:00:00Z', durationMinutes: 30 },
    });
    expect(booked.statusCode).toBe(201);
    const saved = await saveWeek(tutor, { slots: [WEDNESDAY_MORNING], lessonLengths: [15] });
    expect(saved.json()).toMatchObject({ lessonLengths: [15] });
    const lesson = await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/lesson/${booked.json().id}` });
    expect(lesson.json()).toMatchObject({ status: 'pending', durationMinutes: 30 });
  });

  it('refuses overlapping or off-grid spans, and callers who are not tutors', async () => {
    const tutor = await createTutor(t);
    const overlapping = await replace(tutor, [TUESDAY_10_TO_11, { weekday: 2, startMinute: 630, endMinute: 690 }]);
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().details.fields).toEqual({ 'slots.1': 'slot-overlap' });
    expect((await replace(tutor, [{ weekday: 2, startMinute: 605, endMinute: 660 }])).statusCode).toBe(400);
    const student = await createActor(t, 'student');
    expect((await replace(student, [TUESDAY_10_TO_11])).json().code).toBe('forbidden');
    expect((await replace(undefined, [TUESDAY_10_TO_11])).json().code).toBe('unauthenticated');
  });

  it('[409 conflicting-schedule] refuses a change that would leave a booked lesson outside, listing it', async () => {
    const tutor = await createTutor(t, { slots: [WEDNESDAY_MORNING] });
    const student = await createStudentWithMinutes(t);
    const booked = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: tutor.id, startsAt: '2025-01-08T08:00:00Z', durationMinutes: 30 }, // Wed 10:00 Cairo
    });
    expect(booked.statusCode).toBe(201);
    const refused = await replace(tutor, [TUESDAY_10_TO_11]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflicting-schedule',
      details: {
        lessons: [
          {
            id: booked.json().id,
            studentId: student.id,
            startsAt: '2025-01-08T08:00:00.000Z',
            endsAt: '2025-01-08T08:30:00.000Z',
          },
        ],
      },
    });
    const narrower = await replace(tutor, [{ weekday: 3, startMinute: 600, endMinute: 630 }]);
    expect(narrower.statusCode).toBe(200);
    await injectAs(t.app, student.token, { method: 'DELETE', url: `/api/v1/lesson/${booked.json().id}` });
    expect((await replace(tutor, [])).statusCode).toBe(200);
  });

  it('tells followers of the tutors channel and refreshes the cached list', async () => {
    const tutor = await createTutor(t, { slots: [TUESDAY_10_TO_11] });
    const student = await createActor(t, 'student');
    const socket: ClientSocket = await connectAs(baseUrl, student.token);
    try {
      await socket.emitWithAck('channel:subscribe', { channel: 'tutors' });
      const cardOf = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=100' }))
          .json()
          .list.find((c: { id: number }) => c.id === tutor.id);
      expect((await cardOf()).nextFreeAt).toBe('2025-01-07T08:00:00.000Z');
      const changed = nextEvent(socket, 'tutors:changed');
      await replace(tutor, [WEDNESDAY_MORNING]);
      expect(await changed).toEqual({ tutorId: tutor.id });
      expect((await cardOf()).nextFreeAt).toBe('2025-01-08T07:00:00.000Z');
    } finally {
      socket.close();
    }
  });
});

describe('free times', () => {
  it('are the quarter-hour starts inside the slots, past the notice, not taken', async () => {
    const tutor = await createTutor(t, { slots: [TUESDAY_10_TO_11, { weekday: 1, startMinute: 540, endMinute: 600 }] });
    const free = await freeTimes(undefined, `tutorId=${tutor.id}&durationMinutes=30`);
    expect(free.week).toBeNull();
    // Monday 09:00–10:00 Cairo: the 30-minute notice leaves 09:30; Tuesday 10:00–11:00 holds three half hours.
    expect(starts(free)).toEqual([
      '2025-01-06T07:30:00.000Z',
      '2025-01-07T08:00:00.000Z',
      '2025-01-07T08:15:00.000Z',
      '2025-01-07T08:30:00.000Z',
    ]);
    const student = await createStudentWithMinutes(t);
    await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: tutor.id, startsAt: '2025-01-07T08:15:00Z', durationMinutes: 15 },
    });
    const after = await freeTimes(
      undefined,
      `tutorId=${tutor.id}&durationMinutes=15&from=2025-01-07T00:00:00Z&to=2025-01-08T00:00:00Z`,
    );
    expect(starts(after)).toEqual(['2025-01-07T08:00:00.000Z', '2025-01-07T08:30:00.000Z', '2025-01-07T08:45:00.000Z']);
  });

  it('for a student, stay inside their week, show the minutes left, and free the lesson being moved', async () => {
    const tutor = await createTutor(t, { slots: [TUESDAY_10_TO_11] });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    const lesson = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: tutor.id, startsAt: '2025-01-07T08:00:00Z', durationMinutes: 30 },
    });
    const free = await freeTimes(student, `tutorId=${tutor.id}&durationMinutes=30&to=2025-01-20T00:00:00Z`);
    expect(free.week).toEqual({
      startsAt: '2025-01-06T07:00:00.000Z',
      endsAt: '2025-01-13T04:00:00.000Z',
      remainingMinutes: 30,
    });
    expect(starts(free)).toEqual(['2025-01-07T08:30:00.000Z']);
    const moving = await freeTimes(
      student,
      `tutorId=${tutor.id}&durationMinutes=30&movingLessonId=${lesson.json().id}`,
    );
    expect(moving.week?.remainingMinutes).toBe(60);
    expect(starts(moving)).toEqual([
      '2025-01-07T08:00:00.000Z',
      '2025-01-07T08:15:00.000Z',
      '2025-01-07T08:30:00.000Z',
    ]);
  });

  it('are none for a length the tutor does not teach, which the answer says', async () => {
    const tutor = await createTutor(t, { slots: [TUESDAY_10_TO_11], lessonLengths: [15] });
    const student = await createStudentWithMinutes(t);
    const long = await freeTimes(student, `tutorId=${tutor.id}&durationMinutes=30`);
    expect(long).toMatchObject({ durationMinutes: 30, lessonLengths: [15], total: 0, list: [] });
    const short = await freeTimes(student, `tutorId=${tutor.id}&durationMinutes=15`);
    expect(short).toMatchObject({ lessonLengths: [15], total: 4 });
  });

  it('give a 30-minute-only tutor their next free time for 30 minutes', async () => {
    const quarter = { weekday: 2, startMinute: 600, endMinute: 615 }; // Tuesday 10:00–10:15 Cairo
    const tutor = await createTutor(t, { slots: [quarter, WEDNESDAY_MORNING], lessonLengths: [30] });
    const card = await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutor.id}` });
    expect(card.json()).toMatchObject({ lessonLengths: [30], nextFreeAt: '2025-01-08T07:00:00.000Z' });
    await saveWeek(tutor, { slots: [quarter, WEDNESDAY_MORNING], lessonLengths: [15, 30] });
    const both = await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutor.id}` });
    expect(both.json()).toMatchObject({ lessonLengths: [15, 30], nextFreeAt: '2025-01-07T08:00:00.000Z' });
  });

  it('answer coded errors for unknown tutors and bad ranges', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/availability-slot/free?tutorId=999999' });
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: 'tutor-not-found' });
    const tutor = await createTutor(t, { slots: [TUESDAY_10_TO_11] });
    for (const query of [
      `tutorId=${tutor.id}&from=2025-01-01T00:00:00Z&to=2025-03-01T00:00:00Z`,
      `tutorId=${tutor.id}&durationMinutes=45`,
      `tutorId=${tutor.id}&from=yesterday`,
      'tutorId=abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/availability-slot/free?${query}` });
      expect({ query, status: response.statusCode, code: response.json().code }).toEqual({
        query,
        status: 400,
        code: 'bad-request',
      });
    }
  });
});
