import type { Overview } from '@darsak/domain/overview';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { credit, requestWithdrawal, saveInstapay } from '../../../test/invoice-fixtures.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { pendingIntroVideo } from '../../../test/onboarding-rows.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { transactions } from '../payments/payments.table.ts';
import { plans } from '../plans/plans.table.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { users } from '../users/users.table.ts';

// Wednesday 4 March 2026, 10:00 in Cairo (UTC+2): the week began on Saturday 28 February (22:00 UTC on the
// 27th), the month on 1 March (22:00 UTC on 28 February).
const NOW = '2026-03-04T08:00:00.000Z';
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: Actor;
let overview: Overview;

async function student(createdAt: string) {
  const s = await createActor(t, 'student');
  await t.database.db
    .update(users)
    .set({ createdAt: at(createdAt) })
    .where(eq(users.id, s.id));
  return s;
}

let refs = 0;
async function payment(
  userId: number,
  planId: number,
  p: { amount: number; paidAt: string; status?: number; refunded?: number; refundedAt?: string },
) {
  refs += 1;
  await t.database.db.insert(transactions).values({
    userId,
    planId,
    period: 'month',
    weeklyMinutes: 60,
    method: 'card',
    provider: 'fawry',
    merchantRefNum: `overview-${refs}`,
    receiptNumber: `DRS-2000-${String(refs).padStart(6, '0')}`,
    amountPiastres: p.amount,
    status: p.status ?? 1,
    paidAt: at(p.paidAt),
    refundedPiastres: p.refunded ?? 0,
    refundedAt: p.refundedAt ? at(p.refundedAt) : null,
  });
}

async function lesson(
  tutorId: number,
  studentId: number,
  p: {
    startsAt: string;
    createdAt: string;
    minutes?: 15 | 30;
    status?: 'pending' | 'fulfilled' | 'cancelledByStudent' | 'cancelledByTutor';
    cancelledAt?: string;
    reason?: string;
  },
) {
  const row = await insertLesson(t, {
    tutorId,
    studentId,
    startsAt: at(p.startsAt),
    durationMinutes: p.minutes ?? 30,
    status: p.status,
  });
  await t.database.db
    .update(lessons)
    .set({
      createdAt: at(p.createdAt),
      ...(p.cancelledAt ? { cancelledAt: at(p.cancelledAt), cancelReason: p.reason ?? null } : {}),
    })
    .where(eq(lessons.id, row.id));
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
  const db = t.database.db;
  const [sixty, thirty] = (await db
    .insert(plans)
    .values([
      { nameAr: 'ستون دقيقة', nameEn: 'Sixty minutes', weeklyMinutes: 60, baseMonthPricePiastres: 50_000 },
      { nameAr: 'ثلاثون دقيقة', nameEn: 'Thirty minutes', weeklyMinutes: 30, baseMonthPricePiastres: 30_000 },
    ])
    .returning()) as [typeof plans.$inferSelect, typeof plans.$inferSelect];
  const today = await student('2026-03-04T07:00:00Z');
  const monday = await student('2026-03-02T07:00:00Z');
  const older = await student('2026-02-20T07:00:00Z');

  await payment(today.id, sixty.id, { amount: 50_000, paidAt: '2026-03-04T07:00:00Z' });
  await payment(monday.id, sixty.id, {
    amount: 30_000,
    paidAt: '2026-03-02T10:00:00Z',
    status: 5,
    refunded: 10_000,
    refundedAt: '2026-03-04T07:30:00Z',
  });
  await payment(older.id, thirty.id, { amount: 10_000, paidAt: '2026-02-28T20:00:00Z' }); // Saturday 22:00 in Cairo: this week, last month
  await payment(older.id, thirty.id, { amount: 20_000, paidAt: '2026-02-27T10:00:00Z' }); // the Friday before
  await payment(older.id, thirty.id, { amount: 99_900, paidAt: '2026-03-04T07:00:00Z', status: 6 }); // failed: no money

  const subscription = (studentId: number, planId: number, status: 'active' | 'ended') => ({
    studentId,
    planId,
    period: 'month' as const,
    weeklyMinutes: 60,
    status,
    startsAt: at('2026-03-01T00:00:00Z'),
    endsAt: at('2026-04-01T00:00:00Z'),
    weekAnchorAt: at('2026-03-01T04:00:00Z'),
  });
  await db
    .insert(subscriptions)
    .values([
      subscription(today.id, sixty.id, 'active'),
      subscription(monday.id, sixty.id, 'active'),
      subscription(older.id, thirty.id, 'ended'),
    ]);

  // Open on Wednesdays 09:00–12:00 and Thursdays 10:00–11:00, Cairo time.
  const tutor = await createTutor(t, {
    slots: [
      { weekday: 3, startMinute: 540, endMinute: 720 },
      { weekday: 4, startMinute: 600, endMinute: 660 },
    ],
  });
  await lesson(tutor.id, today.id, { startsAt: '2026-03-04T12:00:00Z', createdAt: '2026-03-04T07:10:00Z' });
  await lesson(tutor.id, monday.id, {
    startsAt: '2026-03-05T09:00:00Z',
    createdAt: '2026-03-04T07:20:00Z',
    minutes: 15,
  });
  await lesson(tutor.id, monday.id, {
    startsAt: '2026-03-02T08:00:00Z',
    createdAt: '2026-02-25T08:00:00Z',
    status: 'fulfilled',
  });
  await lesson(tutor.id, today.id, {
    startsAt: '2026-03-05T08:00:00Z',
    createdAt: '2026-02-26T08:00:00Z',
    status: 'cancelledByStudent',
    cancelledAt: '2026-03-04T07:00:00Z',
  });
  await lesson(tutor.id, older.id, {
    startsAt: '2026-03-04T06:00:00Z',
    createdAt: '2026-02-20T08:00:00Z',
    status: 'cancelledByTutor',
    cancelledAt: '2026-03-04T06:40:00Z',
    reason: 'tutorDidNotAttend',
  });
  await lesson(tutor.id, older.id, {
    startsAt: '2026-03-06T08:00:00Z',
    createdAt: '2026-02-20T08:00:00Z',
    status: 'cancelledByStudent',
    cancelledAt: '2026-03-04T06:50:00Z',
    reason: 'rebooked',
  });

  await createActor(t, 'tutor'); // an applicant who has not finished the profile
  await pendingIntroVideo(t); // an applicant whose intro video waits for review
  await credit(t, tutor.id, 500);
  await requestWithdrawal(t, tutor, (await saveInstapay(t, tutor)).id, 150);

  const response = await injectAs(t.app, admin.token, { method: 'GET', url: '/api/v1/overview' });
  expect(response.statusCode).toBe(200);
  overview = response.json();
});
afterAll(() => t.close());

describe('GET /api/v1/overview', () => {
  it('adds up revenue by Cairo day, week (from Saturday) and month: paid minus refunded', () => {
    expect(overview.revenue).toEqual({
      today: { paidPiastres: 50_000, refundedPiastres: 10_000, netPiastres: 40_000 },
      week: { paidPiastres: 90_000, refundedPiastres: 10_000, netPiastres: 80_000 },
      month: { paidPiastres: 80_000, refundedPiastres: 10_000, netPiastres: 70_000 },
    });
  });

  it('counts active subscriptions by plan and new students', () => {
    expect(overview.subscriptions).toMatchObject({ total: 2, byPlan: [{ nameEn: 'Sixty minutes', count: 2 }] });
    expect(overview.newStudents).toEqual({ today: 1, week: 2 });
  });

  it('counts bookings, lessons held, cancellations (moves aside) and no-shows', () => {
    expect(overview.lessons).toEqual({
      today: { booked: 2, held: 0, cancelled: 1, tutorNoShows: 1 },
      week: { booked: 2, held: 1, cancelled: 1, tutorNoShows: 1 },
    });
  });

  it("sets the bookable tutors' open minutes against the booked ones", () => {
    expect(overview.supply).toEqual([
      { range: 'today', openMinutes: 180, bookedMinutes: 30 },
      { range: 'tomorrow', openMinutes: 60, bookedMinutes: 15 },
      { range: 'next7Days', openMinutes: 240, bookedMinutes: 45 },
    ]);
  });

  it('counts applicants at their onboarding step and the withdrawals waiting', () => {
    const at = Object.fromEntries(overview.onboarding.map((s) => [s.step, s.tutors]));
    expect(at).toMatchObject({ profile: 1, introVideo: 1, interview: 0, activated: 0 });
    expect(overview.withdrawals).toEqual({ waiting: 1, amountPiastres: 15_000 });
  });

  it('charts the last 30 Cairo days, oldest first', () => {
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily[0]?.day).toBe('2026-02-03');
    const day = (d: string) => overview.daily.find((x) => x.day === d);
    expect(day('2026-03-04')).toEqual({ day: '2026-03-04', netPiastres: 40_000, lessonsHeld: 0 });
    expect(day('2026-03-02')).toEqual({ day: '2026-03-02', netPiastres: 30_000, lessonsHeld: 1 });
    expect(day('2026-02-28')?.netPiastres).toBe(10_000);
    expect(day('2026-02-27')?.netPiastres).toBe(20_000);
  });
});
