import type { AuditEntry } from '@darsak/domain/audit';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import type { PausedSubscription, PausePreview, Subscription } from '@darsak/domain/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor, renewSession } from '../../../test/harness/actors.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { subscriptionPauses } from './subscriptions.table.ts';

// Monday 2025-03-03, 12:00 in Cairo (UTC+2): a subscription bought now renews on Mondays at 06:00 Cairo and,
// for a month, ends Monday 2025-03-31 at 06:00.
const NOW = '2025-03-03T10:00:00Z';
let t: TestApp;
let admin: Actor;
let tutor: Actor;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
  tutor = await createTutor(t, { slots: ALL_WEEK });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const as = (actor: Actor | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, actor?.token, { method, url, ...(payload ? { payload } : {}) });

const book = (student: Actor, startsAt: string) =>
  as(student, 'POST', '/api/v1/lesson/', { tutorId: tutor.id, startsAt, durationMinutes: 30 });

async function booked(student: Actor, startsAt: string): Promise<number> {
  const answer = await book(student, startsAt);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

/** Moves the clock weeks on: her session is renewed, as the app does. */
async function later(student: Actor, at: string) {
  t.clock.set(at);
  await renewSession(t, student);
}

const current = async (student: Actor): Promise<Subscription> => (await as(student, 'GET', '/api/v1/sub/user')).json();

describe('pausing from settings', () => {
  it('previews the dates, the moved end and her lessons inside the pause', async () => {
    const student = await createStudentWithMinutes(t);
    const lessonId = await booked(student, '2025-03-05T08:00:00Z');
    const answer = await as(student, 'POST', '/api/v1/sub/pause/preview', { weeks: 2 });
    expect(answer.statusCode).toBe(200);
    const preview: PausePreview = answer.json();
    expect(preview).toMatchObject({
      startsAt: '2025-03-03T10:00:00.000Z',
      endsAt: '2025-03-17T10:00:00.000Z',
      subscriptionEndsAt: '2025-04-14T04:00:00.000Z',
    });
    expect(preview.lessons.map((l) => l.id)).toEqual([lessonId]);
    expect(await t.database.db.select().from(subscriptionPauses)).toHaveLength(0);
  });

  it('pauses now, cancels the lessons she chose with their minutes back, refuses booking in it, resumes after', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    const lessonId = await booked(student, '2025-03-05T10:00:00Z');
    const answer = await as(student, 'POST', '/api/v1/sub/pause', { weeks: 2, cancelLessonIds: [lessonId] });
    expect(answer.statusCode, answer.body).toBe(201);
    const paused: PausedSubscription = answer.json();
    expect(paused).toMatchObject({ cancelledLessonIds: [lessonId], keptLessonIds: [] });
    expect(paused.subscription).toMatchObject({
      endsAt: '2025-04-14T04:00:00.000Z',
      remainingWeeklyMinutes: 0,
      pauseOffer: null,
      pause: { startsAt: NOW.replace('Z', '.000Z'), endsAt: '2025-03-17T10:00:00.000Z', weeks: 2, endedEarlyAt: null },
    });
    const [lesson] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(lesson?.status).toBe('cancelledByStudent');

    const refused = await book(student, '2025-03-06T10:00:00Z');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'subscription-paused',
      message: ERROR_MESSAGES_AR['subscription-paused'],
    });
    const again = await as(student, 'POST', '/api/v1/sub/pause', { weeks: 1, startDate: '2025-03-25' });
    expect(again.json().code).toBe('pause-taken');

    // After it, the week it cut resumes with all its minutes (the cancelled lesson gave its 30 back) until Monday.
    await later(student, '2025-03-17T11:00:00Z');
    expect(await current(student)).toMatchObject({
      remainingWeeklyMinutes: 60,
      weekStartsAt: '2025-03-17T10:00:00.000Z',
      weekEndsAt: '2025-03-24T04:00:00.000Z',
    });
    await booked(student, '2025-03-18T10:00:00Z');
    expect((await current(student)).remainingWeeklyMinutes).toBe(30);
  });

  it('a later pause keeps the lessons she keeps on her week, and refuses booking inside it', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    await booked(student, '2025-03-06T12:00:00Z');
    const answer = await as(student, 'POST', '/api/v1/sub/pause', { weeks: 1, startDate: '2025-03-06' });
    expect(answer.statusCode).toBe(201);
    expect((answer.json() as PausedSubscription).subscription).toMatchObject({
      remainingWeeklyMinutes: 30,
      weekEndsAt: '2025-03-05T22:00:00.000Z',
      endsAt: '2025-04-07T04:00:00.000Z',
    });
    const inPause = await book(student, '2025-03-07T10:00:00Z');
    expect(inPause.json().code).toBe('subscription-paused');
    // The kept lesson draws on the same week's minutes once the week resumes: no minutes twice.
    await later(student, '2025-03-13T12:00:00Z');
    expect((await current(student)).remainingWeeklyMinutes).toBe(30);
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const student = await createStudentWithMinutes(t);
    const other = await createStudentWithMinutes(t);
    const strangerLesson = await booked(other, '2025-03-05T13:00:00Z');
    const cases: Array<[object, number, string]> = [
      [{ weeks: 4 }, 422, 'pause-weeks-out-of-range'],
      [{ weeks: 0 }, 400, 'bad-request'],
      [{ weeks: 'two' }, 400, 'bad-request'],
      [{ weeks: 1, startDate: '2025-03-02' }, 422, 'pause-out-of-period'],
      [{ weeks: 1, startDate: '2025-04-01' }, 422, 'pause-out-of-period'],
      [{ weeks: 1, startDate: 'tomorrow' }, 400, 'bad-request'],
      [{ weeks: 1, extra: true }, 400, 'bad-request'],
      [{ weeks: 1, cancelLessonIds: [strangerLesson] }, 400, 'lessons-not-in-pause'],
    ];
    for (const [payload, status, code] of cases) {
      const answer = await as(student, 'POST', '/api/v1/sub/pause', payload);
      expect([answer.statusCode, answer.json().code], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect(
      await t.database.db.select().from(subscriptionPauses).where(eq(subscriptionPauses.studentId, student.id)),
    ).toHaveLength(0);
    expect((await current(student)).endsAt).toBe('2025-03-31T04:00:00.000Z');
  });

  it('is for students with a paid subscription, and off when the setting says so', async () => {
    const noSubscription = await createActor(t, 'student');
    expect((await as(noSubscription, 'POST', '/api/v1/sub/pause', { weeks: 1 })).json().code).toBe(
      'subscription-not-found',
    );
    expect((await as(tutor, 'POST', '/api/v1/sub/pause', { weeks: 1 })).statusCode).toBe(403);
    expect((await as(undefined, 'POST', '/api/v1/sub/pause', { weeks: 1 })).statusCode).toBe(401);
    const student = await createStudentWithMinutes(t);
    await as(admin, 'PATCH', '/api/v1/platform-settings', { pausesPerPeriod: 0 });
    try {
      expect((await current(student)).pauseOffer).toBeNull();
      expect((await as(student, 'POST', '/api/v1/sub/pause', { weeks: 1 })).json().code).toBe('pause-unavailable');
    } finally {
      await as(admin, 'PATCH', '/api/v1/platform-settings', { pausesPerPeriod: 1 });
    }
    expect((await current(student)).pauseOffer).toEqual({ minWeeks: 1, maxWeeks: 3 });
  });
});

describe('ending a pause early', () => {
  it('she calls off a pause not begun: the end moves back and she may pause again', async () => {
    const student = await createStudentWithMinutes(t);
    await as(student, 'POST', '/api/v1/sub/pause', { weeks: 3, startDate: '2025-03-10' });
    const answer = await as(student, 'PATCH', '/api/v1/sub/pause/end');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ pause: null, endsAt: '2025-03-31T04:00:00.000Z' });
    expect((await as(student, 'PATCH', '/api/v1/sub/pause/end')).json().code).toBe('pause-not-found');
  });

  it('she ends a running pause with its week under way; in its last week it cannot end sooner', async () => {
    const student = await createStudentWithMinutes(t);
    await as(student, 'POST', '/api/v1/sub/pause', { weeks: 3 });
    t.clock.set('2025-03-05T10:00:00Z');
    const answer = await as(student, 'PATCH', '/api/v1/sub/pause/end');
    expect(answer.json()).toMatchObject({
      endsAt: '2025-04-07T04:00:00.000Z',
      pause: { endsAt: '2025-03-10T10:00:00.000Z', weeks: 3, endedEarlyBy: student.id, earlyEnd: null },
    });
    expect((await as(student, 'PATCH', '/api/v1/sub/pause/end')).json().code).toBe('pause-not-shortenable');
  });

  it('staff end it with a reason, audit-logged; students and tutors may not', async () => {
    const student = await createStudentWithMinutes(t);
    await as(student, 'POST', '/api/v1/sub/pause', { weeks: 2, startDate: '2025-03-04' });
    const url = `/api/v1/sub/${student.subscriptionId}/pause/end`;
    expect((await as(student, 'PATCH', url, { reason: 'Exams moved' })).statusCode).toBe(403);
    expect((await as(tutor, 'PATCH', url, { reason: 'Exams moved' })).statusCode).toBe(403);
    expect((await as(admin, 'PATCH', url, {})).json().code).toBe('bad-request');
    expect((await as(admin, 'PATCH', '/api/v1/sub/999999/pause/end', { reason: 'Exams moved' })).statusCode).toBe(404);
    const answer = await as(admin, 'PATCH', url, { reason: 'Exams moved' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ pause: null, endsAt: '2025-03-31T04:00:00.000Z' });
    const audit: AuditEntry[] = (
      await as(admin, 'GET', `/api/v1/audit-log/list?objectType=subscription&objectId=${student.subscriptionId}`)
    ).json().list;
    expect(audit).toMatchObject([
      {
        action: 'subscription.end-pause',
        actorId: admin.id,
        reason: 'Exams moved',
        before: { pauseEndsAt: '2025-03-17T22:00:00.000Z' },
        after: { pauseEndsAt: null },
      },
    ]);
  });
});

describe('pause settings', () => {
  it('refuses a shortest pause above the longest, naming both', async () => {
    const answer = await as(admin, 'PATCH', '/api/v1/platform-settings', { pauseMinWeeks: 4, pauseMaxWeeks: 3 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details.fields).toEqual({
      pauseMinWeeks: 'pause-weeks-crossed',
      pauseMaxWeeks: 'pause-weeks-crossed',
    });
  });
});
