import type { PaymentResult } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type FakeProviders, fakeProvidersEnv, startFakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { codeForDbError } from '../../platform/http/db-errors.ts';
import { coupons } from '../plans/plans.table.ts';
import type { RefundJob } from './payments.refunds.ts';
import { paymentRefunds, transactions } from './payments.table.ts';

// Money under concurrency, against a stand-in Fawry (a real HTTP server speaking its contract) that counts what it
// is asked: the provider is asked at most once per refund however many staff members press "refund" at once, and a
// coupon's uses are held by the checkouts that price with it, so twenty students racing for one use get one.
let fake: FakeProviders;
let t: TestApp;
let admins: Actor[];
let plan: Plan;
let keys = 0;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await buildTestApp({ now: '2025-03-06T10:00:00Z', env: fakeProvidersEnv(fake) });
  admins = await Promise.all([1, 2, 3, 4, 5].map(() => createActor(t, 'admin')));
  const created = await injectAs(t.app, admins[0]?.token, {
    method: 'POST',
    url: '/api/v1/plan',
    payload: { weeklyMinutes: 120, baseMonthPricePiastres: 60_000, quarterDiscountPercent: 10 },
  });
  plan = created.json();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.state.refund = 'ok';
});

/** A cash-reference checkout of the 600 EGP plan. */
function checkout(student: Actor, couponCode?: string) {
  keys += 1;
  return injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/pay/ref-num',
    payload: { planId: plan.id, period: 'month', ...(couponCode ? { couponCode } : {}) },
    headers: { 'idempotency-key': `checkout-race-${keys}` },
  });
}

/** A paid 600 EGP payment of a new student. */
async function paidPayment(): Promise<{ id: number; merchantRef: string }> {
  const answer = await checkout(await createActor(t, 'student'));
  expect(answer.statusCode).toBe(201);
  const { transaction } = answer.json() as PaymentResult;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v1/fawry/callback',
    payload: fake.notify(transaction.merchantRefNum, 'PAID'),
  });
  expect(paid.statusCode).toBe(200);
  return { id: transaction.id, merchantRef: transaction.merchantRefNum };
}

const refund = (admin: Actor, transactionId: number, amountPiastres?: number) =>
  injectAs(t.app, admin.token, {
    method: 'POST',
    url: '/api/v1/fawry/refund',
    payload: amountPiastres === undefined ? { transactionId } : { transactionId, amountPiastres },
  });

/** The refund requests that reached the provider for one payment, with their amounts in piastres. */
const providerRefunds = (merchantRef: string) => {
  const reference = fake.order(merchantRef)?.referenceNumber;
  return fake.requests
    .filter((r) => r.path === '/ECommerceWeb/Fawry/payments/refund')
    .map((r) => r.body as { referenceNumber: string; refundAmount: number })
    .filter((body) => body.referenceNumber === reference)
    .map((body) => Math.round(body.refundAmount * 100));
};

const refundedOf = async (id: number) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]?.refundedPiastres;
const refundRows = (id: number) =>
  t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, id)).orderBy(paymentRefunds.id);

describe('staff refunds at once', () => {
  it('five full refunds of one payment ask the provider once, and one of them refunds', async () => {
    const payment = await paidPayment();
    const answers = await Promise.all(admins.map((admin) => refund(admin, payment.id)));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    for (const code of codes.filter((c) => c !== 'ok')) {
      expect(['refund-in-progress', 'payment-not-refundable']).toContain(code);
    }
    expect(providerRefunds(payment.merchantRef)).toEqual([60_000]);
    expect(await refundedOf(payment.id)).toBe(60_000);
    expect((await refundRows(payment.id)).map((r) => r.status)).toEqual(['done']);
  });

  it('three partial refunds of 400 EGP of a 600 EGP payment refund 400 EGP, once', async () => {
    const payment = await paidPayment();
    const answers = await Promise.all(admins.slice(0, 3).map((admin) => refund(admin, payment.id, 40_000)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(providerRefunds(payment.merchantRef)).toEqual([40_000]);
    expect(await refundedOf(payment.id)).toBe(40_000);
    // Afterwards, one at a time: more than what is left is refused before the provider hears of it.
    const tooMuch = await refund(admins[0] as Actor, payment.id, 40_000);
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([422, 'payment-not-refundable']);
    expect((await refund(admins[0] as Actor, payment.id)).json()).toMatchObject({ refundedPiastres: 60_000 });
    expect(providerRefunds(payment.merchantRef)).toEqual([40_000, 20_000]);
  });
});

describe('a refund whose answer is lost', () => {
  it('stays in flight, refuses another, and its job finds the refund made without asking again', async () => {
    const payment = await paidPayment();
    fake.state.refund = 'answerLost';
    const lost = await refund(admins[0] as Actor, payment.id);
    expect([lost.statusCode, lost.json().code]).toEqual([503, 'service-unavailable']);
    expect((await refundRows(payment.id)).map((r) => r.status)).toEqual(['requested']);
    fake.state.refund = 'ok';
    const second = await refund(admins[1] as Actor, payment.id);
    expect([second.statusCode, second.json().code]).toEqual([409, 'refund-in-progress']);

    const job = (await queuedJobs<RefundJob>(t, 'payments.refund')).find((j) => j.data.transactionId === payment.id);
    expect(job?.data).toMatchObject({ targetRefundedPiastres: 60_000, source: 'admin' });
    await t.app.jobs.run('payments.refund', job?.data);
    expect(providerRefunds(payment.merchantRef)).toEqual([60_000]);
    expect(await refundedOf(payment.id)).toBe(60_000);
    expect((await refundRows(payment.id)).map((r) => r.status)).toEqual(['done']);
  });

  it('when the provider was down, its job asks for the refund again, once', async () => {
    const payment = await paidPayment();
    fake.state.refund = 'down';
    expect((await refund(admins[0] as Actor, payment.id, 10_000)).statusCode).toBe(503);
    fake.state.refund = 'ok';
    const job = (await queuedJobs<RefundJob>(t, 'payments.refund')).find((j) => j.data.transactionId === payment.id);
    await t.app.jobs.run('payments.refund', job?.data);
    await t.app.jobs.run('payments.refund', job?.data); // a retried job changes nothing
    expect(providerRefunds(payment.merchantRef)).toEqual([10_000, 10_000]); // the first was answered 503, unmade
    expect(fake.order(payment.merchantRef)?.refunded).toBe(100);
    expect(await refundedOf(payment.id)).toBe(10_000);
  });

  it('a provider that refuses frees the payment for another refund', async () => {
    const payment = await paidPayment();
    const order = fake.order(payment.merchantRef);
    if (!order) throw new Error('no order');
    order.orderStatus = 'NEW'; // the provider answers 9954, not paid
    const refused = await refund(admins[0] as Actor, payment.id);
    expect(refused.json().code).toBe('fawry-error');
    order.orderStatus = 'PAID';
    expect((await refund(admins[0] as Actor, payment.id)).statusCode).toBe(200);
    expect((await refundRows(payment.id)).map((r) => r.status)).toEqual(['failed', 'done']);
  });
});

describe('the database', () => {
  it('holds one refund in flight per payment, whatever the code does', async () => {
    const payment = await paidPayment();
    const inFlight = { transactionId: payment.id, amountPiastres: 100, targetRefundedPiastres: 100, source: 'admin' };
    await t.database.db.insert(paymentRefunds).values({ ...inFlight, source: 'admin' });
    const second = await t.database.db
      .insert(paymentRefunds)
      .values({ ...inFlight, source: 'admin' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(codeForDbError(second)).toBe('refund-in-progress');
    const overRefunded = await t.database.db
      .execute(sql`update transactions set refunded_piastres = amount_piastres + 1 where id = ${payment.id}`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(codeForDbError(overRefunded)).toBe('bad-request');
  });
});

describe('a single-use coupon', () => {
  const couponOf = async (id: number) =>
    (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0] ?? { usedCount: -1, reservedCount: -1 };

  it('is held by one of twenty checkouts priced at once; the rest are refused, none discounted', async () => {
    const code = `HALF${Date.now() % 100_000}`;
    const created = await injectAs(t.app, admins[0]?.token, {
      method: 'POST',
      url: '/api/v1/coupon',
      payload: { code, discountPercent: 50, usageLimit: 1 },
    });
    expect(created.statusCode).toBe(201);
    const couponId = (created.json() as { id: number }).id;
    const students = await Promise.all(Array.from({ length: 20 }, () => createActor(t, 'student')));
    const answers = await Promise.all(students.map((student) => checkout(student, code)));

    const holderIndex = answers.findIndex((a) => a.statusCode === 201);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const { transaction } = answers[holderIndex]?.json() ?? ({} as PaymentResult);
    expect(transaction.amountPiastres).toBe(30_000);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect([refused.statusCode, refused.json()]).toMatchObject([
        422,
        { code: 'invalid-coupon', details: { fields: { couponCode: 'coupon-used-up' } } },
      ]);
    }
    const discounted = await t.database.db.select().from(transactions).where(eq(transactions.couponId, couponId));
    expect(discounted).toHaveLength(1);
    expect(await couponOf(couponId)).toMatchObject({ usedCount: 0, reservedCount: 1 });

    // The holder cancels: the use is given back, and the next student takes it and pays.
    const holder = students[holderIndex] as Actor;
    const cancelled = await injectAs(t.app, holder.token, {
      method: 'POST',
      url: '/api/v1/fawry/cancel-unpaid-order',
      payload: { transactionId: transaction.id },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await couponOf(couponId)).toMatchObject({ usedCount: 0, reservedCount: 0 });
    const next = await checkout(students[(holderIndex + 1) % students.length] as Actor, code);
    expect(next.statusCode).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fawry/callback',
      payload: fake.notify((next.json() as PaymentResult).transaction.merchantRefNum, 'PAID'),
    });
    expect(paid.statusCode).toBe(200);
    expect(await couponOf(couponId)).toMatchObject({ usedCount: 1, reservedCount: 0 });
    expect((await checkout(holder, code)).json().details).toEqual({ fields: { couponCode: 'coupon-used-up' } });
  });

  it('cannot be held past its limit in the database', async () => {
    const [coupon] = await t.database.db
      .insert(coupons)
      .values({ code: `ONCE${Date.now() % 100_000}`, discountPercent: 10, usageLimit: 1, usedCount: 1 })
      .returning();
    const overHeld = await t.database.db
      .execute(sql`update coupons set reserved_count = 1 where id = ${coupon?.id}`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(codeForDbError(overHeld)).toBe('bad-request');
  });
});
