import type { PaymentResult } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import type { CancelledSubscription, Subscription } from '@darsak/domain/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor, renewSession } from '../../../test/harness/actors.ts';
import { chooseNotifications } from '../../../test/notifications.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { memoryInvalidationBus } from '../../platform/cache/invalidation-bus.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { transactions } from '../payments/payments.table.ts';
import { createPlansService } from '../plans/plans.service.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { createUsersService } from '../users/users.service.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

// Thursday 2025-03-06, 12:00 in Cairo (UTC+2): the subscription week renews on Thursdays at 06:00 Cairo.
const NOW = '2025-03-06T10:00:00Z';
let t: TestApp;
let admin: Actor;
let tutor: Actor;
let plan: Plan;
let keys = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  [admin, tutor] = [await createActor(t, 'admin'), await createActor(t, 'tutor')];
  plan = (
    await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/plan',
      payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000 },
    })
  ).json();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const as = (actor: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });

/** Buys the plan for a month through the simulator: a cash reference, paid at the "kiosk". */
async function subscribe(student: Actor, planId = plan.id): Promise<PaymentResult> {
  keys += 1;
  const answer = await as(student, 'POST', '/api/v1/fawry/pay/ref-num', {
    planId,
    period: 'month',
    idempotencyKey: `sub-test-${keys}-${Date.now()}`,
  });
  expect(answer.statusCode).toBe(201);
  const result: PaymentResult = answer.json();
  await t.app.inject({
    method: 'POST',
    url: `/dev/gateway/pay/${result.transaction.merchantRefNum}`,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return result;
}

async function lesson(
  student: Actor,
  startsAt: string,
  minutes: 15 | 30,
  status: 'fulfilled' | 'pending' | 'cancelledByStudent',
) {
  const start = new Date(startsAt);
  await t.database.db.insert(lessons).values({
    studentId: student.id,
    tutorId: tutor.id,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
    durationMinutes: minutes,
    pricePiastres: minutes * 250,
    status,
    ...(status === 'cancelledByStudent' ? { cancelledAt: start, cancelledBy: student.id } : {}),
  });
}

/** A 60-minute plan offered by invitation only (the kind a free trial is given on). */
const inviteOnlyPlan = async (): Promise<Plan> =>
  (
    await as(admin, 'POST', '/api/v1/plan', { weeklyMinutes: 60, baseMonthPricePiastres: 50_000, forInvitesOnly: true })
  ).json();
const current = async (student: Actor) => (await as(student, 'GET', '/api/v1/sub/user')).json();
const cancel = (student: Actor) => as(student, 'PATCH', '/api/v1/sub/cancel', {});
const refundJobs = async () => (await queuedJobs<{ transactionId: number }>(t, 'payments.refund')).map((j) => j.data);

describe('GET /api/v1/sub/user', () => {
  it('answers the id -1 placeholder when the student has no subscription', async () => {
    const student = await createActor(t, 'student');
    expect(await current(student)).toEqual({ id: -1, status: 'none', weeklyMinutes: 0, remainingWeeklyMinutes: 0 });
    const answer = await as(tutor, 'GET', '/api/v1/sub/user');
    expect(answer.statusCode).toBe(403);
  });

  it('derives the remaining minutes from the current week’s lessons that were not cancelled', async () => {
    const student = await createActor(t, 'student');
    await subscribe(student);
    await lesson(student, '2025-03-07T08:00:00Z', 30, 'fulfilled');
    await lesson(student, '2025-03-08T08:00:00Z', 30, 'cancelledByStudent');
    await lesson(student, '2025-03-12T08:00:00Z', 15, 'pending');
    await lesson(student, '2025-03-13T05:00:00Z', 30, 'fulfilled'); // next week
    const sub: Subscription = await current(student);
    expect(sub).toMatchObject({
      weeklyMinutes: 120,
      remainingWeeklyMinutes: 75,
      period: 'month',
      startsAt: '2025-03-06T10:00:00.000Z',
      weekStartsAt: '2025-03-06T10:00:00.000Z',
      weekEndsAt: '2025-03-13T04:00:00.000Z', // Thursday 06:00 Cairo
      endsAt: '2025-04-03T04:00:00.000Z',
      pricePiastres: 80_000,
    });

    t.clock.set('2025-03-13T04:00:00Z'); // the week renews
    expect(await current(student)).toMatchObject({
      remainingWeeklyMinutes: 90,
      weekStartsAt: '2025-03-13T04:00:00.000Z',
      weekEndsAt: '2025-03-20T04:00:00.000Z',
    });
  });
});

describe('booking’s entry point', () => {
  const service = () => {
    const users = createUsersService({
      db: t.database.db,
      clock: t.clock,
      uploadUrl: (n) => n,
      countFavouriteTopics: async () => 0,
      tutorChanges: { notify: async () => undefined },
    });
    return createSubscriptionsService({
      db: t.database.db,
      clock: t.clock,
      settings: createSettingsService({
        db: t.database.db,
        clock: t.clock,
        audit: { record: async () => undefined },
        bus: memoryInvalidationBus(),
      }),
      plans: createPlansService({
        db: t.database.db,
        clock: t.clock,
        users,
        freeTrialUsed: async () => false,
        freeTrialWeeks: async () => 0,
        audit: { record: async () => undefined },
      }),
      users,
      outbox: { kick: () => undefined },
      notifications: { send: async () => undefined },
      queue: t.app.jobs,
      requestRefund: async () => undefined,
      holdCheckout: async () => undefined,
      subscriptionChanges: { notify: async () => undefined },
      appUrl: 'http://localhost',
    });
  };

  it('locks the active subscription with its week, and answers subscription-required without one', async () => {
    const student = await createActor(t, 'student');
    const subscriptions = service();
    await expect(
      t.database.db.transaction((tx) => subscriptions.lockActiveForStudent(tx, student.id)),
    ).rejects.toMatchObject({
      code: 'subscription-required',
    });
    await subscribe(student);
    await lesson(student, '2025-03-07T08:00:00Z', 30, 'fulfilled');
    const { active, remaining } = await t.database.db.transaction(async (tx) => {
      const active = await subscriptions.lockActiveForStudent(tx, student.id);
      return { active, remaining: await subscriptions.remainingWeeklyMinutes(tx, active) };
    });
    expect(active).toMatchObject({ studentId: student.id, weeklyMinutes: 120, week: { index: 0 } });
    expect(active.week.endsAt.toISOString()).toBe('2025-03-13T04:00:00.000Z');
    expect(remaining).toBe(90);
    t.clock.set('2025-04-03T04:00:00Z'); // the period is over, even before the end job runs
    await expect(
      t.database.db.transaction((tx) => subscriptions.lockActiveForStudent(tx, student.id)),
    ).rejects.toMatchObject({
      code: 'subscription-required',
    });
  });
});

describe('PATCH /api/v1/sub/cancel', () => {
  it('cancels with a full refund when nothing was used; the refund job refunds through the provider', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await subscribe(student);
    const answer = await cancel(student);
    expect(answer.statusCode).toBe(200);
    const body: CancelledSubscription = answer.json();
    expect(body.subscription).toMatchObject({
      status: 'cancelled',
      remainingWeeklyMinutes: 0,
      cancelledAt: NOW.replace('Z', '.000Z'),
    });
    expect(body.refund).toEqual({ transactionId: transaction.id, amountPiastres: 80_000, status: 7, pending: true });
    expect((await current(student)).id).toBe(-1);

    const job = (await refundJobs()).find((j) => j.transactionId === transaction.id);
    expect(job).toMatchObject({ targetRefundedPiastres: 80_000, actorId: student.id, source: 'user' });
    await t.app.jobs.run('payments.refund', job);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row).toMatchObject({ status: 3, refundedPiastres: 80_000 });
  });

  it('refunds the price less the minutes used with one lesson taken (partial refund)', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await subscribe(student);
    await lesson(student, '2025-03-07T08:00:00Z', 30, 'fulfilled');
    // the terms the dialog shows before the student confirms are the ones the cancellation applies
    expect((await current(student)).cancellation).toEqual({
      lessonsTaken: 1,
      maxLessons: 1,
      allowed: true,
      refundPiastres: 75_000,
    });
    const body: CancelledSubscription = (await cancel(student)).json();
    expect(body.refund?.amountPiastres).toBe(75_000); // 30 of 480 minutes kept
    expect(body.subscription.cancellation).toBeNull();
    await t.app.jobs.run(
      'payments.refund',
      (await refundJobs()).find((j) => j.transactionId === transaction.id),
    );
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row).toMatchObject({ status: 5, refundedPiastres: 75_000 });
  });

  it('[422 subscription-uncancellable] beyond the lessons the setting allows (default 1, or as set)', async () => {
    const student = await createActor(t, 'student');
    await subscribe(student);
    await lesson(student, '2025-03-07T08:00:00Z', 30, 'fulfilled');
    await lesson(student, '2025-03-08T08:00:00Z', 15, 'fulfilled');
    const refused = await cancel(student);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'subscription-uncancellable',
      details: { lessonsTaken: 2, maxLessons: 1 },
    });
    expect(await current(student)).toMatchObject({
      status: 'active',
      cancellation: { lessonsTaken: 2, maxLessons: 1, allowed: false, refundPiastres: 0 },
    });

    const strict = await createActor(t, 'student');
    await subscribe(strict);
    await lesson(strict, '2025-03-07T09:00:00Z', 15, 'fulfilled');
    const setLimit = (maxLessonsForRefundableCancel: number) =>
      as(admin, 'PATCH', '/api/v1/platform-settings', { maxLessonsForRefundableCancel });
    expect((await setLimit(0)).statusCode).toBe(200);
    try {
      expect((await cancel(strict)).json().code).toBe('subscription-uncancellable');
    } finally {
      await setLimit(1);
    }
  });

  it('[404 subscription-not-found] without an active subscription', async () => {
    const student = await createActor(t, 'student');
    const answer = await cancel(student);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('subscription-not-found');
  });
});

describe('free trial', () => {
  it('starts once for a student invited to the plan', async () => {
    const student = await createActor(t, 'student');
    const trialPlan = await inviteOnlyPlan();
    const start = () => as(student, 'POST', '/api/v1/sub/free-trial', { planId: trialPlan.id });
    expect((await start()).json().code).toBe('plan-not-offered');
    await as(admin, 'POST', '/api/v1/plan-invite', { planId: trialPlan.id, userId: student.id });

    const trial = await start();
    expect(trial.statusCode).toBe(201);
    expect(trial.json()).toMatchObject({
      period: 'freeTrial',
      weeklyMinutes: 60,
      remainingWeeklyMinutes: 60,
      pricePiastres: 0,
      transactionId: null,
    });
    expect(trial.json().endsAt.startsWith('2124-')).toBe(true); // 5200 weeks
    expect((await start()).json().code).toBe('subscription-exists');
    expect((await cancel(student)).json().refund).toBeNull();
    const again = await start();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('free-trial-used');
    expect((await as(student, 'POST', '/api/v1/sub/free-trial', { planId: 999_999 })).json().code).toBe(
      'plan-not-found',
    );
  });
});

describe('the length of a free trial (freeTrialWeeks setting)', () => {
  it('ends a trial started under 2 weeks two weeks on, booking its end notice; 0 keeps it open-ended', async () => {
    const setWeeks = (freeTrialWeeks: number) => as(admin, 'PATCH', '/api/v1/platform-settings', { freeTrialWeeks });
    const startTrial = async () => {
      const student = await createActor(t, 'student');
      const trialPlan = await inviteOnlyPlan();
      await as(admin, 'POST', '/api/v1/plan-invite', { planId: trialPlan.id, userId: student.id });
      const offered: Plan = (await as(student, 'GET', `/api/v1/plan/${trialPlan.id}`)).json();
      const trial = await as(student, 'POST', '/api/v1/sub/free-trial', { planId: trialPlan.id });
      expect(trial.statusCode).toBe(201);
      return { offered, trial: trial.json() as Subscription };
    };
    expect((await setWeeks(2)).statusCode).toBe(200);
    try {
      const { offered, trial } = await startTrial();
      expect(offered).toMatchObject({ freeTrialAvailable: true, freeTrialWeeks: 2 });
      // Thursday 06:00 Cairo, two weeks after the anchor of the day it started
      expect(trial.endsAt).toBe('2025-03-20T04:00:00.000Z');
      const [notice] = (await queuedJobs<{ subscriptionId: number }>(t, 'subscriptions.end-notice')).filter(
        (job) => job.data.subscriptionId === trial.id,
      );
      expect(notice?.startAfter.toISOString()).toBe('2025-03-17T04:00:00.000Z');
    } finally {
      await setWeeks(0);
    }
    const { offered, trial } = await startTrial();
    expect(offered.freeTrialWeeks).toBe(0);
    expect(trial.endsAt.startsWith('2124-')).toBe(true);
  });
});

describe('free trial in the plans', () => {
  it('tells an invited student in the plans list and the plan that its trial is available, until one is used', async () => {
    const [student, other] = [await createActor(t, 'student'), await createActor(t, 'student')];
    const trialPlan = await inviteOnlyPlan();
    await as(admin, 'POST', '/api/v1/plan-invite', { planId: trialPlan.id, userId: student.id });
    await as(admin, 'POST', '/api/v1/plan-invite', { planId: plan.id, userId: student.id });
    const available = async (actor: Actor | null) => {
      const answer = await injectAs(t.app, actor?.token, { method: 'GET', url: '/api/v1/plan/list?size=100' });
      const list: Plan[] = answer.json().list;
      return Object.fromEntries(list.map((p) => [p.id, p.freeTrialAvailable]));
    };

    // invited to an invites-only plan and to an open one: both offer it
    expect(await available(student)).toMatchObject({ [trialPlan.id]: true, [plan.id]: true });
    expect((await as(student, 'GET', `/api/v1/plan/${trialPlan.id}`)).json().freeTrialAvailable).toBe(true);
    // not invited, a visitor, staff: never
    expect((await available(other))[plan.id]).toBe(false);
    expect((await available(null))[plan.id]).toBe(false);
    expect(await available(admin)).toMatchObject({ [trialPlan.id]: false, [plan.id]: false });
    expect((await injectAs(t.app, undefined, { method: 'GET', url: `/api/v1/plan/${plan.id}` })).json()).toMatchObject({
      freeTrialAvailable: false,
      freeTrialWeeks: null,
    });

    const trial = await as(student, 'POST', '/api/v1/sub/free-trial', { planId: trialPlan.id });
    expect(trial.statusCode).toBe(201);
    expect(await available(student)).toMatchObject({ [trialPlan.id]: false, [plan.id]: false });
    // once used, a cancelled trial does not make it available again
    await cancel(student);
    expect(await available(student)).toMatchObject({ [trialPlan.id]: false, [plan.id]: false });
    expect((await as(student, 'GET', `/api/v1/plan/${plan.id}`)).json().freeTrialAvailable).toBe(false);
  });
});

describe('free trial and an open payment', () => {
  it('[409 payment-in-progress] while a payment is open (it would be refunded once paid); cancelled, it starts', async () => {
    const student = await createActor(t, 'student');
    const trialPlan = await inviteOnlyPlan();
    await as(admin, 'POST', '/api/v1/plan-invite', { planId: trialPlan.id, userId: student.id });
    const open = await as(student, 'POST', '/api/v1/fawry/pay/ref-num', {
      planId: plan.id,
      period: 'month',
      idempotencyKey: `trial-test-${Date.now()}`,
    });
    const { transaction }: PaymentResult = open.json();
    const refused = await as(student, 'POST', '/api/v1/sub/free-trial', { planId: trialPlan.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'payment-in-progress',
      details: { openPayment: { transactionId: transaction.id, method: 'cashReference', amountPiastres: 80_000 } },
    });
    expect((await current(student)).id).toBe(-1);
    await as(student, 'POST', '/api/v1/fawry/cancel-unpaid-order', { transactionId: transaction.id });
    expect((await as(student, 'POST', '/api/v1/sub/free-trial', { planId: trialPlan.id })).statusCode).toBe(201);
  });
});

describe('the end of a subscription', () => {
  const transactionsOf = (student: Actor) =>
    t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
  const endNotices = (student: Actor) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'subscription-ending')));

  it('books a notice three days before the end, which e-mails the student while still active', async () => {
    const student = await createActor(t, 'student');
    await chooseNotifications(t, student, 'email');
    await subscribe(student);
    const sub: Subscription = await current(student);
    const notices = (await queuedJobs<{ subscriptionId: number }>(t, 'subscriptions.end-notice')).filter(
      (job) => job.data.subscriptionId === sub.id,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.startAfter.toISOString()).toBe('2025-03-31T04:00:00.000Z');

    t.clock.set('2025-03-31T04:00:00Z');
    await t.app.jobs.run('subscriptions.end-notice', notices[0]?.data);
    const [message] = await endNotices(student);
    expect(message).toMatchObject({ channel: 'email', recipient: student.email, template: 'subscription-ending' });
    expect(message?.body).toContain('١٢٠ دقيقة');
    // she paid in cash: the renewal carries the next period's Fawry reference, and one tap to renew otherwise
    expect(message?.body).toContain(`/checkout/${plan.id}/month`);
    const [reference] = (await transactionsOf(student)).filter((r) => r.status === 0);
    expect(message?.body).toContain(`بالرقم المرجعي ${reference?.providerRef}`);
    // a rerun of the job (delivery is at least once) stores no second notice and opens no second reference
    await t.app.jobs.run('subscriptions.end-notice', notices[0]?.data);
    expect(await endNotices(student)).toHaveLength(1);
    expect((await transactionsOf(student)).filter((r) => r.status === 0)).toHaveLength(1);
  });

  it('sends no end notice to a student who chose "none" or turned the notice off', async () => {
    const [quiet, muted] = [await createActor(t, 'student'), await createActor(t, 'student')];
    await chooseNotifications(t, quiet, 'none');
    await chooseNotifications(t, muted, 'email', { subscriptionEnding: false });
    for (const student of [quiet, muted]) {
      await subscribe(student);
      const sub: Subscription = await current(student);
      await t.app.jobs.run('subscriptions.end-notice', { subscriptionId: sub.id });
      expect(await endNotices(student)).toEqual([]);
    }
  });

  it('renews its weeks at the Cairo hour and tells of its end as many days before as the settings say', async () => {
    const settings = (patch: { weekRenewalHourCairo: number; subscriptionEndNoticeDays: number }) =>
      as(admin, 'PATCH', '/api/v1/platform-settings', patch);
    expect((await settings({ weekRenewalHourCairo: 9, subscriptionEndNoticeDays: 5 })).statusCode).toBe(200);
    try {
      const student = await createActor(t, 'student');
      await subscribe(student);
      const sub: Subscription = await current(student);
      expect(sub).toMatchObject({
        weekEndsAt: '2025-03-13T07:00:00.000Z', // Thursday 09:00 Cairo
        endsAt: '2025-04-03T07:00:00.000Z',
      });
      const [notice] = (await queuedJobs<{ subscriptionId: number }>(t, 'subscriptions.end-notice')).filter(
        (job) => job.data.subscriptionId === sub.id,
      );
      expect(notice?.startAfter.toISOString()).toBe('2025-03-29T07:00:00.000Z');
    } finally {
      await settings({ weekRenewalHourCairo: 6, subscriptionEndNoticeDays: 3 });
    }
  });

  it('sends no notice for a cancelled subscription', async () => {
    const student = await createActor(t, 'student');
    await chooseNotifications(t, student, 'email');
    await subscribe(student);
    const sub: Subscription = await current(student);
    await cancel(student);
    await t.app.jobs.run('subscriptions.end-notice', { subscriptionId: sub.id });
    expect(await endNotices(student)).toEqual([]);
  });

  it('ends subscriptions after their weeks; the student then has none', async () => {
    const student = await createActor(t, 'student');
    await subscribe(student);
    const sub: Subscription = await current(student);
    t.clock.set('2025-04-03T03:59:59Z');
    await renewSession(t, student); // a week-long token has expired by now
    await t.app.jobs.run('subscriptions.end-overdue', {});
    expect((await as(student, 'GET', `/api/v1/sub/${sub.id}`)).json().status).toBe('active');
    t.clock.set('2025-04-03T04:00:00Z');
    await t.app.jobs.run('subscriptions.end-overdue', {});
    expect((await as(student, 'GET', `/api/v1/sub/${sub.id}`)).json()).toMatchObject({
      status: 'ended',
      remainingWeeklyMinutes: 0,
    });
    expect((await current(student)).id).toBe(-1);
  });
});

describe('reading subscriptions', () => {
  it('shows a student their own; others get 403; staff see anyone’s', async () => {
    const student = await createActor(t, 'student');
    const stranger = await createActor(t, 'student');
    await subscribe(student);
    const sub: Subscription = await current(student);
    expect((await as(student, 'GET', `/api/v1/sub/${sub.id}`)).json().id).toBe(sub.id);
    expect((await as(stranger, 'GET', `/api/v1/sub/${sub.id}`)).json().code).toBe('forbidden');
    expect((await as(admin, 'GET', `/api/v1/sub/${sub.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', '/api/v1/sub/999999')).json().code).toBe('subscription-not-found');
    expect((await as(student, 'GET', '/api/v1/sub/list')).json()).toMatchObject({ total: 1, list: [{ id: sub.id }] });
    expect((await as(stranger, 'GET', '/api/v1/sub/list')).json().total).toBe(0);
    expect((await as(admin, 'GET', `/api/v1/sub/list?studentId=${student.id}`)).json().total).toBe(1);
  });
});
