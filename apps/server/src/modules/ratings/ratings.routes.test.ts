import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { tutors } from '../users/users.table.ts';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const rate = (who: Actor, payload: object) =>
  injectAs(t.app, who.token, { method: 'POST', url: '/api/v1/rating/', payload });
const standing = async (tutorId: number) => {
  const [row] = await t.database.db.select().from(tutors).where(eq(tutors.userId, tutorId));
  return { sum: row?.ratingSum, count: row?.ratingCount };
};

async function pair() {
  const tutor = await createTutor(t);
  const student = await createStudentWithMinutes(t);
  const lesson = await insertLesson(t, {
    tutorId: tutor.id,
    studentId: student.id,
    startsAt: new Date('2025-01-05T08:00:00Z'),
    status: 'fulfilled',
  });
  return { tutor, student, lesson };
}

async function expectError(response: { statusCode: number; json(): { code: string } }, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
}

describe('ratings', () => {
  it('rates the tutor of a fulfilled lesson once; edits and deletes keep the tutor’s sum and count right', async () => {
    const { tutor, student, lesson } = await pair();
    const created = await rate(student, { lessonId: lesson.id, value: 4, text: 'شرح واضح' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      raterId: student.id,
      rateeId: tutor.id,
      lessonId: lesson.id,
      value: 4,
      text: 'شرح واضح',
    });
    expect(await standing(tutor.id)).toEqual({ sum: 4, count: 1 });

    const again = await rate(student, { lessonId: lesson.id, value: 5 });
    await expectError(again, 409, 'rating-exists');
    expect(again.json().details).toEqual({ ratingId: created.json().id });

    const id = created.json().id;
    const edited = await injectAs(t.app, student.token, {
      method: 'PUT',
      url: `/api/v1/rating/${id}`,
      payload: { value: 2 },
    });
    expect(edited.json()).toMatchObject({ value: 2, text: null });
    expect(await standing(tutor.id)).toEqual({ sum: 2, count: 1 });

    const other = await createStudentWithMinutes(t);
    const otherLesson = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: other.id,
      startsAt: new Date('2025-01-04T08:00:00Z'),
      status: 'fulfilled',
    });
    await rate(other, { lessonId: otherLesson.id, value: 5 });
    const reviews = await t.app.inject({ method: 'GET', url: `/api/v1/rating/list/tutor/${tutor.id}` });
    expect(reviews.json()).toMatchObject({ total: 2, summary: { average: 3.5, count: 2 } });
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutor.id}` });
    expect(profile.json().rating).toEqual({ average: 3.5, count: 2 });

    const removed = await injectAs(t.app, student.token, { method: 'DELETE', url: `/api/v1/rating/${id}` });
    expect(removed.json()).toEqual({ ok: true });
    expect(await standing(tutor.id)).toEqual({ sum: 5, count: 1 });
    await expectError(await t.app.inject({ method: 'GET', url: `/api/v1/rating/${id}` }), 404, 'rating-not-found');
  });

  it('refuses lessons that are unknown, another’s or not fulfilled', async () => {
    const { student } = await pair();
    const { lesson: theirs } = await pair();
    await expectError(await rate(student, { lessonId: 999_999, value: 5 }), 404, 'lesson-not-found');
    await expectError(await rate(student, { lessonId: theirs.id, value: 5 }), 403, 'forbidden');
    const tutor = await createTutor(t);
    const pending = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-09T08:00:00Z'),
    });
    await expectError(await rate(student, { lessonId: pending.id, value: 5 }), 422, 'lesson-not-fulfilled');
    await expectError(await rate(student, { lessonId: pending.id, value: 6 }), 400, 'bad-request');
    await expectError(await rate(tutor, { lessonId: pending.id, value: 5 }), 403, 'forbidden');
  });

  it('lets only the author edit, the author or an admin delete, and lists by rater and ratee to self and admins', async () => {
    const { tutor, student, lesson } = await pair();
    const id = (await rate(student, { lessonId: lesson.id, value: 3 })).json().id;
    const stranger = await createStudentWithMinutes(t);
    await expectError(
      await injectAs(t.app, stranger.token, { method: 'PUT', url: `/api/v1/rating/${id}`, payload: { value: 1 } }),
      403,
      'forbidden',
    );
    await expectError(
      await injectAs(t.app, student.token, { method: 'PUT', url: '/api/v1/rating/999999', payload: { value: 1 } }),
      404,
      'rating-not-found',
    );
    await expectError(
      await injectAs(t.app, stranger.token, { method: 'DELETE', url: `/api/v1/rating/${id}` }),
      403,
      'forbidden',
    );
    const byRater = await injectAs(t.app, student.token, {
      method: 'GET',
      url: `/api/v1/rating/list/rater/${student.id}`,
    });
    expect(byRater.json().total).toBe(1);
    const byRatee = await injectAs(t.app, tutor.token, { method: 'GET', url: `/api/v1/rating/list/ratee/${tutor.id}` });
    expect(byRatee.json().list[0]).toMatchObject({ id, rater: { id: student.id, name: 'Sara Ali' } });
    // Staff read a person's ratings with the other person and the lesson's start (issue 12, the person page).
    const staffView = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: `/api/v1/rating/list/rater/${student.id}`,
    });
    expect(staffView.json().list[0]).toMatchObject({
      id,
      ratee: { id: tutor.id, name: 'أحمد محمود' },
      lessonStartsAt: lesson.startsAt.toISOString(),
    });
    await expectError(
      await injectAs(t.app, stranger.token, { method: 'GET', url: `/api/v1/rating/list/rater/${student.id}` }),
      403,
      'forbidden',
    );
    await expectError(
      await injectAs(t.app, stranger.token, { method: 'GET', url: `/api/v1/rating/list/ratee/${tutor.id}` }),
      403,
      'forbidden',
    );
    expect((await injectAs(t.app, admin.token, { method: 'DELETE', url: `/api/v1/rating/${id}` })).statusCode).toBe(
      200,
    );
    expect(await standing(tutor.id)).toEqual({ sum: 0, count: 0 });
    await expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/rating/list/tutor/999999' }),
      404,
      'tutor-not-found',
    );
  });

  it('settles two ratings of the same tutor sent at once: one is created, the other answers rating-exists', async () => {
    const { tutor, student, lesson } = await pair();
    const answers = await Promise.all([
      rate(student, { lessonId: lesson.id, value: 5 }),
      rate(student, { lessonId: lesson.id, value: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await standing(tutor.id)).count).toBe(1);
  });
});
