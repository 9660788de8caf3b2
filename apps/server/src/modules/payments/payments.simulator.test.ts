import type { PaymentResult, Transaction } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { connectAs, listen, nextEvent } from '../../../test/sockets.ts';

// The local default: the gateway simulator stands in for Fawry and Paymob, with its own pages under
// /dev/gateway and signed callbacks to the same webhook routes the real providers call.
let t: TestApp;
let admin: Actor;
let plan: Plan;
let keys = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: '2025-03-06T10:00:00Z' });
  admin = await createActor(t, 'admin');
  const created = await injectAs(t.app, admin.token, {
    method: 'POST',
    url: '/api/v1/plan',
    payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000, quarterDiscountPercent: 10, installments: 3 },
  });
  plan = created.json();
});
afterAll(() => t.close());

const key = () => {
  keys += 1;
  return `checkout-sim-${keys}-${Date.now()}`;
};
const pay = (student: Actor, path: string, payload: object) =>
  injectAs(t.app, student.token, {
    method: 'POST',
    url: `/api/v1/${path}`,
    payload: { planId: plan.id, period: 'month', ...payload },
    headers: { 'idempotency-key': key() },
  });
const act = (merchantRef: string, action: 'pay' | 'fail' | 'expire') =>
  t.app.inject({
    method: 'POST',
    url: `/dev/gateway/pay/${merchantRef}`,
    payload: `action=${action}&otp=123456`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const transaction = async (student: Actor, id: number): Promise<Transaction> =>
  (await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/tx/${id}` })).json();
const currentSubscription = async (student: Actor) =>
  (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/sub/user' })).json();

async function saveCard(student: Actor): Promise<number> {
  const { url } = (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/fawry/card-token/url' })).json();
  const page = new URL(url);
  expect(page.pathname).toBe('/dev/gateway/card-token');
  const form = await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
  expect(form.statusCode).toBe(200);
  expect(form.body).toContain('إضافة بطاقة');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/dev/gateway/card-token',
    payload: new URLSearchParams({
      customerProfileId: String(student.id),
      returnUrl: page.searchParams.get('returnUrl') ?? '',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvv: '123',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(saved.statusCode).toBe(303);
  expect(saved.headers.location).toMatch(/\/card-added\?statusCode=200/);
  const cards = (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/fawry/card-token/list' })).json();
  expect(cards.list).toEqual([expect.objectContaining({ lastFour: '4242', brand: 'Visa' })]);
  return cards.list[0].id;
}

describe('buying a plan through the gateway simulator', () => {
  it('by card: 3-D Secure page, signed callback, subscription with the weekly minutes', async () => {
    const student = await createActor(t, 'student');
    const cardTokenId = await saveCard(student);
    const answer = await pay(student, 'fawry/pay/card', { cardTokenId, cvv: '123' });
    expect(answer.statusCode).toBe(201);
    const result: PaymentResult = answer.json();
    expect(result.transaction).toMatchObject({ status: 0, state: 'pending', method: 'card', amountPiastres: 80_000 });
    expect(result.redirectUrl).toMatch(/\/dev\/gateway\/pay\/DRS/);

    const page = await t.app.inject({ method: 'GET', url: new URL(result.redirectUrl ?? '').pathname });
    expect(page.body).toContain('3-D Secure');
    const back = await act(result.transaction.merchantRefNum, 'pay');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `${t.config.PUBLIC_APP_URL}/checkout/${plan.id}/month?transactionId=${result.transaction.id}`,
    );

    const paid = await transaction(student, result.transaction.id);
    expect(paid).toMatchObject({ status: 7, state: 'done', subscriptionId: expect.any(Number) });
    expect(await currentSubscription(student)).toMatchObject({
      id: paid.subscriptionId,
      weeklyMinutes: 120,
      remainingWeeklyMinutes: 120,
      status: 'active',
      transactionId: paid.id,
    });
  });

  it('by cash reference: the reference expires, then a retry by e-wallet succeeds', async () => {
    const student = await createActor(t, 'student');
    const cash: PaymentResult = (await pay(student, 'fawry/pay/ref-num', {})).json();
    expect(cash.referenceNumber).toMatch(/^\d{9}$/);
    expect(cash.transaction.expiresAt).toBe('2025-03-08T10:00:00.000Z'); // 48 hours
    const page = await t.app.inject({ method: 'GET', url: `/dev/gateway/pay/${cash.transaction.merchantRefNum}` });
    expect(page.body).toContain(cash.referenceNumber);

    const expired = await act(cash.transaction.merchantRefNum, 'expire');
    expect(expired.statusCode).toBe(200);
    expect(await transaction(student, cash.transaction.id)).toMatchObject({
      status: 4,
      state: 'failed',
      canRetry: true,
    });
    expect((await currentSubscription(student)).id).toBe(-1);

    // A wallet number that is no Egyptian mobile: the spec's incorrect-phone, and no payment opened.
    const wrong = await pay(student, 'fawry/pay/e-wallet', { walletPhone: '0101234' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'incorrect-phone',
      details: { fields: { walletPhone: 'phone-invalid' } },
    });
    const wallet: PaymentResult = (await pay(student, 'fawry/pay/e-wallet', { walletPhone: '01012345678' })).json();
    expect(wallet.transaction.method).toBe('eWallet');
    const request = await t.app.inject({ method: 'GET', url: `/dev/gateway/pay/${wallet.transaction.merchantRefNum}` });
    expect(request.body).toContain('01012345678');
    await act(wallet.transaction.merchantRefNum, 'pay');
    expect(await transaction(student, wallet.transaction.id)).toMatchObject({ status: 7, state: 'done' });
    expect((await currentSubscription(student)).remainingWeeklyMinutes).toBe(120);
  });

  it('tells the student in realtime when the payment is confirmed, with the new subscription', async () => {
    const student = await createActor(t, 'student');
    const socket = await connectAs(await listen(t.app), student.token);
    try {
      const wallet: PaymentResult = (await pay(student, 'fawry/pay/e-wallet', { walletPhone: '01512345678' })).json();
      const event = nextEvent(socket, 'transaction:status');
      await act(wallet.transaction.merchantRefNum, 'pay');
      const subscription = await currentSubscription(student);
      expect(await event).toEqual({ transactionId: wallet.transaction.id, status: 7, subscriptionId: subscription.id });
    } finally {
      socket.close();
    }
  });

  it('a declined payment fails and can be retried', async () => {
    const student = await createActor(t, 'student');
    const wallet: PaymentResult = (await pay(student, 'fawry/pay/e-wallet', { walletPhone: '01112345678' })).json();
    await act(wallet.transaction.merchantRefNum, 'fail');
    expect(await transaction(student, wallet.transaction.id)).toMatchObject({
      status: 6,
      state: 'failed',
      canRetry: true,
    });
  });

  it('by bank instalments: within the plan maximum, with the monthly parts', async () => {
    const student = await createActor(t, 'student');
    const cardTokenId = await saveCard(student);
    const tooMany = await pay(student, 'fawry/pay/bank-installments', { cardTokenId, cvv: '123', installments: 4 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('installments-unavailable');
    const answer = await pay(student, 'fawry/pay/bank-installments', { cardTokenId, cvv: '123', installments: 3 });
    const result: PaymentResult = answer.json();
    expect(result.installmentSchedule).toEqual([26_667, 26_667, 26_666]);
    expect(result.transaction).toMatchObject({ method: 'bankInstallment', installments: 3 });
    await act(result.transaction.merchantRefNum, 'pay');
    expect((await transaction(student, result.transaction.id)).status).toBe(7);
  });

  it("through Paymob's hosted checkout, confirmed by its HMAC-signed callback", async () => {
    const student = await createActor(t, 'student');
    const answer = await pay(student, 'paymob/create-checkout-url', {});
    expect(answer.statusCode).toBe(201);
    const result: PaymentResult = answer.json();
    expect(result.transaction.provider).toBe('paymob');
    expect(result.redirectUrl).toMatch(/\/dev\/gateway\/pay\//);
    const back = await act(result.transaction.merchantRefNum, 'pay');
    expect(back.statusCode).toBe(303);
    expect((await transaction(student, result.transaction.id)).status).toBe(7);
    expect((await currentSubscription(student)).status).toBe('active');
  });

  it('lists the orders on the gateway index page and refuses a card page that returns elsewhere', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/dev/gateway' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('بوابة الدفع التجريبية');
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/dev/gateway/card-token?customerProfileId=1&returnUrl=https%3A%2F%2Fevil.example%2Fx',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/dev/gateway/pay/NOPE' })).json().code).toBe(
      'transaction-not-found',
    );
  });

  it('removes a saved card; [404 card-not-found] for another student’s card', async () => {
    const student = await createActor(t, 'student');
    const stranger = await createActor(t, 'student');
    const cardTokenId = await saveCard(student);
    const url = `/api/v1/fawry/card-token?cardTokenId=${cardTokenId}`;
    const foreign = await injectAs(t.app, stranger.token, { method: 'DELETE', url });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('card-not-found');
    expect((await injectAs(t.app, student.token, { method: 'DELETE', url })).json()).toEqual({ ok: true });
    const cards = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/fawry/card-token/list' });
    expect(cards.json().list).toEqual([]);
  });
});
