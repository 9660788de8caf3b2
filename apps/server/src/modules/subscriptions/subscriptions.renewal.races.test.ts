import { type PaymentResult, TransactionStatus } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../../test/booking-fixtures.ts';
import { injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { cashReference, paidAtKiosk, withFakeProviders } from '../../../test/cash-payments.ts';
import type { FakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { codeForDbError } from '../../platform/http/db-errors.ts';
import { transactions } from '../payments/payments.table.ts';
import { subscriptions } from './subscriptions.table.ts';

// One next period, whatever the timing: the student's checkouts queue on her row, payments on her subscription's
// row, and the database's unique index and exclusion constraint stop what would slip past the code.
const NOW = '2025-03-06T10:00:00Z';
const END = new Date('2025-04-03T04:00:00Z');
let fake: FakeProviders;
let t: TestApp;
let close: () => Promise<void>;
let plan: Plan;

beforeAll(async () => {
  const suite = await withFakeProviders(NOW);
  ({ fake, t, close } = suite);
  plan = await suite.plan(60, 50_000);
});
afterAll(() => close());

const checkout = (student: Actor) => cashReference(t, student, plan);
const paid = (result: PaymentResult) => paidAtKiosk(t, fake, result);
const rowsOf = (studentId: number) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.studentId, studentId)).orderBy(subscriptions.id);

async function subscribed(): Promise<Actor> {
  const student = await createActor(t, 'student');
  await verify(t, student);
  await paid((await checkout(student)).json());
  return student;
}

describe('concurrent advance payments', () => {
  it('ten pay-ahead checkouts at once from her two phones: one open payment, nine refused', async () => {
    const student = await subscribed();
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(student)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'payment-in-progress')).toBe(
      true,
    );
    console.info(`10 concurrent pay-ahead checkouts (${t.database.kind}): ${JSON.stringify(statuses)}`);
  }, 60_000);

  it('two advance payments reported paid at once: one next period, the other refunded in full', async () => {
    const student = await subscribed();
    const first: PaymentResult = (await checkout(student)).json();
    await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/fawry/cancel-unpaid-order',
      payload: { transactionId: first.transaction.id },
    });
    const second: PaymentResult = (await checkout(student)).json();
    // the kiosk took the cancelled reference after all, at the same moment as the second one
    await Promise.all([paid(first), paid(second)]);
    const scheduled = (await rowsOf(student.id)).filter((r) => r.status === 'scheduled');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.startsAt.getTime()).toBe(END.getTime());
    const loser = scheduled[0]?.transactionId === first.transaction.id ? second : first;
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, loser.transaction.id));
    expect(row?.status).toBe(TransactionStatus.paid);
    const refunds = await queuedJobs<{ transactionId: number; amountPiastres: number }>(t, 'payments.refund');
    expect(refunds.some((j) => j.data.transactionId === loser.transaction.id && j.data.amountPiastres === 50_000)).toBe(
      true,
    );
  }, 60_000);

  it('a pause and an advance payment at once: the next period starts at the moved end either way', async () => {
    const student = await subscribed();
    const ahead: PaymentResult = (await checkout(student)).json();
    await Promise.all([
      paid(ahead),
      injectAs(t.app, student.token, {
        method: 'POST',
        url: '/api/v1/sub/pause',
        payload: { weeks: 1, startDate: '2025-03-20' },
      }),
    ]);
    const [current, next] = await rowsOf(student.id);
    expect(current?.endsAt.toISOString()).toBe('2025-04-10T04:00:00.000Z');
    expect(next).toMatchObject({ status: 'scheduled' });
    expect(next?.startsAt.getTime()).toBe(current?.endsAt.getTime());
  }, 60_000);

  it('the database itself refuses overlapping paid periods and a second scheduled one', async () => {
    const student = await subscribed();
    const [current] = await rowsOf(student.id);
    const insert = (startsAt: Date, endsAt: Date, status: 'scheduled' | 'ended', period: 'month' | 'freeTrial') =>
      t.database.db
        .insert(subscriptions)
        .values({
          studentId: student.id,
          planId: plan.id,
          period,
          weeklyMinutes: 60,
          status,
          startsAt,
          endsAt,
          weekAnchorAt: startsAt,
        })
        .then(() => 'inserted', codeForDbError);
    const day = (n: number) => new Date(END.getTime() + n * 86_400_000);
    expect(await insert(day(-1), day(27), 'scheduled', 'month')).toBe('next-period-scheduled');
    expect(await insert(day(-1), day(27), 'ended', 'month')).toBe('next-period-scheduled');
    expect(await insert(day(-1), day(27), 'ended', 'freeTrial')).toBe('inserted');
    expect(await insert(END, day(28), 'scheduled', 'month')).toBe('inserted');
    expect(await insert(day(28), day(56), 'scheduled', 'month')).toBe('next-period-scheduled');
    expect(current?.status).toBe('active');
  });
});
