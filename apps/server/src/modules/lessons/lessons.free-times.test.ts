import { randomUUID } from 'node:crypto';
import type { FreeTimes } from '@darsak/domain/availability';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildSecondInstance, buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import type { Actor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';

// A tutor's side of free times is cached per tutor (60 s). The clock never moves in these tests, so an answer
// that follows a change comes from a forgotten entry, not an aged-out one.

// Monday 2025-01-06 09:00 Cairo (07:00Z); the tutors' notice is 30 minutes.
const NOW = '2025-01-06T07:00:00Z';
const NOON = '2025-01-07T10:00:00.000Z'; // Tuesday 12:00 Cairo
const QUARTER_TO_NOON = '2025-01-07T09:45:00.000Z';
const ONE = '2025-01-07T11:00:00.000Z';

let t: TestApp;
let tutor: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
beforeEach(async () => {
  tutor = await createTutor(t, { slots: ALL_WEEK });
});
afterAll(() => t.close());

async function freeTimesOf(app: FastifyInstance, tutorId: number, who?: Actor, durationMinutes = 30) {
  const response = await injectAs(app, who?.token, {
    method: 'GET',
    url: `/api/v1/availability-slot/free?tutorId=${tutorId}&durationMinutes=${durationMinutes}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FreeTimes;
}

async function freeStarts(app: FastifyInstance, tutorId: number, who?: Actor, durationMinutes = 30) {
  return new Set((await freeTimesOf(app, tutorId, who, durationMinutes)).list.map((time) => time.startsAt));
}

/** What a student sees of their own week and lessons in another tutor's free times. */
async function ownSide(app: FastifyInstance, tutorId: number, student: Actor) {
  const { week, list } = await freeTimesOf(app, tutorId, student);
  return { remainingMinutes: week?.remainingMinutes ?? null, noonFree: list.some((time) => time.startsAt === NOON) };
}

async function call(
  app: FastifyInstance,
  who: Actor,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
) {
  const response = await injectAs(app, who.token, { method, url, ...(body ? { payload: body } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const bookNoon = (app: FastifyInstance, student: Actor, tutorId: number) =>
  call(app, student, 'POST', '/api/v1/lesson/', { tutorId, startsAt: NOON, durationMinutes: 30 });

describe('free times follow a change at once', () => {
  it('a booked time leaves them for everyone, and cancelling brings it back', async () => {
    const [student, other] = [await createStudentWithMinutes(t), await createStudentWithMinutes(t)];
    expect(await freeStarts(t.app, tutor.id)).toContain(NOON);
    expect(await freeStarts(t.app, tutor.id, other)).toContain(NOON);
    const lesson = await bookNoon(t.app, student, tutor.id);
    for (const who of [undefined, other, student]) {
      const starts = await freeStarts(t.app, tutor.id, who);
      expect(starts).not.toContain(NOON);
      expect(starts).not.toContain(QUARTER_TO_NOON);
    }
    await call(t.app, tutor, 'DELETE', `/api/v1/lesson/${lesson.id}`);
    expect(await freeStarts(t.app, tutor.id)).toContain(NOON);
    expect(await freeStarts(t.app, tutor.id, other)).toContain(QUARTER_TO_NOON);
  });

  it('a moved lesson frees its old time and takes the new one', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await bookNoon(t.app, student, tutor.id);
    expect(await freeStarts(t.app, tutor.id)).toContain(ONE);
    await call(t.app, student, 'PATCH', '/api/v1/lesson/', { id: lesson.id, startsAt: ONE, durationMinutes: 30 });
    const starts = await freeStarts(t.app, tutor.id);
    expect(starts).toContain(NOON);
    expect(starts).not.toContain(ONE);
  });

  it('a new schedule, lesson lengths and notice period', async () => {
    expect(await freeStarts(t.app, tutor.id, undefined, 15)).toContain(NOON);
    const tuesdayNoon = { weekday: 2, startMinute: 12 * 60, endMinute: 13 * 60 };
    await call(t.app, tutor, 'POST', '/api/v1/availability-slot/', { slots: [tuesdayNoon], lessonLengths: [30] });
    expect(await freeStarts(t.app, tutor.id)).toEqual(
      new Set([NOON, '2025-01-07T10:15:00.000Z', '2025-01-07T10:30:00.000Z']),
    );
    expect(await freeStarts(t.app, tutor.id, undefined, 15)).toEqual(new Set());
    await call(t.app, tutor, 'PUT', `/api/v1/user/${tutor.id}`, { noticePeriodMinutes: 27 * 60 + 20 });
    expect(await freeStarts(t.app, tutor.id)).toEqual(new Set(['2025-01-07T10:30:00.000Z']));
  });

  it("a student's own booking takes its minutes and its time at every tutor; cancelling gives both back", async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    const elsewhere = await createTutor(t, { slots: ALL_WEEK });
    expect(await ownSide(t.app, elsewhere.id, student)).toEqual({ remainingMinutes: 60, noonFree: true });
    const lesson = await bookNoon(t.app, student, tutor.id);
    expect(await ownSide(t.app, elsewhere.id, student)).toEqual({ remainingMinutes: 30, noonFree: false });
    const moved = await call(t.app, student, 'PATCH', '/api/v1/lesson/', {
      id: lesson.id,
      startsAt: ONE,
      durationMinutes: 15,
    });
    expect(await ownSide(t.app, elsewhere.id, student)).toEqual({ remainingMinutes: 45, noonFree: true });
    expect(await freeStarts(t.app, elsewhere.id, student)).not.toContain(ONE);
    await call(t.app, tutor, 'DELETE', `/api/v1/lesson/${moved.id}`);
    expect(await ownSide(t.app, elsewhere.id, student)).toEqual({ remainingMinutes: 60, noonFree: true });
  });

  it("a student's cancelled subscription takes their week away at once", async () => {
    const student = await createStudentWithMinutes(t);
    expect((await ownSide(t.app, tutor.id, student)).remainingMinutes).toBe(60);
    await call(t.app, student, 'PATCH', '/api/v1/sub/cancel', {});
    expect((await freeTimesOf(t.app, tutor.id, student)).week).toBeNull();
  });

  it('a stale entry never lets a double booking through: booking checks the database', async () => {
    const [student, other] = [await createStudentWithMinutes(t), await createStudentWithMinutes(t)];
    expect(await freeStarts(t.app, tutor.id)).toContain(NOON);
    // Written behind the cache's back, as nothing in the app does: the cached entry still shows noon free.
    await insertLesson(t, { tutorId: tutor.id, studentId: other.id, startsAt: new Date(NOON) });
    expect(await freeStarts(t.app, tutor.id)).toContain(NOON);
    const refused = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: tutor.id, startsAt: NOON, durationMinutes: 30 },
    });
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 409, code: 'busy-tutor' });
  });
});

// Two API instances on one PostgreSQL database sharing the cache through Redis, as in production.
describe.runIf(process.env.REDIS_URL && process.env.DATABASE_URL)('two instances through Redis', () => {
  it('see each other’s bookings, cancellations and schedule changes at once, for the tutor and the student', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', REDIS_CACHE_PREFIX: `darsak:test:${randomUUID()}` };
    const first = await buildTestApp({ now: NOW, env });
    const { app: second, database } = await buildSecondInstance(first);
    try {
      const teacher = await createTutor(first, { slots: ALL_WEEK });
      const student = await createStudentWithMinutes(first);
      const minutesLeft = async (app: FastifyInstance) =>
        (await freeTimesOf(app, teacher.id, student)).week?.remainingMinutes;
      expect(await freeStarts(first.app, teacher.id)).toContain(NOON);
      expect(await freeStarts(second, teacher.id)).toContain(NOON);
      expect(await minutesLeft(first.app)).toBe(60);
      const lesson = await bookNoon(second, student, teacher.id);
      expect(await freeStarts(first.app, teacher.id)).not.toContain(NOON);
      expect(await minutesLeft(first.app)).toBe(30);
      expect(await minutesLeft(second)).toBe(30);
      await call(first.app, student, 'DELETE', `/api/v1/lesson/${lesson.id}`);
      expect(await freeStarts(second, teacher.id)).toContain(NOON);
      expect(await minutesLeft(second)).toBe(60);
      await call(second, teacher, 'POST', '/api/v1/availability-slot/', { slots: [] });
      expect(await freeStarts(first.app, teacher.id)).toEqual(new Set());
    } finally {
      await second.close();
      await database.close();
      await first.close();
    }
  });
});
