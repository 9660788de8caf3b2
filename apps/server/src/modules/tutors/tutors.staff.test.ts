import type { AuditEntry } from '@darsak/domain/audit';
import { cairoDay } from '@darsak/domain/availability';
import { cairoWallTimeToDate } from '@darsak/domain/common';
import type { StaffTutor, StaffTutorDetail } from '@darsak/domain/tutors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'PATCH';
const as = (method: Method, url: string, payload?: object) =>
  injectAs(t.app, admin.token, { method, url, ...(payload ? { payload } : {}) });
const reason = 'agreed with the tutor';
const idsOf = async (url: string) =>
  ((await as('GET', url)).json().list as StaffTutor[]).map((tutor) => tutor.id).sort((a, b) => a - b);
const historyOf = async (id: number) =>
  (await as('GET', `/api/v1/audit-log/list?userId=${id}`)).json().list as AuditEntry[];

/** Tomorrow (Cairo) at 10:00, and that day's weekday. */
function tomorrowAtTen() {
  const day = cairoDay(t.clock.now(), 1);
  return { weekday: day.weekday, startsAt: cairoWallTimeToDate({ ...day, hour: 10 }) };
}

describe('staff tutor list', () => {
  it('lists every tutor with their stage, searched, filtered and paged on the server', async () => {
    const applicant = await createActor(t, 'tutor');
    const teaching = await createTutor(t, { slots: ALL_WEEK });
    const all = await as('GET', '/api/v1/user/tutor/list/all?size=100');
    expect(all.statusCode).toBe(200);
    const rows = all.json().list as StaffTutor[];
    expect(rows.find((r) => r.id === applicant.id)).toMatchObject({ stage: 'profile', activated: false, lessons: 0 });
    expect(rows.find((r) => r.id === teaching.id)).toMatchObject({ stage: 'onboarded', activated: true });

    expect(await idsOf(`/api/v1/user/tutor/list/all?q=${encodeURIComponent(applicant.email)}`)).toEqual([applicant.id]);
    expect(await idsOf(`/api/v1/user/tutor/list/all?q=${teaching.id}`)).toEqual([teaching.id]);
    const applicants = await idsOf('/api/v1/user/tutor/list/all?stage=profile&activated=no&size=100');
    expect(applicants).toContain(applicant.id);
    expect(applicants).not.toContain(teaching.id);
    const paged = (await as('GET', '/api/v1/user/tutor/list/all?size=1&page=2&sort=newest')).json();
    expect(paged.total).toBe(rows.length);
    expect(paged.list).toHaveLength(1);
  });

  it('finds the uncontacted tutors: activated, never booked, no student message', async () => {
    const quiet = await createTutor(t, { slots: ALL_WEEK });
    const booked = await createTutor(t, { slots: ALL_WEEK });
    const student = await createActor(t, 'student');
    await insertLesson(t, { tutorId: booked.id, studentId: student.id, startsAt: tomorrowAtTen().startsAt });
    const ids = await idsOf('/api/v1/user/tutor/list/uncontacted?size=100');
    expect(ids).toContain(quiet.id);
    expect(ids).not.toContain(booked.id);
  });

  it('finds the fully booked tutors from their free times in the coming 7 days', async () => {
    const { weekday, startsAt } = tomorrowAtTen();
    const slot = [{ weekday, startMinute: 600, endMinute: 630 }];
    const full = await createTutor(t, { slots: slot, lessonLengths: [30] });
    const free = await createTutor(t, { slots: slot, lessonLengths: [30] });
    const noSlots = await createTutor(t);
    const student = await createActor(t, 'student');
    await insertLesson(t, { tutorId: full.id, studentId: student.id, startsAt });
    const ids = await idsOf('/api/v1/user/tutor/full-tutors?size=100');
    expect(ids).toContain(full.id);
    expect(ids).not.toContain(free.id);
    expect(ids).not.toContain(noSlots.id);
  });
});

describe('staff changes of a tutor', () => {
  it('sets the rate, notice and bypass flag, logging before → after, and returns to the default rate', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const set = await as('PATCH', `/api/v1/user/tutor/${tutor.id}/terms`, {
      ratePerMinutePiastres: 300,
      noticePeriodMinutes: 120,
      reason,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ ratePerMinutePiastres: 300, noticePeriodMinutes: 120 });
    const back = (
      await as('PATCH', `/api/v1/user/tutor/${tutor.id}/terms`, { ratePerMinutePiastres: null, reason })
    ).json() as StaffTutorDetail;
    expect(back.ratePerMinutePiastres).toBeNull();
    expect(back.defaultRatePerMinutePiastres).toBe(250);
    const empty = await as('PATCH', `/api/v1/user/tutor/${tutor.id}/terms`, { reason });
    expect(empty.json().code).toBe('empty-request');
    const history = await historyOf(tutor.id);
    expect(history.map((e) => e.action)).toEqual(['tutor.update-terms', 'tutor.update-terms']);
    expect(history[1]).toMatchObject({
      actorId: admin.id,
      objectType: 'tutor',
      before: { ratePerMinutePiastres: null, noticePeriodMinutes: 30 },
      after: { ratePerMinutePiastres: 300, noticePeriodMinutes: 120 },
      reason,
    });
    expect(history[0]).toMatchObject({
      before: { ratePerMinutePiastres: 300 },
      after: { ratePerMinutePiastres: null },
    });
    const missing = await as('PATCH', '/api/v1/user/tutor/999999/terms', { noticePeriodMinutes: 10, reason });
    expect(missing.json().code).toBe('tutor-not-found');
  });

  it('[400] refuses a notice period above the longest in force, as the tutor’s own edit does', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const setNotice = (noticePeriodMinutes: number) =>
      as('PATCH', `/api/v1/user/tutor/${tutor.id}/terms`, { noticePeriodMinutes, reason });
    const setMax = (maxNoticePeriodMinutes: number) =>
      as('PATCH', '/api/v1/platform-settings', { maxNoticePeriodMinutes });
    // The contract's absolute cap is the settings' (two days), no longer a week.
    const aboveCap = await setNotice(2 * 24 * 60 + 1);
    expect({ status: aboveCap.statusCode, code: aboveCap.json().code }).toEqual({ status: 400, code: 'bad-request' });
    try {
      expect((await setMax(12 * 60)).statusCode).toBe(200);
      const refused = await setNotice(12 * 60 + 1);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toMatchObject({
        fields: { noticePeriodMinutes: 'notice-period-max' },
        maxNoticePeriodMinutes: 12 * 60,
      });
      expect((await setNotice(12 * 60)).json()).toMatchObject({ noticePeriodMinutes: 12 * 60 });
    } finally {
      await setMax(2 * 24 * 60);
    }
    expect((await historyOf(tutor.id)).map((e) => e.after)).toEqual([{ noticePeriodMinutes: 12 * 60 }]);
  });

  it('activates only an onboarded tutor or one whose onboarding is bypassed', async () => {
    const applicant = await createActor(t, 'tutor');
    const refused = await as('PUT', `/api/v1/user/tutor/${applicant.id}/activated`, { activated: true, reason });
    expect(refused.json().code).toBe('onboarding-step-locked');
    await as('PATCH', `/api/v1/user/tutor/${applicant.id}/terms`, { bypassOnboarding: true, reason });
    const activated = await as('PUT', `/api/v1/user/tutor/${applicant.id}/activated`, { activated: true, reason });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().tutor).toMatchObject({ activated: true, bypassOnboarding: true, stage: 'onboarded' });
    expect((await historyOf(applicant.id)).map((e) => e.action)).toEqual(['tutor.activate', 'tutor.update-terms']);
  });

  it('deactivates: gone from the list, no new booking; booked lessons stay unless also cancelled', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t);
    const { startsAt } = tomorrowAtTen();
    const kept = await insertLesson(t, { tutorId: tutor.id, studentId: student.id, startsAt });

    const off = await as('PUT', `/api/v1/user/tutor/${tutor.id}/activated`, { activated: false, reason });
    expect(off.json()).toMatchObject({ tutor: { activated: false }, cancelledLessons: 0 });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=100' });
    expect((listed.json().list as { id: number }[]).map((c) => c.id)).not.toContain(tutor.id);
    const [stays] = await t.database.db.select().from(lessons).where(eq(lessons.id, kept.id));
    expect(stays?.status).toBe('pending');

    const cancel = await as('PUT', `/api/v1/user/tutor/${tutor.id}/activated`, {
      activated: false,
      cancelBookedLessons: true,
      reason,
    });
    expect(cancel.json().cancelledLessons).toBe(1);
    const [gone] = await t.database.db.select().from(lessons).where(eq(lessons.id, kept.id));
    expect(gone).toMatchObject({ status: 'cancelledByAdmin', cancelledBy: admin.id });
    const told = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, student.id));
    expect(told.length).toBeGreaterThan(0);
    expect((await historyOf(tutor.id)).map((e) => e.action)).toEqual(['tutor.deactivate']);
    expect((await historyOf(student.id)).map((e) => e.action)).toEqual(['lesson.cancel']);
  });
});
