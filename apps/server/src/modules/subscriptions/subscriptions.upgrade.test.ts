import type { PaymentResult } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import type { Subscription, UpgradeQuote } from '@darsak/domain/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../../test/booking-fixtures.ts';
import { injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { paidAtKiosk, payCash, withFakeProviders } from '../../../test/cash-payments.ts';
import type { FakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor, renewSession } from '../../../test/harness/actors.ts';
import { transactions } from '../payments/payments.table.ts';
import * as repo from './subscriptions.repo.ts';
import { createSubscriptionUpgrades } from './subscriptions.upgrade.ts';

// A mid-term upgrade (issue 31). A month of 60 minutes a week bought Thursday 2025-03-06 for 50,000 piastres ends
// 2025-04-03; on Friday 2025-03-14 its current week began 2025-03-13, so three whole weeks are left: to the
// 120-minute plan (80,000 a month) the upgrade costs (20,000 − 12,500) × 3 = 22,500.
const BOUGHT = '2025-03-06T10:00:00Z';
const LATER = '2025-03-14T10:00:00Z';
let fake: FakeProviders;
let t: TestApp;
let admin: Actor;
let close: () => Promise<void>;
let small: Plan;
let large: Plan;
let tiny: Plan;

beforeAll(async () => {
  const suite = await withFakeProviders(BOUGHT);
  ({ fake, t, close, admin } = suite);
  small = await suite.plan(60, 50_000);
  large = await suite.plan(120, 80_000);
  tiny = await suite.plan(30, 30_000);
});
afterAll(() => close());

async function onSmallPlan(): Promise<Actor> {
  t.clock.set(BOUGHT);
  const student = await createActor(t, 'student');
  await verify(t, student);
  await payCash(t, fake, student, small);
  t.clock.set(LATER);
  await renewSession(t, student);
  return student;
}
const quote = (student: Actor, planId: number) =>
  injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/sub/upgrade/quote?planId=${planId}&period=month` });
const upgradeByCash = (student: Actor, planId: number) =>
  injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/pay/ref-num',
    payload: { planId, period: 'month', upgrade: true },
    headers: { 'idempotency-key': `upgrade-${student.id}-${planId}-${Date.now()}` },
  });
const current = async (student: Actor): Promise<Subscription> =>
  (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/sub/user' })).json();

describe('a mid-term upgrade to a larger plan', () => {
  it('is priced for the whole weeks left and, paid, changes the plan and minutes from the current week', async () => {
    const student = await onSmallPlan();
    const before = await current(student);
    const priced: UpgradeQuote = (await quote(student, large.id)).json();
    expect(priced).toEqual({ planId: large.id, weeklyMinutes: 120, weeks: 3, amountPiastres: 22_500 });

    const answer = await upgradeByCash(student, large.id);
    expect(answer.statusCode, answer.body).toBe(201);
    const result: PaymentResult = answer.json();
    expect(result.transaction).toMatchObject({ amountPiastres: 22_500, planId: large.id, weeklyMinutes: 120 });
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, result.transaction.id));
    expect(row?.forNextPeriod).toBe(false);
    expect(await current(student)).toMatchObject({ weeklyMinutes: 60, planId: small.id });

    await paidAtKiosk(t, fake, result);
    const after = await current(student);
    expect(after).toMatchObject({
      id: before.id,
      planId: large.id,
      weeklyMinutes: 120,
      remainingWeeklyMinutes: 120,
      pricePiastres: 72_500,
      endsAt: before.endsAt,
      weekStartsAt: '2025-03-13T04:00:00.000Z',
    });
  });

  it('a second upgrade to the plan she already has, paid late, is refunded and not added to her price', async () => {
    const student = await onSmallPlan();
    const first: PaymentResult = (await upgradeByCash(student, large.id)).json();
    await paidAtKiosk(t, fake, first);
    const upgraded = await current(student);
    expect(upgraded).toMatchObject({ planId: large.id, pricePiastres: 72_500 });
    // the same upgrade bought again, as a payment cancelled here and paid at the provider later would be
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, first.transaction.id));
    if (!row) throw new Error('no upgrade payment');
    const { id: _id, receiptNumber: _number, providerRef: _ref, paidAt: _paid, ...copy } = row;
    const [again] = await t.database.db
      .insert(transactions)
      .values({ ...copy, merchantRefNum: `${row.merchantRefNum}-again`, status: 0 })
      .returning();
    if (!again) throw new Error('no second payment');
    await repo.insertUpgrade(t.database.db, {
      transactionId: again.id,
      subscriptionId: upgraded.id,
      planId: large.id,
      weeklyMinutes: 120,
      weeks: 3,
    });
    const upgrades = createSubscriptionUpgrades({ clock: t.clock, plans: { checkoutQuote: () => Promise.reject() } });
    const applied = await t.database.db.transaction((tx) =>
      upgrades.applyUpgrade(tx, { id: again.id, amountPiastres: again.amountPiastres }),
    );
    expect(applied).toBeNull();
    expect(await current(student)).toMatchObject({ planId: large.id, weeklyMinutes: 120, pricePiastres: 72_500 });
  });

  it('refunded in full, gives her back the plan, minutes and price she had; her subscription goes on', async () => {
    const student = await onSmallPlan();
    const before = await current(student);
    const upgrade: PaymentResult = (await upgradeByCash(student, large.id)).json();
    await paidAtKiosk(t, fake, upgrade);
    expect(await current(student)).toMatchObject({ planId: large.id, weeklyMinutes: 120, pricePiastres: 72_500 });

    await renewSession(t, admin);
    const refund = (amountPiastres: number) =>
      injectAs(t.app, admin.token, {
        method: 'POST',
        url: '/api/v1/fawry/refund',
        payload: { transactionId: upgrade.transaction.id, amountPiastres },
      });
    // a part refunded keeps the upgrade (its price, the refund ceiling, is the staff's to judge)
    expect((await refund(2_500)).statusCode).toBe(200);
    expect(await current(student)).toMatchObject({ planId: large.id, weeklyMinutes: 120 });
    expect((await refund(20_000)).statusCode).toBe(200);
    expect(await current(student)).toMatchObject({
      id: before.id,
      status: 'active',
      planId: small.id,
      weeklyMinutes: 60,
      pricePiastres: 50_000,
      endsAt: before.endsAt,
    });
  });

  it('reverted by two refunds at once, gives her price back once', async () => {
    const student = await onSmallPlan();
    const upgrade: PaymentResult = (await upgradeByCash(student, large.id)).json();
    await paidAtKiosk(t, fake, upgrade);
    const upgrades = createSubscriptionUpgrades({ clock: t.clock, plans: { checkoutQuote: () => Promise.reject() } });
    const payment = { id: upgrade.transaction.id, amountPiastres: upgrade.transaction.amountPiastres };
    await Promise.all([1, 2].map(() => t.database.db.transaction((tx) => upgrades.revertUpgrade(tx, payment))));
    expect(await current(student)).toMatchObject({ planId: small.id, weeklyMinutes: 60, pricePiastres: 50_000 });
  });

  it('is refused for a plan that is not larger; in the last week it costs that one week', async () => {
    const student = await onSmallPlan();
    const smaller = await quote(student, tiny.id);
    expect(smaller.statusCode).toBe(422);
    expect(smaller.json().code).toBe('upgrade-not-larger');
    expect((await upgradeByCash(student, tiny.id)).json().code).toBe('upgrade-not-larger');
    t.clock.set('2025-04-02T10:00:00Z'); // the last week began 2025-03-27: it still counts, whole
    await renewSession(t, student);
    const late = await quote(student, large.id);
    expect(late.json()).toMatchObject({ weeks: 1, amountPiastres: 7_500 });
  });

  it('is refused without a paid subscription', async () => {
    const nobody = await createActor(t, 'student');
    const answer = await quote(nobody, large.id);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('subscription-not-found');
  });
});
