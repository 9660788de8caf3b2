import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import type { TutorCard } from '@darsak/domain/tutors';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { memorySnapshotStore } from '../../platform/cache/snapshot-cache.ts';
import { slotsOfTutors } from '../availability/availability.service.ts';
import { createLessonFigures } from '../lessons/lessons.figures.ts';
import { topics, userTopics } from '../topics/topics.table.ts';
import { createUsersService } from '../users/users.service.ts';
import { tutors, users } from '../users/users.table.ts';
import { createTutorChanges } from './tutors.changes.ts';
import { createTutorsService } from './tutors.service.ts';

// Monday 2025-01-06 09:00 Cairo (07:00Z).
let t: TestApp;
let grammar: number;
let speaking: number;
let early: Actor; // Sunday evenings, female, rated 4.5 (2)
let late: Actor; // Thursday mornings, male, rated 5 (1)
let unrated: Actor; // Monday 10:00, no topics
let poor: Actor; // Friday mornings, male, rated 3 (4), no topics
let hidden: Actor; // not activated
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  const db = t.database.db;
  const [g, s] = await db
    .insert(topics)
    .values([
      { nameAr: 'القواعد', nameEn: 'Grammar' },
      { nameAr: 'المحادثة', nameEn: 'Speaking' },
    ])
    .returning();
  grammar = g?.id ?? 0;
  speaking = s?.id ?? 0;
  early = await createTutor(t, { slots: [{ weekday: 0, startMinute: 18 * 60, endMinute: 20 * 60 }] });
  late = await createTutor(t, { slots: [{ weekday: 4, startMinute: 8 * 60, endMinute: 10 * 60 }] });
  unrated = await createTutor(t, { slots: [{ weekday: 1, startMinute: 10 * 60, endMinute: 11 * 60 }] });
  poor = await createTutor(t, { slots: [{ weekday: 5, startMinute: 8 * 60, endMinute: 9 * 60 }] });
  hidden = await createTutor(t, { slots: [{ weekday: 1, startMinute: 10 * 60, endMinute: 11 * 60 }] });
  admin = await createActor(t, 'admin');
  await db.update(tutors).set({ ratingSum: 9, ratingCount: 2 }).where(eq(tutors.userId, early.id));
  await db.update(tutors).set({ ratingSum: 5, ratingCount: 1 }).where(eq(tutors.userId, late.id));
  await db.update(tutors).set({ ratingSum: 12, ratingCount: 4 }).where(eq(tutors.userId, poor.id));
  await db.update(tutors).set({ activated: false }).where(eq(tutors.userId, hidden.id));
  await db.update(users).set({ gender: 'female' }).where(eq(users.id, early.id));
  await db
    .update(users)
    .set({ gender: 'male' })
    .where(inArray(users.id, [late.id, poor.id]));
  await db.insert(userTopics).values([
    { userId: early.id, topicId: grammar },
    { userId: early.id, topicId: speaking },
    { userId: late.id, topicId: speaking },
  ]);
});
afterAll(() => t.close());

const list = async (query = ''): Promise<{ total: number; list: TutorCard[] }> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/list/onboarded?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const ids = (page: { list: TutorCard[] }) => page.list.map((c) => c.id);

describe('GET /api/v1/user/tutor/list/onboarded', () => {
  it('lists onboarded tutors in the recommended order, with topics, rating and next free time', async () => {
    const page = await list();
    // Weighted ratings: late 4.17, early 4.14, unrated 4 (the prior), poor 3.56.
    expect(ids(page)).toEqual([late.id, early.id, unrated.id, poor.id]);
    expect(page.total).toBe(4);
    expect(page.list[1]).toMatchObject({
      name: 'أحمد محمود',
      gender: 'female',
      rating: { average: 4.5, count: 2 },
      topics: [
        { id: grammar, nameEn: 'Grammar' },
        { id: speaking, nameEn: 'Speaking' },
      ],
      nextFreeAt: '2025-01-12T16:00:00.000Z', // Sunday 18:00 Cairo
    });
    expect(page.list[2]?.rating).toEqual({ average: null, count: 0 });
  });

  it('still sorts by the plain average on request: a rated tutor above an unrated one, however poor', async () => {
    expect(ids(await list('sort=rating'))).toEqual([late.id, early.id, poor.id, unrated.id]);
    expect(ids(await list('sort=recommended'))).toEqual(ids(await list()));
  });

  it('filters by topic, gender, weekday and time of day, sorts by the soonest free time, and pages', async () => {
    expect(ids(await list(`topicId=${speaking}`))).toEqual([late.id, early.id]);
    expect(ids(await list(`topicId=${grammar}&gender=male`))).toEqual([]);
    expect(ids(await list('gender=female'))).toEqual([early.id]);
    expect(ids(await list('weekday=4'))).toEqual([late.id]);
    expect(ids(await list('timeOfDay=evening'))).toEqual([early.id]);
    expect(ids(await list('weekday=1&timeOfDay=morning'))).toEqual([unrated.id]);
    expect(ids(await list('weekday=0&timeOfDay=morning'))).toEqual([]);
    expect(ids(await list('sort=soonest'))).toEqual([unrated.id, late.id, poor.id, early.id]);
    const second = await list('size=2&page=2');
    expect({ total: second.total, ids: ids(second) }).toEqual({ total: 4, ids: [unrated.id, poor.id] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?timeOfDay=dawn' });
    expect(bad.json().code).toBe('bad-request');
  });

  it('rebuilds a cold snapshot once for 50 requests at once', async () => {
    let rebuilds = 0;
    const countingSlots: typeof slotsOfTutors = (db, tutorIds) => {
      rebuilds += 1;
      return slotsOfTutors(db, tutorIds);
    };
    const users = createUsersService({
      db: t.database.db,
      clock: t.clock,
      uploadUrl: (n) => n,
      countFavouriteTopics: async () => 0,
      tutorChanges: { notify: async () => undefined },
    });
    const service = createTutorsService({
      db: t.database.db,
      clock: t.clock,
      store: memorySnapshotStore(),
      uploadUrl: (n) => n,
      slotsOfTutors: countingSlots,
      lessons: { heldLessonsOfTutors: async () => [] },
      figures: createLessonFigures({ db: t.database.db, clock: t.clock, lessons: { currentWeekOf: async () => null } }),
      users,
      realtime: { toChannel: () => undefined },
      settings: { current: async () => PLATFORM_SETTINGS_DEFAULTS },
      changes: createTutorChanges(),
    });
    const query = { page: 1, size: 10, sort: 'recommended' as const };
    const pages = await Promise.all(Array.from({ length: 50 }, () => service.listOnboarded(query)));
    expect(rebuilds).toBe(1);
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([4]));
    await service.changed(early.id);
    await Promise.all(Array.from({ length: 50 }, () => service.listOnboarded(query)));
    expect(rebuilds).toBe(2);
  });
});

describe('GET /api/v1/user/tutor/info/:id', () => {
  it('shows an onboarded tutor’s profile to anyone', async () => {
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${late.id}` });
    expect(profile.json()).toMatchObject({ id: late.id, noticePeriodMinutes: 30, lessons: 0, rating: { average: 5 } });
  });

  it('hides a tutor who is not onboarded, except from themself and admins', async () => {
    const url = `/api/v1/user/tutor/info/${hidden.id}`;
    expect((await t.app.inject({ method: 'GET', url })).json().code).toBe('tutor-not-found');
    expect((await injectAs(t.app, hidden.token, { method: 'GET', url })).statusCode).toBe(200);
    expect((await injectAs(t.app, admin.token, { method: 'GET', url })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/info/999999' });
    expect({ status: missing.statusCode, code: missing.json().code }).toEqual({ status: 404, code: 'tutor-not-found' });
  });
});

describe('stats', () => {
  it('counts a tutor’s lessons, students, minutes, income and rating, for the tutor and staff', async () => {
    const tutor = await createTutor(t);
    const student = await createStudentWithMinutes(t);
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-04T23:30:00Z'),
      status: 'fulfilled',
    });
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-05T08:00:00Z'),
      durationMinutes: 15,
      status: 'fulfilled',
    });
    await insertLesson(t, { tutorId: tutor.id, studentId: student.id, startsAt: new Date('2025-01-08T08:00:00Z') });
    const own = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/user/tutor/stats/personalized' });
    expect(own.json()).toEqual({
      tutorId: tutor.id,
      lessons: 2,
      students: 1,
      teachingMinutes: 45,
      upcomingLessons: 1,
      incomePiastres: 0,
      rating: { average: null, count: 0 },
    });
    const byAdmin = await injectAs(t.app, admin.token, { method: 'GET', url: `/api/v1/user/tutor/stats/${tutor.id}` });
    expect(byAdmin.json().lessons).toBe(2);
    const byOther = await injectAs(t.app, early.token, { method: 'GET', url: `/api/v1/user/tutor/stats/${tutor.id}` });
    expect(byOther.json().code).toBe('forbidden');
    const missing = await injectAs(t.app, admin.token, { method: 'GET', url: '/api/v1/user/tutor/stats/999999' });
    expect(missing.json().code).toBe('tutor-not-found');

    // Activity groups by the Cairo day: 23:30Z on the 4th is 01:30 on the 5th in Cairo.
    const activity = await injectAs(t.app, tutor.token, {
      method: 'GET',
      url: `/api/v1/user/tutor/activity/${tutor.id}?from=2025-01-01&to=2025-01-06`,
    });
    expect(activity.json()).toEqual({
      tutorId: tutor.id,
      from: '2025-01-01',
      to: '2025-01-06',
      list: [{ date: '2025-01-05', lessons: 2, minutes: 45 }],
    });
    const reversed = await injectAs(t.app, tutor.token, {
      method: 'GET',
      url: `/api/v1/user/tutor/activity/${tutor.id}?from=2025-01-06&to=2025-01-01`,
    });
    expect(reversed.json().code).toBe('bad-request');
    const foreign = await injectAs(t.app, early.token, {
      method: 'GET',
      url: `/api/v1/user/tutor/activity/${tutor.id}`,
    });
    expect(foreign.json().code).toBe('forbidden');
    const defaults = await injectAs(t.app, tutor.token, {
      method: 'GET',
      url: `/api/v1/user/tutor/activity/${tutor.id}`,
    });
    expect(defaults.json()).toMatchObject({ from: '2024-12-08', to: '2025-01-06' });

    const minutes = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/user/tutor/tutoring-minutes' });
    expect(minutes.json()).toEqual({
      totalMinutes: 45,
      last7DaysMinutes: 45,
      last30DaysMinutes: 45,
      upcomingMinutes: 30,
    });
    const notTutor = await injectAs(t.app, student.token, {
      method: 'GET',
      url: '/api/v1/user/tutor/tutoring-minutes',
    });
    expect(notTutor.json().code).toBe('forbidden');
  });

  it('counts a student’s lessons and week, for the student and admins', async () => {
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 120 });
    const tutor = await createTutor(t);
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T07:00:00Z'),
      status: 'fulfilled',
    });
    const own = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/user/student/stats/personalized' });
    expect(own.json()).toEqual({
      studentId: student.id,
      lessons: { fulfilled: 1, upcoming: 0, cancelled: 0 },
      tutors: 1,
      learnedMinutes: 30,
      weeklyMinutes: 120,
      remainingWeeklyMinutes: 90,
      weekEndsAt: '2025-01-13T04:00:00.000Z',
    });
    const byAdmin = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: `/api/v1/user/student/stats/${student.id}`,
    });
    expect(byAdmin.json().remainingWeeklyMinutes).toBe(90);
    const other = await createStudentWithMinutes(t);
    const byOther = await injectAs(t.app, other.token, {
      method: 'GET',
      url: `/api/v1/user/student/stats/${student.id}`,
    });
    expect(byOther.json().code).toBe('forbidden');
    const notStudent = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: `/api/v1/user/student/stats/${tutor.id}`,
    });
    expect(notStudent.json().code).toBe('student-not-found');
    const without = await createActor(t, 'student');
    const empty = await injectAs(t.app, without.token, {
      method: 'GET',
      url: '/api/v1/user/student/stats/personalized',
    });
    expect(empty.json()).toMatchObject({ weeklyMinutes: 0, remainingWeeklyMinutes: 0, weekEndsAt: null });
  });
});
