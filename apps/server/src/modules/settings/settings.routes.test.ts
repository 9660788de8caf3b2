import type { AuditEntry } from '@darsak/domain/audit';
import type { LessonView } from '@darsak/domain/lessons';
import { PLATFORM_SETTINGS_DEFAULTS, type PlatformSettingsPatch } from '@darsak/domain/settings';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { tutors } from '../users/users.table.ts';

// Monday 2025-01-06 09:00 Cairo (07:00Z), as in the lessons tests.
const NOW = '2025-01-06T07:00:00Z';
const URL = '/api/v1/platform-settings';
// The test app sets RATE_LIMIT_SIGN_IN_PER_MINUTE, which becomes its default of the setting.
const DEFAULTS = { ...PLATFORM_SETTINGS_DEFAULTS, signInPerMinute: 1000 };

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());
// Each test starts from the defaults, whatever it changed.
afterEach(async () => {
  const { verification, ...rest } = DEFAULTS;
  await patch({ ...rest, verification });
});

const patch = (body: PlatformSettingsPatch | Record<string, unknown>, who: Actor = admin) =>
  injectAs(t.app, who.token, { method: 'PATCH', url: URL, payload: body });
const values = async () => (await injectAs(t.app, admin.token, { method: 'GET', url: URL })).json().values;
const auditOf = async (action: string): Promise<AuditEntry[]> =>
  (await injectAs(t.app, admin.token, { method: 'GET', url: `/api/v1/audit-log/list?action=${action}` })).json().list;

async function expectCode(response: { statusCode: number; json(): { code: string } }, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
}

describe('GET and PATCH /api/v1/platform-settings', () => {
  it('shows the defaults, changes only what the patch names, and audits before → after', async () => {
    const read = await injectAs(t.app, admin.token, { method: 'GET', url: URL });
    expect(read.json()).toEqual({ values: DEFAULTS, defaults: DEFAULTS });

    const changed = await patch({ cancellationWindowHours: 12, verification: { maxWrongTries: 3 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().values).toEqual({
      ...DEFAULTS,
      cancellationWindowHours: 12,
      verification: { ...DEFAULTS.verification, maxWrongTries: 3 },
    });
    expect(await values()).toEqual(changed.json().values);
    const [entry] = await auditOf('settings.update');
    expect(entry).toMatchObject({
      actorId: admin.id,
      objectType: 'settings',
      before: { cancellationWindowHours: 6, verification: DEFAULTS.verification },
      after: { cancellationWindowHours: 12, verification: { maxWrongTries: 3 } },
    });
    expect(entry?.after).not.toHaveProperty('noShowGraceMinutes');
  });

  it('writes nothing, and audits nothing, when the patch changes nothing', async () => {
    const before = (await auditOf('settings.update')).length;
    expect((await patch({ cancellationWindowHours: 6 })).statusCode).toBe(200);
    expect(await auditOf('settings.update')).toHaveLength(before);
  });

  it('[400 bad-request] names each value out of bounds, and nothing changes', async () => {
    const refused = await patch({
      cancellationWindowHours: 100,
      noShowGraceMinutes: 3,
      verification: { maxWrongTries: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'bad-request' });
    expect(Object.keys(refused.json().details.fields).sort()).toEqual([
      'cancellationWindowHours',
      'verification.maxWrongTries',
    ]);
    await expectCode(await patch({ tutorRatePerMinutePiastres: 2.5 }), 400, 'bad-request');
    await expectCode(await patch({ unknownPolicy: 1 }), 400, 'bad-request');
    expect(await values()).toEqual(DEFAULTS);
  });

  it('[400 bad-request] names both withdrawal limits when the minimum would exceed the maximum', async () => {
    await patch({ withdrawalMaxPiastres: 20_000 });
    const refused = await patch({ withdrawalMinPiastres: 30_000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual({
      withdrawalMinPiastres: 'withdrawal-limits-crossed',
      withdrawalMaxPiastres: 'withdrawal-limits-crossed',
    });
    expect(await values()).toMatchObject({ withdrawalMinPiastres: 10_000, withdrawalMaxPiastres: 20_000 });
  });

  it('[400 bad-request] names both notice periods when the default would exceed the longest', async () => {
    const refused = await patch({ defaultNoticePeriodMinutes: 120, maxNoticePeriodMinutes: 60 });
    expect(refused.json().details.fields).toEqual({
      defaultNoticePeriodMinutes: 'notice-period-default-above-max',
      maxNoticePeriodMinutes: 'notice-period-default-above-max',
    });
    expect(await values()).toEqual(DEFAULTS);
  });

  it('[400 bad-request] keeps the wait for the tutor within the longest drop, which ends a lesson the tutor missed', async () => {
    const refused = await patch({ lessonMaxDropMinutes: 3 });
    expect(refused.json().details.fields).toEqual({
      noShowGraceMinutes: 'no-show-grace-above-max-drop',
      lessonMaxDropMinutes: 'no-show-grace-above-max-drop',
    });
    expect(await values()).toEqual(DEFAULTS);
    expect((await patch({ lessonMaxDropMinutes: 3, noShowGraceMinutes: 3 })).statusCode).toBe(200);
    expect((await patch({ lessonMaxDropMinutes: 10, noShowGraceMinutes: 5 })).statusCode).toBe(200);
  });

  it('[403] refuses other staff and users; super admins may change settings too', async () => {
    for (const role of ['tutorManager', 'studio', 'student', 'tutor'] as const) {
      await expectCode(await patch({ cancellationWindowHours: 1 }, await createActor(t, role)), 403, 'forbidden');
    }
    expect((await patch({ cancellationWindowHours: 1 }, await createActor(t, 'superAdmin'))).statusCode).toBe(200);
  });
});

describe('each policy follows its setting', () => {
  const book = (student: Actor, tutorId: number, startsAt: string, durationMinutes = 30) =>
    injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId, startsAt, durationMinutes },
    });
  const cancel = (who: Actor, id: number) =>
    injectAs(t.app, who.token, { method: 'DELETE', url: `/api/v1/lesson/${id}` });

  it('cancellation window: a lesson 4 hours ahead is cancellable under a 2-hour window, not under 6', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t);
    const lesson: LessonView = (await book(student, tutor.id, '2025-01-06T11:00:00Z')).json();
    // Booked inside the window: only the late-booking grace (10 minutes) is left.
    expect(lesson.cancellableUntil).toBe('2025-01-06T07:10:00.000Z');
    t.clock.set('2025-01-06T07:11:00Z');
    try {
      await expectCode(await cancel(student, lesson.id), 422, 'cancellation-window-passed');

      await patch({ cancellationWindowHours: 2 });
      const seen = await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/lesson/${lesson.id}` });
      expect(seen.json().cancellableUntil).toBe('2025-01-06T09:00:00.000Z');
      expect((await cancel(student, lesson.id)).json()).toMatchObject({ status: 'cancelledByStudent' });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('tutor rate: a booking is priced at the rate in force, unless the tutor has their own', async () => {
    await patch({ tutorRatePerMinutePiastres: 300 });
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const own = await createTutor(t, { slots: ALL_WEEK, ratePerMinutePiastres: 200 });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 120 });
    const first = (await book(student, tutor.id, '2025-01-07T10:00:00Z')).json();
    expect(first.pricePiastres).toBe(30 * 300);
    await cancel(student, first.id);
    expect((await book(student, own.id, '2025-01-07T12:00:00Z')).json().pricePiastres).toBe(30 * 200);
  });

  it('no-show grace: the student may end a lesson the tutor missed once the grace minutes passed', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t);
    const lesson = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-06T06:57:00Z'),
      status: 'happening',
    });
    const end = () =>
      injectAs(t.app, student.token, { method: 'POST', url: `/api/v1/lesson/${lesson.id}/tutor-did-not-attend` });
    await expectCode(await end(), 422, 'tutor-may-still-join');
    await patch({ noShowGraceMinutes: 2 });
    expect((await end()).json()).toMatchObject({ status: 'cancelledByTutor', cancelReason: 'tutorDidNotAttend' });
  });

  it('verification limits: the lifetime, resend wait, hourly cap and wrong tries in force', async () => {
    await patch({
      verification: { codeTtlMinutes: 3, resendCooldownSeconds: 0, maxCodesPerHour: 1, maxWrongTries: 1 },
    });
    const { token, user } = await registerUser(t.app);
    const send = () =>
      injectAs(t.app, token, { method: 'POST', url: '/api/v1/confirmation-code/email/send', payload: {} });
    const confirm = (code: string) =>
      injectAs(t.app, token, { method: 'POST', url: '/api/v1/confirmation-code/email/confirm', payload: { code } });
    expect((await send()).json()).toMatchObject({ resendAfterSeconds: 0, expiresInMinutes: 3 });
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(user.email)}` });
    const [message] = outbox.json().list as Array<{ code: string; text: string }>;
    expect(message?.text).toContain('الكود صالح لمدة ٣ دقائق');
    await expectCode(await send(), 429, 'too-many-requests');
    const code = message?.code ?? '';
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    await expectCode(await confirm(wrong), 422, 'invalid-verification-code');
    // one wrong try locks the code, right as it is
    await expectCode(await confirm(code), 422, 'expired-verification-code');
  });

  it('longest notice period: a tutor may set theirs up to the one in force', async () => {
    const tutor = await createActor(t, 'tutor');
    const setNotice = (noticePeriodMinutes: number) =>
      injectAs(t.app, tutor.token, {
        method: 'PUT',
        url: `/api/v1/user/${tutor.id}`,
        payload: { noticePeriodMinutes },
      });
    expect((await setNotice(24 * 60)).statusCode).toBe(200);
    await patch({ maxNoticePeriodMinutes: 12 * 60 });
    const refused = await setNotice(12 * 60 + 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatchObject({
      fields: { noticePeriodMinutes: 'notice-period-max' },
      maxNoticePeriodMinutes: 12 * 60,
    });
    expect((await setNotice(12 * 60)).json()).toMatchObject({ id: tutor.id });
    // Above the absolute cap (two days, the bound the app shows) the contract refuses it: once a week passed.
    const week = await setNotice(7 * 24 * 60);
    expect({ status: week.statusCode, fields: week.json().details?.fields }).toEqual({
      status: 400,
      fields: { noticePeriodMinutes: 'notice-period-max' },
    });
  });

  it('default notice period: a tutor registering now gets the one in force', async () => {
    await patch({ defaultNoticePeriodMinutes: 90 });
    const { user } = await registerUser(t.app, { role: 'tutor' });
    const [row] = await t.database.db
      .select({ notice: tutors.noticePeriodMinutes })
      .from(tutors)
      .where(eq(tutors.userId, user.id));
    expect(row?.notice).toBe(90);
  });
});
