import { TransactionStatus } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import type { CancelledSubscription, Subscription } from '@darsak/domain/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_WEEK, createTutor, verify } from '../../../test/booking-fixtures.ts';
import { injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { cashReference, payCash as payCashAt, withFakeProviders } from '../../../test/cash-payments.ts';
import type { FakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor, renewSession } from '../../../test/harness/actors.ts';
import { chooseNotifications } from '../../../test/notifications.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { transactions } from '../payments/payments.table.ts';
import { subscriptions } from './subscriptions.table.ts';

// Paying the next period in advance (issue 31) through the real Fawry adapter against its stand-in. Thursday
// 2025-03-06, 12:00 in Cairo: a month bought now renews on Thursdays at 06:00 Cairo and ends 2025-04-03 04:00 UTC.
const NOW = '2025-03-06T10:00:00Z';
const END = '2025-04-03T04:00:00.000Z';
let fake: FakeProviders;
let t: TestApp;
let close: () => Promise<void>;
let small: Plan;
let large: Plan;
let tutor: Actor;

beforeAll(async () => {
  const suite = await withFakeProviders(NOW);
  ({ fake, t, close } = suite);
  small = await suite.plan(60, 50_000);
  large = await suite.plan(120, 80_000);
  tutor = await createTutor(t, { slots: ALL_WEEK });
});
afterAll(() => close());
beforeEach(() => {
  fake.state.charge = 'pending';
  t.clock.set(NOW);
});

const as = (actor: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });
const payCash = (student: Actor, plan: Plan) => payCashAt(t, fake, student, plan);

async function subscribed(plan = small): Promise<Actor> {
  const student = await createActor(t, 'student');
  await verify(t, student);
  await payCash(student, plan);
  return student;
}

const current = async (student: Actor): Promise<Subscription> => (await as(student, 'GET', '/api/v1/sub/user')).json();
const rowsOf = (studentId: number) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.studentId, studentId)).orderBy(subscriptions.id);

async function later(student: Actor, at: string) {
  t.clock.set(at);
  await renewSession(t, student);
}

describe('paying the next period in advance', () => {
  it('offers it from the current end, schedules it there, and it takes over then with its own minutes', async () => {
    const student = await subscribed(small);
    expect(await current(student)).toMatchObject({ payAhead: { startsAt: END }, next: null });

    const { transaction } = await payCash(student, large);
    const shown = await current(student);
    expect(shown).toMatchObject({ weeklyMinutes: 60, endsAt: END, payAhead: null });
    expect(shown.next).toMatchObject({ planId: large.id, weeklyMinutes: 120, startsAt: END, pricePiastres: 80_000 });
    expect(shown.next?.transactionId).toBe(transaction.id);
    const listed = (await as(student, 'GET', '/api/v1/sub/list')).json().list as Subscription[];
    expect(listed.map((s) => s.status)).toEqual(['scheduled', 'active']);
    // her payment message says when it starts, not that it started
    const [received] = await t.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'payment-received')))
      .orderBy(outboxMessages.id)
      .offset(1);
    expect(received?.body).toContain('ويبدأ اشتراكك القادم فور انتهاء الحالي');
    expect(received?.body).not.toContain('وبدأ اشتراكك');

    // the last minute of the current month: still the small plan
    await later(student, '2025-04-03T03:59:00Z');
    expect(await current(student)).toMatchObject({ weeklyMinutes: 60 });
    // the first instant of the next: the large plan's week, before the sweep runs
    await later(student, '2025-04-03T04:00:00Z');
    const next = await current(student);
    expect(next).toMatchObject({
      id: shown.next?.id,
      status: 'active',
      weeklyMinutes: 120,
      remainingWeeklyMinutes: 120,
      weekStartsAt: END,
      weekEndsAt: '2025-04-10T04:00:00.000Z',
      payAhead: { startsAt: '2025-05-01T03:00:00.000Z' },
    });
    const booked = await as(student, 'POST', '/api/v1/lesson/', {
      tutorId: tutor.id,
      startsAt: '2025-04-05T10:00:00Z',
      durationMinutes: 30,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await current(student)).remainingWeeklyMinutes).toBe(90);

    await t.app.jobs.run('subscriptions.end-overdue', {});
    expect((await rowsOf(student.id)).map((r) => r.status)).toEqual(['ended', 'active']);
  });

  it('a pause moves the scheduled start with the current end, and calling it off moves it back', async () => {
    const student = await subscribed();
    await payCash(student, small);
    const paused = await as(student, 'POST', '/api/v1/sub/pause', { weeks: 2, startDate: '2025-03-20' });
    expect(paused.statusCode, paused.body).toBe(201);
    const shown = await current(student);
    expect(shown.endsAt).toBe('2025-04-17T04:00:00.000Z');
    expect(shown.next).toMatchObject({ startsAt: '2025-04-17T04:00:00.000Z', endsAt: '2025-05-15T03:00:00.000Z' });

    const off = await as(student, 'PATCH', '/api/v1/sub/pause/end');
    expect(off.statusCode, off.body).toBe(200);
    expect((await current(student)).next).toMatchObject({ startsAt: END, endsAt: '2025-05-01T03:00:00.000Z' });
  });

  it('cancelled before it starts, it is refunded in full and may be bought again', async () => {
    const student = await subscribed();
    const { transaction } = await payCash(student, large);
    const answer = await as(student, 'PATCH', '/api/v1/sub/next/cancel', {});
    expect(answer.statusCode, answer.body).toBe(200);
    const cancelled: CancelledSubscription = answer.json();
    expect(cancelled.subscription.status).toBe('cancelled');
    expect(cancelled.refund).toMatchObject({ transactionId: transaction.id, amountPiastres: 80_000, pending: true });
    const jobs = await queuedJobs<{ transactionId: number; amountPiastres: number }>(t, 'payments.refund');
    expect(jobs.some((j) => j.data.transactionId === transaction.id && j.data.amountPiastres === 80_000)).toBe(true);
    expect(await current(student)).toMatchObject({ next: null, payAhead: { startsAt: END } });
    expect((await as(student, 'PATCH', '/api/v1/sub/next/cancel', {})).json().code).toBe('subscription-not-found');
    await payCash(student, small);
    expect((await current(student)).next).toMatchObject({ planId: small.id });
  });

  it('the current period cancelled, the paid next one still starts at its date and no overlapping one is sold', async () => {
    const student = await subscribed();
    await payCash(student, large);
    expect((await as(student, 'PATCH', '/api/v1/sub/cancel', {})).statusCode).toBe(200);
    const refused = await cashReference(t, student, small);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('next-period-scheduled');
    await later(student, END);
    expect(await current(student)).toMatchObject({ status: 'active', planId: large.id });
  });

  it('no end notice for a period followed by one paid in advance', async () => {
    const student = await subscribed();
    const [row] = await rowsOf(student.id);
    await payCash(student, small);
    t.clock.set('2025-03-31T10:00:00Z');
    await t.app.jobs.run('subscriptions.end-notice', { subscriptionId: row?.id });
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'subscription-ending')));
    expect(sent).toEqual([]);
  });
});

describe('the renewal message', () => {
  const NOTICE_AT = '2025-03-31T04:00:00Z'; // three days (the setting) before the end
  const renewalsOf = (student: Actor) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'subscription-ending')));
  const pendingOf = async (student: Actor) =>
    (await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id))).filter(
      (r) => r.status === TransactionStatus.new,
    );
  const fawryCharges = () => fake.requests.filter((r) => r.path.endsWith('/payments/charge')).length;

  async function noticeFor(student: Actor) {
    await chooseNotifications(t, student, 'email');
    const [row] = await rowsOf(student.id);
    t.clock.set(NOTICE_AT);
    return { subscriptionId: row?.id ?? 0 };
  }

  it('a cash payer gets the next period’s Fawry reference with its amount and deadline; paying it starts it at the end', async () => {
    const student = await subscribed(large);
    const job = await noticeFor(student);
    const charges = fawryCharges();
    // the job delivered twice at once (at least once, by two workers): one reference, one message
    await Promise.all([
      t.app.jobs.run('subscriptions.end-notice', job),
      t.app.jobs.run('subscriptions.end-notice', job),
    ]);
    await t.app.jobs.run('subscriptions.end-notice', job);
    expect(fawryCharges() - charges).toBe(1);
    const [reference, ...more] = await pendingOf(student);
    expect(more).toEqual([]);
    expect(reference).toMatchObject({ method: 'cashReference', forNextPeriod: true, amountPiastres: 80_000 });
    expect(reference?.expiresAt?.toISOString()).toBe(END);
    const [message, ...others] = await renewalsOf(student);
    expect(others).toEqual([]);
    expect(message?.body).toContain(`بالرقم المرجعي ${reference?.providerRef}`);
    expect(message?.body).toMatch(/٨٠٠\S*\sج\.م\./);
    expect(message?.body).toMatch(/قبل .*٣.*أبريل/);
    expect(message?.body).toContain(`/checkout/${large.id}/month`);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/fawry/callback',
      payload: fake.notify(reference?.merchantRefNum ?? '', 'PAID'),
    });
    await renewSession(t, student);
    const shown = await current(student);
    expect(shown.next).toMatchObject({ startsAt: END, planId: large.id, transactionId: reference?.id });
  });

  it('a wallet payer gets one tap to the checkout of the same plan, and no reference is opened', async () => {
    const student = await createActor(t, 'student');
    await verify(t, student);
    fake.state.charge = 'paid';
    const paid = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/fawry/pay/e-wallet',
      payload: { planId: small.id, period: 'month', walletPhone: '01012345678' },
      headers: { 'idempotency-key': `renewal-wallet-${Date.now()}` },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const job = await noticeFor(student);
    const charges = fawryCharges();
    await t.app.jobs.run('subscriptions.end-notice', job);
    expect(fawryCharges()).toBe(charges);
    expect(await pendingOf(student)).toEqual([]);
    const [message] = await renewalsOf(student);
    expect(message?.body).toContain(`/checkout/${small.id}/month`);
    expect(message?.body).not.toContain('الرقم المرجعي');
  });

  it('no message and no reference opened in her name for a student who turned the renewal nudge off', async () => {
    const muted = await subscribed();
    await chooseNotifications(t, muted, 'email', { subscriptionEnding: false });
    const [row] = await rowsOf(muted.id);
    t.clock.set(NOTICE_AT);
    await t.app.jobs.run('subscriptions.end-notice', { subscriptionId: row?.id });
    expect(await pendingOf(muted)).toEqual([]);
    expect(await renewalsOf(muted)).toEqual([]);
  });
});
