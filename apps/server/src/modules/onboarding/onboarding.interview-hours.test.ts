import type { WeeklySlot } from '@darsak/domain/availability';
import type { Interviewer } from '@darsak/domain/interviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor, renewSession } from '../../../test/harness/actors.ts';
import {
  applicantReadyForInterview,
  createApplicant,
  createInterviewer,
  uploadIntroVideo,
} from '../../../test/onboarding-fixtures.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';

const NOW = '2025-01-06T07:00:00Z'; // Monday 09:00 Cairo
const MONDAY_MORNING: WeeklySlot[] = [{ weekday: 1, startMinute: 10 * 60, endMinute: 12 * 60 }];
const MONDAY_LONGER: WeeklySlot[] = [{ weekday: 1, startMinute: 10 * 60, endMinute: 14 * 60 }];
const TUESDAY_TOO: WeeklySlot[] = [...MONDAY_LONGER, { weekday: 2, startMinute: 10 * 60, endMinute: 12 * 60 }];

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const saveWeek = async (actor: Actor, slots: WeeklySlot[]) => {
  const saved = await injectAs(t.app, actor.token, {
    method: 'POST',
    url: '/api/v1/availability-slot/',
    payload: { slots },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};
const timesOpenedTo = async (userId: number) =>
  t.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.template, 'onboarding-timesOpened')));

describe('an applicant waiting for interview times', () => {
  it('is told once a day by each interviewer who adds hours; others and mere edits tell no one', async () => {
    const manager = await createInterviewer(t, []);
    const waiting = await applicantReadyForInterview(t, admin);
    const videoPending = await createApplicant(t);
    expect((await uploadIntroVideo(t, videoPending, 90)).statusCode).toBe(201);

    // No interviewer has hours: the applicant meets no free time at all.
    const select = await injectAs(t.app, waiting.token, { method: 'GET', url: '/api/v1/user/interviewer/select' });
    expect((select.json() as Interviewer[]).every((i) => i.freeTimes.length === 0)).toBe(true);

    // A tutor's week is about lessons, not interviews.
    await saveWeek(await createTutor(t), MONDAY_MORNING);
    expect(await timesOpenedTo(waiting.id)).toEqual([]);

    await saveWeek(manager, MONDAY_MORNING);
    const [notice, ...more] = await timesOpenedTo(waiting.id);
    expect(more).toEqual([]);
    expect(notice?.body).toContain('احجز موعد المقابلة');
    expect(await timesOpenedTo(videoPending.id)).toEqual([]);

    // The same week again, or hours taken away, adds nothing; more hours the same day are not a second message.
    await saveWeek(manager, MONDAY_MORNING);
    await saveWeek(manager, MONDAY_LONGER);
    await saveWeek(manager, []);
    await saveWeek(manager, TUESDAY_TOO);
    expect(await timesOpenedTo(waiting.id)).toHaveLength(1);

    // The next day, new hours are news again.
    t.clock.set(new Date('2025-01-07T07:00:00Z'));
    await renewSession(t, manager);
    await saveWeek(manager, [...TUESDAY_TOO, { weekday: 3, startMinute: 600, endMinute: 660 }]);
    expect(await timesOpenedTo(waiting.id)).toHaveLength(2);
  });

  it('is not told while an interview is booked, and is told again when waiting for the demo session', async () => {
    const manager = await createInterviewer(t, MONDAY_MORNING);
    const applicant = await applicantReadyForInterview(t, admin);
    const booked = await injectAs(t.app, applicant.token, {
      method: 'POST',
      url: '/api/v1/interview',
      payload: { managerId: manager.id, startsAt: '2025-01-13T08:00:00.000Z' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await saveWeek(manager, TUESDAY_TOO);
    expect(await timesOpenedTo(applicant.id)).toEqual([]);

    t.clock.set(new Date('2025-01-13T08:10:00Z'));
    await renewSession(t, manager);
    const passed = await injectAs(t.app, manager.token, {
      method: 'PATCH',
      url: '/api/v1/interview',
      payload: { id: booked.json().id, action: 'decide', outcome: 'passed', feedback: 'نطق واضح', level: 4 },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    await saveWeek(await createInterviewer(t, []), MONDAY_MORNING);
    const [notice, ...more] = await timesOpenedTo(applicant.id);
    expect(more).toEqual([]);
    expect(notice?.body).toContain('احجز موعد الجلسة التجريبية');
  });
});
