import type { LessonView } from '@darsak/domain/lessons';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_WEEK,
  createStudentWithMinutes,
  createTutor,
  giveMinutes,
  verify,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { countedBy } from '../../../test/metrics.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { tutors, users } from '../users/users.table.ts';
import { lessons } from './lessons.table.ts';

// Monday 2025-01-06 09:00 Cairo (07:00Z). A student bought a subscription now, so their week runs until
// Monday 2025-01-13 06:00 Cairo. The cancellation window is 6 hours, the tutors' notice 30 minutes.
const NOW = '2025-01-06T07:00:00Z';
const TOMORROW_NOON = '2025-01-07T10:00:00Z';

let t: TestApp;
let tutor: Actor;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
});
// A tutor of their own per test, so the tests' lessons never meet.
beforeEach(async () => {
  tutor = await createTutor(t, { slots: ALL_WEEK });
});
afterAll(() => t.close());

const book = (who: Actor | undefined, payload: Record<string, unknown>) =>
  injectAs(t.app, who?.token, { method: 'POST', url: '/api/v1/lesson/', payload });
const bookAt = (who: Actor, startsAt: string, durationMinutes = 30, tutorId = tutor.id) =>
  book(who, { tutorId, startsAt, durationMinutes });

async function booked(who: Actor, startsAt: string, durationMinutes = 30, tutorId = tutor.id): Promise<LessonView> {
  const response = await bookAt(who, startsAt, durationMinutes, tutorId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function expectError(response: { statusCode: number; json(): { code: string } }, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
}

const setLesson = (id: number, values: Partial<typeof lessons.$inferInsert>) =>
  t.database.db.update(lessons).set(values).where(eq(lessons.id, id));

/** Runs `check` with the clock at `when`, then puts it back. */
async function at(when: string, check: () => Promise<unknown>) {
  t.clock.set(when);
  try {
    await check();
  } finally {
    t.clock.set(NOW);
  }
}
/** Past the late-booking cancel grace of a lesson booked now. */
const afterGrace = (check: () => Promise<unknown>) => at('2025-01-06T07:11:00Z', check);

const setGrace = (lateBookingCancelGraceMinutes: number) =>
  injectAs(t.app, admin.token, {
    method: 'PATCH',
    url: '/api/v1/platform-settings',
    payload: { lateBookingCancelGraceMinutes },
  });

const rebook = (who: Actor, payload: Record<string, unknown>) =>
  injectAs(t.app, who.token, { method: 'PATCH', url: '/api/v1/lesson/', payload });

const lessonsOf = async (who: Actor): Promise<LessonView[]> =>
  (await injectAs(t.app, who.token, { method: 'GET', url: '/api/v1/lesson/list/?size=100' })).json().list;

describe('POST /api/v1/lesson/ (book)', () => {
  it('[201] books a free time, fixes the price from the rate and leaves the rest of the week', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    const bookings = () => countedBy(t.app, 'darsak_lessons_booked_total', { kind: 'booked' });
    const before = await bookings();
    const lesson = await booked(student, TOMORROW_NOON);
    expect(await bookings()).toBe(before + 1);
    expect(lesson).toMatchObject({
      status: 'pending',
      startsAt: '2025-01-07T10:00:00.000Z',
      endsAt: '2025-01-07T10:30:00.000Z',
      durationMinutes: 30,
      pricePiastres: 30 * 250,
      student: { id: student.id },
      tutor: { id: tutor.id, name: 'أحمد محمود' },
      cancellableUntil: '2025-01-07T04:00:00.000Z',
    });
    const stats = await injectAs(t.app, student.token, {
      method: 'GET',
      url: '/api/v1/user/student/stats/personalized',
    });
    expect(stats.json()).toMatchObject({ weeklyMinutes: 60, remainingWeeklyMinutes: 30 });
  });

  it('[201] prices with the tutor’s own rate when set', async () => {
    const dear = await createTutor(t, { slots: ALL_WEEK, ratePerMinutePiastres: 400 });
    const student = await createStudentWithMinutes(t);
    expect((await booked(student, TOMORROW_NOON, 15, dear.id)).pricePiastres).toBe(15 * 400);
  });

  it('[401/403] needs a signed-in student', async () => {
    await expectError(await bookAt(undefined as unknown as Actor, TOMORROW_NOON), 401, 'unauthenticated');
    await expectError(await bookAt(tutor, TOMORROW_NOON), 403, 'forbidden');
  });

  it('[400 bad-request] lengths other than 15 or 30, starts off the quarter hour, unknown fields', async () => {
    const student = await createStudentWithMinutes(t);
    await expectError(await bookAt(student, TOMORROW_NOON, 45), 400, 'bad-request');
    await expectError(await bookAt(student, '2025-01-07T10:07:00Z'), 400, 'bad-request');
    await expectError(
      await book(student, { tutorId: tutor.id, startsAt: 'tomorrow', durationMinutes: 30 }),
      400,
      'bad-request',
    );
    const extra = await book(student, { tutorId: tutor.id, startsAt: TOMORROW_NOON, durationMinutes: 30, price: 1 });
    await expectError(extra, 400, 'bad-request');
  });

  it('[422 unverified-email / unverified-phone] needs a verified account', async () => {
    const student = await createActor(t, 'student');
    await giveMinutes(t, student.id);
    await expectError(await bookAt(student, TOMORROW_NOON), 422, 'unverified-email');
    await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, student.id));
    await expectError(await bookAt(student, TOMORROW_NOON), 422, 'unverified-phone');
  });

  it('[422 subscription-required] without an active subscription', async () => {
    const student = await createActor(t, 'student');
    await verify(t, student);
    await expectError(await bookAt(student, TOMORROW_NOON), 422, 'subscription-required');
  });

  it('[422 lesson-time-passed] in the past', async () => {
    const student = await createStudentWithMinutes(t);
    await expectError(await bookAt(student, '2025-01-06T06:00:00Z'), 422, 'lesson-time-passed');
  });

  it('[422 week-boundaries-violation] after the current week', async () => {
    const student = await createStudentWithMinutes(t);
    await expectError(await bookAt(student, '2025-01-13T10:00:00Z'), 422, 'week-boundaries-violation');
  });

  it('[422 reached-booking-limit] while another lesson is pending', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 120 });
    await booked(student, TOMORROW_NOON);
    await expectError(await bookAt(student, '2025-01-08T10:00:00Z'), 422, 'reached-booking-limit');
  });

  it('[422 no-enough-minutes] beyond the week’s remaining minutes', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 15 });
    await expectError(await bookAt(student, TOMORROW_NOON, 30), 422, 'no-enough-minutes');
  });

  it('[409 busy-tutor] outside the slots, inside the notice, taken, or an inactive tutor', async () => {
    const mornings = await createTutor(t, { slots: [{ weekday: 2, startMinute: 9 * 60, endMinute: 12 * 60 }] });
    const student = await createStudentWithMinutes(t);
    const outside = await bookAt(student, '2025-01-07T11:00:00Z', 30, mornings.id); // 13:00 Cairo
    await expectError(outside, 409, 'busy-tutor');
    expect(outside.json().details).toEqual({ reason: 'outside-slots' });
    const edge = await bookAt(student, '2025-01-07T09:45:00Z', 30, mornings.id); // 11:45–12:15 Cairo
    expect(edge.json().details).toEqual({ reason: 'outside-slots' });
    const soon = await bookAt(student, '2025-01-06T07:15:00Z');
    expect({ code: soon.json().code, details: soon.json().details }).toEqual({
      code: 'busy-tutor',
      details: { reason: 'notice-period' },
    });
    const other = await createStudentWithMinutes(t);
    await booked(other, '2025-01-08T10:00:00Z');
    const taken = await bookAt(student, '2025-01-08T10:15:00Z');
    expect({ code: taken.json().code, details: taken.json().details }).toEqual({
      code: 'busy-tutor',
      details: { reason: 'taken' },
    });
    await t.database.db.update(tutors).set({ activated: false }).where(eq(tutors.userId, mornings.id));
    const inactive = await bookAt(student, '2025-01-07T08:00:00Z', 30, mornings.id);
    expect(inactive.json().details).toEqual({ reason: 'inactive' });
  });

  it('[409 conflicting-lessons] over the student’s own lesson with another tutor', async () => {
    const quick = await createTutor(t, { slots: ALL_WEEK, noticePeriodMinutes: 0 });
    const student = await createStudentWithMinutes(t);
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:50:00Z'),
      status: 'happening',
    });
    await expectError(await bookAt(student, '2025-01-06T07:15:00Z', 15, quick.id), 409, 'conflicting-lessons');
  });

  it('[422 lesson-length-unavailable] a length the tutor does not teach, changing nothing', async () => {
    const short = await createTutor(t, { slots: ALL_WEEK, lessonLengths: [15] });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    const refused = await bookAt(student, TOMORROW_NOON, 30, short.id);
    await expectError(refused, 422, 'lesson-length-unavailable');
    expect(await t.database.db.select().from(lessons).where(eq(lessons.tutorId, short.id))).toEqual([]);
    const stats = await injectAs(t.app, student.token, {
      method: 'GET',
      url: '/api/v1/user/student/stats/personalized',
    });
    expect(stats.json()).toMatchObject({ remainingWeeklyMinutes: 60, lessons: { upcoming: 0 } });
    expect((await booked(student, TOMORROW_NOON, 15, short.id)).durationMinutes).toBe(15);
  });

  it('[404 tutor-not-found] for an unknown tutor', async () => {
    const student = await createStudentWithMinutes(t);
    await expectError(await bookAt(student, TOMORROW_NOON, 30, 999_999), 404, 'tutor-not-found');
  });
});

describe('PATCH /api/v1/lesson/ (rebook)', () => {
  it('[200] moves a lesson: the old one is cancelled, the new one links back and passes the rules', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 30 });
    const first = await booked(student, TOMORROW_NOON);
    const moved = await rebook(student, { id: first.id, startsAt: '2025-01-09T10:00:00Z', durationMinutes: 30 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      rebookedFrom: first.id,
      status: 'pending',
      startsAt: '2025-01-09T10:00:00.000Z',
    });
    const old = await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/lesson/${first.id}` });
    expect(old.json()).toMatchObject({ status: 'cancelledByStudent', cancelReason: 'rebooked' });
  });

  it('[200] may move a lesson onto its own time, longer', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 30 });
    const first = await booked(student, '2025-01-10T10:00:00Z', 15);
    const moved = await rebook(student, { id: first.id, startsAt: '2025-01-10T10:00:00Z', durationMinutes: 30 });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('[404/403/422] unknown, another’s, cancelled, too close', async () => {
    const student = await createStudentWithMinutes(t);
    const other = await createStudentWithMinutes(t);
    const theirs = await booked(other, '2025-01-09T12:00:00Z');
    const to = { startsAt: '2025-01-09T14:00:00Z', durationMinutes: 30 };
    await expectError(await rebook(student, { id: 999_999, ...to }), 404, 'lesson-not-found');
    await expectError(await rebook(student, { id: theirs.id, ...to }), 403, 'forbidden');
    const soon = await booked(student, '2025-01-06T10:00:00Z');
    await afterGrace(async () =>
      expectError(await rebook(student, { id: soon.id, ...to }), 422, 'cancellation-window-passed'),
    );
    await setLesson(soon.id, { status: 'cancelledByStudent', cancelledAt: t.clock.now() });
    await expectError(await rebook(student, { id: soon.id, ...to }), 400, 'illegal');
  });

  it('[422/409] the new time passes every booking rule again (the old lesson stays when it fails)', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 30 });
    const lesson = await booked(student, '2025-01-08T14:00:00Z', 15);
    const move = (startsAt: string, durationMinutes = 15) =>
      rebook(student, { id: lesson.id, startsAt, durationMinutes });
    await expectError(await move('2025-01-06T06:00:00Z'), 422, 'lesson-time-passed');
    await expectError(await move('2025-01-14T10:00:00Z'), 422, 'week-boundaries-violation');
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T07:00:00Z'),
      durationMinutes: 15,
      status: 'fulfilled',
    });
    await expectError(await move('2025-01-08T14:00:00Z', 30), 422, 'no-enough-minutes');
    const busy = await createTutor(t, { slots: [] });
    await insertLesson(t, {
      tutorId: busy.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:50:00Z'),
      status: 'happening',
    });
    await setLesson(lesson.id, {
      startsAt: new Date('2025-01-06T14:00:00Z'),
      endsAt: new Date('2025-01-06T14:15:00Z'),
    });
    await t.database.db.update(tutors).set({ noticePeriodMinutes: 0 }).where(eq(tutors.userId, tutor.id));
    await expectError(await move('2025-01-06T07:15:00Z'), 409, 'conflicting-lessons');
    await t.database.db.update(tutors).set({ noticePeriodMinutes: 30 }).where(eq(tutors.userId, tutor.id));
    await expectError(await move('2025-01-06T07:15:00Z'), 409, 'busy-tutor');
    const still = await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/lesson/${lesson.id}` });
    expect(still.json().status).toBe('pending');
  });

  it('[422 lesson-length-unavailable] to a length the tutor no longer teaches (the old lesson stays)', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await booked(student, '2025-01-09T16:00:00Z', 30);
    const narrowed = await injectAs(t.app, tutor.token, {
      method: 'POST',
      url: '/api/v1/availability-slot/',
      payload: { slots: ALL_WEEK, lessonLengths: [15] },
    });
    expect(narrowed.statusCode).toBe(200);
    const move = (durationMinutes: number) =>
      rebook(student, { id: lesson.id, startsAt: '2025-01-09T17:00:00Z', durationMinutes });
    await expectError(await move(30), 422, 'lesson-length-unavailable');
    const still = await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/lesson/${lesson.id}` });
    expect(still.json()).toMatchObject({ status: 'pending', durationMinutes: 30 });
    expect((await move(15)).json()).toMatchObject({ rebookedFrom: lesson.id, durationMinutes: 15 });
  });

  it('[422 subscription-required] once the subscription is gone', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await booked(student, '2025-01-09T16:00:00Z');
    await t.database.db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(subscriptions.id, student.subscriptionId));
    await expectError(
      await rebook(student, { id: lesson.id, startsAt: '2025-01-09T17:00:00Z', durationMinutes: 30 }),
      422,
      'subscription-required',
    );
  });
});

describe('DELETE /api/v1/lesson/:id (cancel)', () => {
  const cancel = (who: Actor, id: number) =>
    injectAs(t.app, who.token, { method: 'DELETE', url: `/api/v1/lesson/${id}` });

  it('[200] by the student or the tutor, and the minutes come back', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 30 });
    const first = await booked(student, '2025-01-10T12:00:00Z');
    const byStudent = await cancel(student, first.id);
    expect(byStudent.json()).toMatchObject({ status: 'cancelledByStudent', cancelledBy: student.id });
    const second = await booked(student, '2025-01-10T12:00:00Z');
    expect((await cancel(tutor, second.id)).json()).toMatchObject({
      status: 'cancelledByTutor',
      cancelledBy: tutor.id,
    });
    const stats = await injectAs(t.app, student.token, {
      method: 'GET',
      url: '/api/v1/user/student/stats/personalized',
    });
    expect(stats.json()).toMatchObject({ remainingWeeklyMinutes: 30, lessons: { cancelled: 2 } });
  });

  it('[404/403/400/422] unknown, another’s, already cancelled, started, inside the window', async () => {
    const student = await createStudentWithMinutes(t);
    const stranger = await createStudentWithMinutes(t);
    const lesson = await booked(student, '2025-01-10T14:00:00Z');
    await expectError(await cancel(student, 999_999), 404, 'lesson-not-found');
    await expectError(await cancel(stranger, lesson.id), 403, 'forbidden');
    await expectError(await cancel(admin, lesson.id), 403, 'forbidden');
    await cancel(student, lesson.id);
    await expectError(await cancel(student, lesson.id), 400, 'illegal');
    const soon = await booked(student, '2025-01-06T12:00:00Z');
    await afterGrace(async () => expectError(await cancel(student, soon.id), 422, 'cancellation-window-passed'));
    await setLesson(soon.id, { status: 'happening' });
    await expectError(await cancel(tutor, soon.id), 422, 'lesson-time-passed');
  });

  it('[200/422] a lesson booked inside the window: cancellable or movable for the grace after booking', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    const late = await booked(student, '2025-01-06T09:00:00Z');
    // Booked at 07:00Z with the default 10 minutes' grace; the 6-hour window alone would have closed at 03:00Z.
    expect(late.cancellableUntil).toBe('2025-01-06T07:10:00.000Z');
    await at('2025-01-06T07:10:00Z', async () => {
      const moved = await rebook(student, { id: late.id, startsAt: '2025-01-06T09:30:00Z', durationMinutes: 30 });
      expect(moved.statusCode, moved.body).toBe(200);
    });
    const moved = (await lessonsOf(student)).find((l) => l.status === 'pending');
    // The moved lesson is a new booking (07:10Z): its own grace.
    expect(moved?.cancellableUntil).toBe('2025-01-06T07:20:00.000Z');
    await at('2025-01-06T07:21:00Z', async () =>
      expectError(await cancel(student, moved?.id ?? 0), 422, 'cancellation-window-passed'),
    );
    await at('2025-01-06T07:20:00Z', async () =>
      expect((await cancel(tutor, moved?.id ?? 0)).json()).toMatchObject({ status: 'cancelledByTutor' }),
    );
  });

  it('follows the grace setting as an admin changes it, read before the transaction', async () => {
    const student = await createStudentWithMinutes(t);
    const late = await booked(student, '2025-01-06T09:00:00Z');
    try {
      // The change empties the settings cache: on embedded PGlite, a settings read inside the cancel's open
      // transaction would throw, so this also proves the policy is read before it.
      expect((await setGrace(30)).statusCode).toBe(200);
      await at('2025-01-06T07:25:00Z', async () =>
        expect((await cancel(student, late.id)).json()).toMatchObject({
          status: 'cancelledByStudent',
          cancellableUntil: '2025-01-06T07:30:00.000Z',
        }),
      );
      expect((await setGrace(0)).statusCode).toBe(200);
      const again = await booked(student, '2025-01-06T09:00:00Z');
      // No grace: it stopped being cancellable the moment it was booked.
      expect(again.cancellableUntil).toBe(NOW.replace('Z', '.000Z'));
      await at('2025-01-06T07:00:01Z', async () =>
        expectError(await cancel(student, again.id), 422, 'cancellation-window-passed'),
      );
    } finally {
      await setGrace(PLATFORM_SETTINGS_DEFAULTS.lateBookingCancelGraceMinutes);
    }
  });
});

describe('POST /api/v1/lesson/:id/tutor-did-not-attend', () => {
  const end = (who: Actor, id: number) =>
    injectAs(t.app, who.token, { method: 'POST', url: `/api/v1/lesson/${id}/tutor-did-not-attend` });

  it('lets the student end it after the grace minutes, as cancelled by the tutor', async () => {
    const student = await createStudentWithMinutes(t);
    const stranger = await createStudentWithMinutes(t);
    const lesson = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:57:00Z'),
      status: 'happening',
    });
    const noShows = () => countedBy(t.app, 'darsak_lesson_no_shows_total', { ended_by: 'student' });
    const before = await noShows();
    await expectError(await end(student, 999_999), 404, 'lesson-not-found');
    await expectError(await end(stranger, lesson.id), 403, 'forbidden');
    await expectError(await end(student, lesson.id), 422, 'tutor-may-still-join');
    t.clock.set('2025-01-06T07:02:00Z');
    try {
      const ended = await end(student, lesson.id);
      expect(ended.json()).toMatchObject({ status: 'cancelledByTutor', cancelReason: 'tutorDidNotAttend' });
      await expectError(await end(student, lesson.id), 400, 'illegal');
      expect(await noShows()).toBe(before + 1); // the refusals are not no-shows
    } finally {
      t.clock.set(NOW);
    }
  });

  it('[400 illegal] when the tutor joined', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:40:00Z'),
      status: 'happening',
    });
    await setLesson(lesson.id, { tutorJoinedAt: new Date('2025-01-06T06:41:00Z') });
    await expectError(await end(student, lesson.id), 400, 'illegal');
  });
});

describe('GET /api/v1/lesson/:id and /list/', () => {
  it('shows a lesson to its members and admins only', async () => {
    const student = await createStudentWithMinutes(t);
    const stranger = await createStudentWithMinutes(t);
    const lesson = await booked(student, '2025-01-11T10:00:00Z');
    for (const who of [student, tutor, admin]) {
      const response = await injectAs(t.app, who.token, { method: 'GET', url: `/api/v1/lesson/${lesson.id}` });
      expect(response.statusCode).toBe(200);
    }
    const refused = await injectAs(t.app, stranger.token, { method: 'GET', url: `/api/v1/lesson/${lesson.id}` });
    await expectError(refused, 403, 'forbidden');
    const missing = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/lesson/999999' });
    await expectError(missing, 404, 'lesson-not-found');
  });

  it('lists the caller’s upcoming lessons soonest first and past ones latest first; staff list anyone’s', async () => {
    const student = await createStudentWithMinutes(t);
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-05T08:00:00Z'),
      status: 'fulfilled',
    });
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-04T08:00:00Z'),
      status: 'fulfilled',
    });
    const upcoming = await booked(student, '2025-01-11T12:00:00Z');
    const list = (who: Actor, query: string) =>
      injectAs(t.app, who.token, { method: 'GET', url: `/api/v1/lesson/list/?${query}` }).then((r) => r.json());
    expect((await list(student, 'when=upcoming')).list.map((l: LessonView) => l.id)).toEqual([upcoming.id]);
    const past = await list(student, 'when=past');
    expect(past.total).toBe(2);
    expect(past.list.map((l: LessonView) => l.startsAt)).toEqual([
      '2025-01-05T08:00:00.000Z',
      '2025-01-04T08:00:00.000Z',
    ]);
    expect((await list(admin, `userId=${student.id}`)).total).toBe(3);
    // Without a member, staff page through every lesson, counted.
    const everyone = await list(admin, 'page=1&size=1');
    expect({ shown: everyone.list.length, counted: everyone.total >= 3 }).toEqual({ shown: 1, counted: true });
    const refused = await injectAs(t.app, student.token, {
      method: 'GET',
      url: `/api/v1/lesson/list/?userId=${tutor.id}`,
    });
    await expectError(refused, 403, 'forbidden');
    const second = await list(student, 'when=past&page=2&size=1');
    expect(second).toMatchObject({ total: 2, list: [{ startsAt: '2025-01-04T08:00:00.000Z' }] });
    expect(second.list[0].student).toMatchObject({ id: student.id });
    // A page past the last has no row to carry the count: it is counted on its own.
    expect(await list(student, 'when=past&page=3&size=1')).toEqual({ total: 2, list: [] });
  });

  it('counts the caller’s attended lessons', async () => {
    const student = await createStudentWithMinutes(t);
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-03T08:00:00Z'),
      durationMinutes: 15,
      status: 'fulfilled',
    });
    const stats = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/lesson/attended/stats' });
    expect(stats.json()).toEqual({ lessons: 1, minutes: 15, people: 1, lastLessonAt: '2025-01-03T08:00:00.000Z' });
  });
});

describe('calendar feed', () => {
  it('gives a private link whose ICS lists the user’s lessons; a forged token is refused', async () => {
    const student = await createStudentWithMinutes(t);
    const lesson = await booked(student, '2025-01-12T10:00:00Z');
    const link = (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/lesson/calendar/link' })).json();
    expect(link.webcalUrl).toMatch(/^webcal:\/\/.+\.ics$/);
    const feed = await t.app.inject({ method: 'GET', url: new URL(link.url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain(`UID:lesson-${lesson.id}@darsak\r\n`);
    expect(feed.body).toContain('DTSTART:20250112T100000Z');
    const token = new URL(link.url).pathname.split('/').pop()?.replace('.ics', '') ?? '';
    const forged = `${tutor.id}${token.slice(token.indexOf('-'))}`;
    await expectError(
      await t.app.inject({ method: 'GET', url: `/api/v1/lesson/calendar/${forged}.ics` }),
      403,
      'forbidden',
    );
  });
});

describe('the lesson lengths offered (platform setting)', () => {
  const offer = (lessonLengthsOffered: number[]) =>
    injectAs(t.app, admin.token, {
      method: 'PATCH',
      url: '/api/v1/platform-settings',
      payload: { lessonLengthsOffered },
    });
  const freeTimes = async (tutorId: number, durationMinutes: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/availability-slot/free?tutorId=${tutorId}&durationMinutes=${durationMinutes}`,
      })
    ).json();
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=100' })).json().list as Array<{
      id: number;
      lessonLengths: number[];
    }>;

  it('books, moves, free times and the tutor list follow it; a tutor left with no length is not listed', async () => {
    const onlyShort = await createTutor(t, { slots: ALL_WEEK, lessonLengths: [15] });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    try {
      expect((await offer([30])).statusCode).toBe(200);
      await expectError(await bookAt(student, TOMORROW_NOON, 15), 422, 'lesson-length-unavailable');
      expect(await t.database.db.select().from(lessons).where(eq(lessons.tutorId, tutor.id))).toEqual([]);
      expect(await freeTimes(tutor.id, 15)).toMatchObject({ lessonLengths: [30], total: 0 });
      expect((await freeTimes(tutor.id, 30)).total).toBeGreaterThan(0);
      const list = await listed();
      expect(list.find((card) => card.id === tutor.id)?.lessonLengths).toEqual([30]);
      expect(list.some((card) => card.id === onlyShort.id)).toBe(false);

      const lesson = await booked(student, TOMORROW_NOON, 30);
      const move = (durationMinutes: number) =>
        injectAs(t.app, student.token, {
          method: 'PATCH',
          url: '/api/v1/lesson/',
          payload: { id: lesson.id, startsAt: '2025-01-07T12:00:00Z', durationMinutes },
        });
      await expectError(await move(15), 422, 'lesson-length-unavailable');

      expect((await offer([15, 30])).statusCode).toBe(200);
      expect((await move(15)).json()).toMatchObject({ rebookedFrom: lesson.id, durationMinutes: 15 });
      expect(await freeTimes(tutor.id, 15)).toMatchObject({ lessonLengths: [15, 30] });
      expect((await listed()).find((card) => card.id === onlyShort.id)?.lessonLengths).toEqual([15]);
    } finally {
      await offer([15, 30]);
    }
  });

  it('[400] refuses offering no length, one twice or an unknown one', async () => {
    for (const lengths of [[], [30, 30], [45]]) {
      const refused = await offer(lengths);
      expect({ status: refused.statusCode, fields: Object.keys(refused.json().details?.fields ?? {}) }).toEqual({
        status: 400,
        fields: [expect.stringMatching(/^lessonLengthsOffered/)],
      });
    }
  });
});
