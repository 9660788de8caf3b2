import type { FreeTimes } from '@darsak/domain/availability';
import { type OpenPayment, type PaymentResult, type Transaction, TransactionStatus } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_WEEK, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import {
  FAKE_FAWRY,
  type FakeProviders,
  fakeProvidersEnv,
  paymobCallback,
  startFakeProviders,
} from '../../../test/fake-providers.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { changedTables, dbFingerprint } from '../../../test/harness/db-fingerprint.ts';
import { countedBy } from '../../../test/metrics.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { codeForDbError } from '../../platform/http/db-errors.ts';
import { notificationSignature } from '../../providers/payments/fawry.signatures.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { transactionEvents, transactions } from './payments.table.ts';

// The real Fawry and Paymob adapters against a local server answering in their documented formats: the test
// knows the merchant's secure key, so it can sign (and mis-sign) notifications itself.
let fake: FakeProviders;
let t: TestApp;
let admin: Actor;
let plan: Plan;
let keys = 0;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await buildTestApp({ now: '2025-03-06T10:00:00Z', env: fakeProvidersEnv(fake), captureLogs: true });
  admin = await createActor(t, 'admin');
  plan = (
    await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/plan',
      payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000, quarterDiscountPercent: 10 },
    })
  ).json();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.state.charge = 'pending';
  t.clock.set('2025-03-06T10:00:00Z');
});

const newKey = () => {
  keys += 1;
  return `checkout-${keys}-${Date.now()}`;
};
const payByReference = (student: Actor, key = newKey(), body: object = {}) =>
  injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/pay/ref-num',
    payload: { planId: plan.id, period: 'month', ...body },
    headers: { 'idempotency-key': key },
  });
const refusal = (reason: string) => ({ provider: 'fawry', reason });
const callback = (body: object) => t.app.inject({ method: 'POST', url: '/api/v1/fawry/callback', payload: body });
const transactionOf = async (id: number) => {
  const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error('no transaction');
  return row;
};
const eventsOf = (id: number) =>
  t.database.db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, id))
    .orderBy(transactionEvents.id);
const activeSubscriptions = async (userId: number) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.studentId, userId))).filter(
    (s) => s.status === 'active',
  );
const subscriptionsOf = (userId: number) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.studentId, userId)).orderBy(subscriptions.id);
const queuedRefunds = async () =>
  (await queuedJobs<{ transactionId: number; targetRefundedPiastres: number }>(t, 'payments.refund')).map(
    (j) => j.data,
  );

async function pendingPayment(student: Actor): Promise<PaymentResult> {
  const answer = await payByReference(student);
  expect(answer.statusCode).toBe(201);
  return answer.json();
}
const cancelPayment = (student: Actor, transactionId: number) =>
  injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/cancel-unpaid-order',
    payload: { transactionId },
  });
const openPaymentOf = (answer: { json(): { code: string; details?: { openPayment?: OpenPayment } } }) => {
  expect(answer.json().code).toBe('payment-in-progress');
  return answer.json().details?.openPayment;
};

describe('callbacks (Fawry server notification V2)', () => {
  it('pays once: the same notification again or a stale one afterwards changes nothing, and history is kept', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    const paid = fake.notify(transaction.merchantRefNum, 'PAID');
    for (let i = 0; i < 3; i++) expect((await callback(paid)).json()).toEqual({ ok: true });
    const stale = fake.notify(transaction.merchantRefNum, 'EXPIRED');
    expect((await callback(stale)).statusCode).toBe(200);
    expect((await callback(fake.notify(transaction.merchantRefNum, 'NEW'))).statusCode).toBe(200);

    const row = await transactionOf(transaction.id);
    expect(row.status).toBe(7);
    expect(row.paidAt?.toISOString()).toBe('2025-03-06T10:00:00.000Z');
    const events = await eventsOf(transaction.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.source])).toEqual([
      [null, 0, 'user'],
      [0, 1, 'provider'],
      [1, 7, 'system'],
    ]);
    expect(events[1]?.payload).toMatchObject({ orderStatus: 'PAID', messageSignature: paid.messageSignature });
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
  });

  it('[400 invalid-signature] for a wrong signature or a tampered amount, and nothing changes', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    const paid = fake.notify(transaction.merchantRefNum, 'PAID');
    const before = await dbFingerprint(t.database.db);
    const refused = () => countedBy(t.app, 'darsak_payment_callbacks_refused_total', refusal('signature'));
    const refusedBefore = await refused();
    for (const forged of [
      { ...paid, messageSignature: 'f'.repeat(64) },
      { ...paid, orderAmount: 1, paymentAmount: 1 },
      { ...paid, merchantRefNumber: `${transaction.merchantRefNum}X` },
    ]) {
      const answer = await callback(forged);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('invalid-signature');
    }
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);
    expect((await transactionOf(transaction.id)).status).toBe(0);
    expect(await refused()).toBe(refusedBefore + 3); // counted: a spike of them is alerted on
  });

  it('[404 transaction-not-found] for a well-signed notification of an order we do not have', async () => {
    const fields = {
      fawryRefNumber: '123',
      merchantRefNumber: 'NOT-OURS',
      paymentAmount: 10,
      orderAmount: 10,
      orderStatus: 'PAID',
      paymentMethod: 'PAYATFAWRY',
    };
    const unknown = () => countedBy(t.app, 'darsak_payment_callbacks_refused_total', refusal('unknown-transaction'));
    const before = await unknown();
    const answer = await callback({ ...fields, messageSignature: notificationSignature(FAKE_FAWRY.secureKey, fields) });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('transaction-not-found');
    expect(await unknown()).toBe(before + 1);
  });

  it('[400 callback-mismatch] for a signed notification whose amount is not the one we charged', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    const order = fake.order(transaction.merchantRefNum);
    if (!order) throw new Error('no order');
    order.amount = 1;
    const mismatched = () => countedBy(t.app, 'darsak_payment_callbacks_refused_total', refusal('mismatch'));
    const before = await mismatched();
    for (const status of ['PAID', 'CANCELED']) {
      const answer = await callback(fake.notify(transaction.merchantRefNum, status));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'callback-mismatch', details: { field: 'amount' } });
    }
    expect(await mismatched()).toBe(before + 2);
    expect((await transactionOf(transaction.id)).status).toBe(0);
  });

  it('[400 callback-mismatch] for a signed notification naming our order with another Fawry reference', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    const other = await pendingPayment(await createActor(t, 'student'));
    const genuine = fake.notify(transaction.merchantRefNum, 'PAID');
    const fields = {
      fawryRefNumber: (await transactionOf(other.transaction.id)).providerRef ?? '',
      merchantRefNumber: genuine.merchantRefNumber,
      paymentAmount: genuine.paymentAmount,
      orderAmount: genuine.orderAmount,
      orderStatus: 'PAID',
      paymentMethod: genuine.paymentMethod,
      paymentRefrenceNumber: genuine.paymentRefrenceNumber,
    };
    const before = await dbFingerprint(t.database.db);
    const answer = await callback({ ...fields, messageSignature: notificationSignature(FAKE_FAWRY.secureKey, fields) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'callback-mismatch', details: { field: 'referenceNumber' } });
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);
  });

  it('records a partial refund with the amount the notification tells, and refuses one that tells none', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    const partial = fake.notify(transaction.merchantRefNum, 'PARTIAL_REFUNDED');
    const before = await dbFingerprint(t.database.db);
    const silent = await callback(partial);
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toMatchObject({ code: 'callback-mismatch', details: { field: 'refundedAmount' } });
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);

    expect((await callback({ ...partial, refundedAmount: 150.5 })).json()).toEqual({ ok: true });
    const row = await transactionOf(transaction.id);
    expect([row.status, row.refundedPiastres]).toEqual([TransactionStatus.partialRefunded, 15_050]);
    // The same partial refund again, with or without its amount, changes nothing more.
    expect((await callback(partial)).statusCode).toBe(200);
    expect((await callback({ ...partial, refundedAmount: 150.5 })).statusCode).toBe(200);
    expect((await transactionOf(transaction.id)).refundedPiastres).toBe(15_050);
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
  });
});

describe('callbacks are bound to their payment (Paymob)', () => {
  const checkout = async (student: Actor) => {
    const answer = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/paymob/create-checkout-url',
      payload: { planId: plan.id, period: 'month', idempotencyKey: newKey() },
    });
    expect(answer.statusCode).toBe(201);
    const row = await transactionOf((answer.json() as PaymentResult).transaction.id);
    return {
      row,
      order: { orderId: row.providerRef ?? '', merchantRef: row.merchantRefNum, amountPiastres: row.amountPiastres },
    };
  };
  const post = (signed: ReturnType<typeof paymobCallback>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/paymob/callback?hmac=${signed.hmac}`, payload: signed.body });

  it('a genuine signed callback replayed with another checkout’s reference pays nothing and is logged as refused', async () => {
    const payer = await createActor(t, 'student');
    const paid = await checkout(payer);
    const genuine = paymobCallback(paid.order);
    expect((await post(genuine)).json()).toEqual({ ok: true });
    expect((await transactionOf(paid.row.id)).status).toBe(7);

    const victim = await checkout(await createActor(t, 'student'));
    // merchant_order_id is outside the HMAC, so the signature still checks out after the swap.
    const replayed = {
      hmac: genuine.hmac,
      body: {
        ...genuine.body,
        obj: { ...genuine.body.obj, order: { ...genuine.body.obj.order, merchant_order_id: victim.order.merchantRef } },
      },
    };
    const before = await dbFingerprint(t.database.db);
    const logged = t.logs.length;
    const answer = await post(replayed);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'callback-mismatch', details: { field: 'referenceNumber' } });
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);
    expect(await activeSubscriptions(victim.row.userId)).toHaveLength(0);
    expect(t.logs.slice(logged)).toContainEqual(
      expect.objectContaining({
        msg: 'payment report refused: not bound to this transaction',
        transactionId: victim.row.id,
        field: 'referenceNumber',
      }),
    );

    // The victim's own callback still pays their checkout.
    expect((await post(paymobCallback(victim.order))).json()).toEqual({ ok: true });
    expect((await transactionOf(victim.row.id)).status).toBe(7);
  });

  it('[400 callback-mismatch] for a signed callback of our order in another amount or currency', async () => {
    const { row, order } = await checkout(await createActor(t, 'student'));
    const before = await dbFingerprint(t.database.db);
    for (const [obj, field] of [
      [{ amount_cents: 100 }, 'amount'],
      [{ currency: 'USD' }, 'currency'],
    ] as const) {
      const answer = await post(paymobCallback(order, obj));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'callback-mismatch', details: { field } });
    }
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);
    expect((await transactionOf(row.id)).status).toBe(0);
  });
});

describe('paying twice for one checkout', () => {
  it('20 concurrent requests with one key make one transaction and answer alike', async () => {
    const student = await createActor(t, 'student');
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => payByReference(student, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => (a.json() as PaymentResult).transaction.id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
    expect(rows).toHaveLength(1);
    expect(
      fake.requests.filter(
        (r) => r.body && (r.body as { merchantRefNum?: string }).merchantRefNum === rows[0]?.merchantRefNum,
      ),
    ).toHaveLength(1);
  });

  it('20 concurrent card payments that the bank approves at once give one paid transaction and one subscription', async () => {
    const student = await createActor(t, 'student');
    fake.addCard(String(student.id));
    const cards = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/fawry/card-token/list' });
    const cardTokenId = cards.json().list[0].id;
    fake.state.charge = 'paid';
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        injectAs(t.app, student.token, {
          method: 'POST',
          url: '/api/v1/fawry/pay/card',
          payload: { planId: plan.id, period: 'month', cardTokenId, cvv: '123', idempotencyKey: key },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => (a.json() as PaymentResult).transaction.id)).size).toBe(1);
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
    expect(rows.map((r) => r.status)).toEqual([7]);
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
  });

  it('20 concurrent checkouts with 20 keys (tabs) make one open payment; the others get payment-in-progress with it', async () => {
    const student = await createActor(t, 'student');
    const keys20 = Array.from({ length: 20 }, () => newKey());
    const answers = await Promise.all(keys20.map((key) => payByReference(student, key)));
    const created = answers.findIndex((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(19);
    const first = answers[created];
    if (!first) throw new Error('no checkout was created');
    const winner = (first.json() as PaymentResult).transaction;
    for (const answer of refused) {
      expect(openPaymentOf(answer)).toMatchObject({
        transactionId: winner.id,
        planId: plan.id,
        period: 'month',
        weeklyMinutes: 120,
        method: 'cashReference',
        amountPiastres: 80_000,
        expiresAt: winner.expiresAt,
      });
    }
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
    expect(rows.map((r) => [r.id, r.status])).toEqual([[winner.id, 0]]);
    const orders = fake.requests.filter((r) =>
      rows.some((row) => (r.body as { merchantRefNum?: string } | undefined)?.merchantRefNum === row.merchantRefNum),
    );
    expect(orders).toHaveLength(1);

    // once it has its reference, the refusal carries it; the same key still answers with the payment itself
    const later = openPaymentOf(await payByReference(student));
    expect(later?.referenceNumber).toBe(winner.referenceNumber);
    const again = await payByReference(student, keys20[created]);
    expect(again.statusCode).toBe(201);
    expect((again.json() as PaymentResult).transaction.id).toBe(winner.id);
    expect((await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id))).length).toBe(1);
  });

  it('a cancelled or expired payment frees the student for the next checkout, by another method too', async () => {
    const student = await createActor(t, 'student');
    fake.addCard(String(student.id));
    const cards = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/fawry/card-token/list' });
    const cardTokenId: number = cards.json().list[0].id;
    const payByCard = () =>
      injectAs(t.app, student.token, {
        method: 'POST',
        url: '/api/v1/fawry/pay/card',
        payload: { planId: plan.id, period: 'month', cardTokenId, cvv: '123', idempotencyKey: newKey() },
      });

    // a 3-D Secure page left unanswered stays open: another method is refused until it is cancelled
    const card = await payByCard();
    expect(card.statusCode).toBe(201);
    const abandoned = (card.json() as PaymentResult).transaction;
    expect(abandoned.state).toBe('pending');
    expect(openPaymentOf(await payByReference(student))).toMatchObject({
      transactionId: abandoned.id,
      method: 'card',
      referenceNumber: null,
    });
    expect((await cancelPayment(student, abandoned.id)).json()).toMatchObject({ status: 2 });

    // a cash reference nobody pays expires with the sync job, and frees the student too
    const cash = await pendingPayment(student);
    expect((await payByCard()).statusCode).toBe(409);
    t.clock.set('2025-03-08T10:00:01Z');
    await t.app.jobs.run('payments.expire-overdue', {});
    expect((await transactionOf(cash.transaction.id)).status).toBe(4);
    const next = await payByCard();
    expect(next.statusCode).toBe(201);
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
    expect(rows.map((r) => r.status).sort()).toEqual([0, 2, 4]);
  });

  it('the database holds one open payment per student whatever the code does', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    const row = await transactionOf(transaction.id);
    const { id: _id, merchantRefNum: _ref, providerRef: _provider, idempotencyKey: _key, ...copy } = row;
    const second = t.database.db.insert(transactions).values({ ...copy, merchantRefNum: `${row.merchantRefNum}B` });
    const error = await second.then(
      () => null,
      (e: unknown) => e,
    );
    expect(codeForDbError(error)).toBe('payment-in-progress');
    // a closed one does not count
    await t.database.db.insert(transactions).values({ ...copy, merchantRefNum: `${row.merchantRefNum}C`, status: 6 });
  });

  it('a payment reported paid after it was cancelled, once another gave the subscription, is refunded', async () => {
    const student = await createActor(t, 'student');
    const first = await pendingPayment(student);
    await cancelPayment(student, first.transaction.id);
    const second = await pendingPayment(student);
    await callback(fake.notify(second.transaction.merchantRefNum, 'PAID'));
    // the kiosk took the cancelled reference after all: the money was taken, so it is recorded and given back
    await callback(fake.notify(first.transaction.merchantRefNum, 'PAID'));
    expect((await transactionOf(first.transaction.id)).status).toBe(1);
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
    const refund = (await queuedRefunds()).find((r) => r.transactionId === first.transaction.id);
    expect(refund).toMatchObject({ targetRefundedPiastres: 80_000, source: 'system' });
    await t.app.jobs.run('payments.refund', refund);
    await t.app.jobs.run('payments.refund', refund); // a retried job changes nothing
    expect(await transactionOf(first.transaction.id)).toMatchObject({ status: 3, refundedPiastres: 80_000 });
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
  });

  it('sells the minutes of the checkout even when the plan is edited before the payment arrives', async () => {
    const student = await createActor(t, 'student');
    const edited: Plan = (
      await injectAs(t.app, admin.token, {
        method: 'POST',
        url: '/api/v1/plan',
        payload: { weeklyMinutes: 90, baseMonthPricePiastres: 60_000 },
      })
    ).json();
    const answer = await payByReference(student, newKey(), { planId: edited.id });
    const { transaction } = answer.json() as PaymentResult;
    expect(transaction.weeklyMinutes).toBe(90);
    await injectAs(t.app, admin.token, {
      method: 'PATCH',
      url: `/api/v1/plan/${edited.id}`,
      payload: { weeklyMinutes: 150 },
    });
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    expect((await activeSubscriptions(student.id)).map((s) => s.weeklyMinutes)).toEqual([90]);
    const listed = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/tx/list' });
    expect(listed.json().list[0]).toMatchObject({ id: transaction.id, weeklyMinutes: 90, period: 'month' });
  });

  it('a new checkout once a subscription is active buys the next period, from its end; a third is refused', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    const [current] = await activeSubscriptions(student.id);
    const ahead = await payByReference(student);
    expect(ahead.statusCode).toBe(201);
    const next: PaymentResult = ahead.json();
    expect((await transactionOf(next.transaction.id)).forNextPeriod).toBe(true);
    await callback(fake.notify(next.transaction.merchantRefNum, 'PAID'));
    const scheduled = (await subscriptionsOf(student.id)).find((s) => s.transactionId === next.transaction.id);
    expect(scheduled).toMatchObject({ status: 'scheduled', weeklyMinutes: 120 });
    expect(scheduled?.startsAt.getTime()).toBe(current?.endsAt.getTime());
    expect(scheduled?.weekAnchorAt.getTime()).toBe(current?.endsAt.getTime());
    expect((await transactionOf(next.transaction.id)).status).toBe(TransactionStatus.processed);
    const third = await payByReference(student);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('next-period-scheduled');
  });

  it('[422 idempotency-key-reused] for the same key with another checkout; [400] without a key', async () => {
    const student = await createActor(t, 'student');
    const key = newKey();
    expect((await payByReference(student, key)).statusCode).toBe(201);
    const other = await payByReference(student, key, { period: 'quarter' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency-key-reused');
    const keyless = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/fawry/pay/ref-num',
      payload: { planId: plan.id, period: 'month' },
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().details.fields.idempotencyKey).toBe('required');
    const badHeader = await payByReference(student, 'short');
    expect(badHeader.json().details.fields.idempotencyKey).toBe('idempotency-key-format');
  });
});

describe('a free trial replaced by a paid plan', () => {
  let trialPlan: Plan;
  beforeAll(async () => {
    trialPlan = (
      await injectAs(t.app, admin.token, {
        method: 'POST',
        url: '/api/v1/plan',
        payload: { weeklyMinutes: 60, baseMonthPricePiastres: 50_000, forInvitesOnly: true },
      })
    ).json();
  });

  /** A student invited to the 60-minute plan, on its free trial. */
  async function trialStudent(): Promise<Actor> {
    const student = await createActor(t, 'student');
    await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/plan-invite',
      payload: { planId: trialPlan.id, userId: student.id },
    });
    const trial = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/sub/free-trial',
      payload: { planId: trialPlan.id },
    });
    expect(trial.statusCode).toBe(201);
    return student;
  }
  const startTrial = (student: Actor) =>
    injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/sub/free-trial',
      payload: { planId: trialPlan.id },
    });

  it('a trial student buys a month: once paid, the trial ends then and there and the plan starts; lessons stay', async () => {
    const student = await trialStudent();
    const tutor = await createActor(t, 'tutor');
    // booked under the trial for tomorrow, 30 minutes
    const [booked] = await t.database.db
      .insert(lessons)
      .values({
        studentId: student.id,
        tutorId: tutor.id,
        startsAt: new Date('2025-03-07T09:00:00Z'),
        endsAt: new Date('2025-03-07T09:30:00Z'),
        durationMinutes: 30,
        pricePiastres: 7_500,
        status: 'pending',
      })
      .returning();
    t.clock.set('2025-03-06T12:00:00Z');
    const { transaction } = await pendingPayment(student);
    // the trial goes on while the cash reference waits at the kiosk
    expect((await activeSubscriptions(student.id)).map((s) => s.period)).toEqual(['freeTrial']);

    t.clock.set('2025-03-06T15:30:00Z');
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    const [trial, paid, ...more] = await subscriptionsOf(student.id);
    expect(more).toEqual([]);
    expect(trial).toMatchObject({ period: 'freeTrial', status: 'ended', cancelledAt: null });
    expect(trial?.endsAt.toISOString()).toBe('2025-03-06T15:30:00.000Z');
    expect(paid).toMatchObject({
      period: 'month',
      status: 'active',
      weeklyMinutes: 120,
      transactionId: transaction.id,
    });
    expect(paid?.startsAt.toISOString()).toBe('2025-03-06T15:30:00.000Z');
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
    expect((await queuedRefunds()).some((r) => r.transactionId === transaction.id)).toBe(false);

    // the lesson booked under the trial stays, and takes its minutes from the plan's week
    const [lesson] = await t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, booked?.id ?? 0));
    expect(lesson?.status).toBe('pending');
    const current = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/sub/user' });
    expect(current.json()).toMatchObject({ period: 'month', weeklyMinutes: 120, remainingWeeklyMinutes: 90 });

    // now a paid plan is active: another trial is refused (another checkout buys the next period)
    expect((await startTrial(student)).json().code).toBe('subscription-exists');
  });

  it('a trial replaced in the very millisecond it started still ends after it started', async () => {
    const student = await trialStudent();
    const { transaction } = await pendingPayment(student);
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    const [trial, paid] = await subscriptionsOf(student.id);
    expect(trial?.status).toBe('ended');
    expect((trial?.endsAt.getTime() ?? 0) - (trial?.startsAt.getTime() ?? 0)).toBe(1);
    expect(paid?.status).toBe('active');
  });

  it('a payment paid late, once another replaced the trial, is refunded and the paid plan stays', async () => {
    const student = await trialStudent();
    const first = await pendingPayment(student);
    await cancelPayment(student, first.transaction.id);
    const second = await pendingPayment(student);
    t.clock.set('2025-03-06T11:00:00Z');
    await callback(fake.notify(second.transaction.merchantRefNum, 'PAID'));
    t.clock.set('2025-03-06T12:00:00Z');
    await callback(fake.notify(first.transaction.merchantRefNum, 'PAID'));

    const active = await activeSubscriptions(student.id);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ period: 'month', transactionId: second.transaction.id });
    const refund = (await queuedRefunds()).find((r) => r.transactionId === first.transaction.id);
    expect(refund).toMatchObject({ targetRefundedPiastres: 80_000, source: 'system' });
  });
});

describe('provider failures', () => {
  it('[502 fawry-error] when Fawry refuses: the transaction fails, never paid, and a retry works', async () => {
    const student = await createActor(t, 'student');
    fake.state.charge = 'decline';
    const key = newKey();
    const refused = await payByReference(student, key);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('fawry-error');
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
    expect(row?.status).toBe(6);
    expect((await payByReference(student, key)).json().code).toBe('fawry-error'); // the same key, the same answer
    fake.state.charge = 'pending';
    expect((await payByReference(student)).statusCode).toBe(201); // a failed payment is not open
  });

  it('[503 service-unavailable] when Fawry does not answer: left pending for the sync, never paid', async () => {
    const student = await createActor(t, 'student');
    fake.state.charge = 'error500';
    const answer = await payByReference(student);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().code).toBe('service-unavailable');
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.userId, student.id));
    expect(row?.status).toBe(0);
    // it is open: the next checkout is refused with it (the student may cancel it, or the expiry ends it)
    fake.state.charge = 'pending';
    expect(openPaymentOf(await payByReference(student))?.transactionId).toBe(row?.id);
    // Fawry never took the order: the sync cannot find it, and the expiry ends it.
    t.clock.set('2025-03-06T10:05:00Z');
    await t.app.jobs.run('payments.sync-pending', {});
    expect((await transactionOf(row?.id ?? 0)).status).toBe(0);
    t.clock.set('2025-03-08T10:00:01Z');
    await t.app.jobs.run('payments.expire-overdue', {});
    expect((await transactionOf(row?.id ?? 0)).status).toBe(4);
    expect((await payByReference(student)).statusCode).toBe(201);
  });
});

describe('status sync and expiry jobs', () => {
  it('the sync applies what Fawry reports for pending payments older than two minutes', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    fake.notify(transaction.merchantRefNum, 'PAID');
    await t.app.jobs.run('payments.sync-pending', {});
    expect((await transactionOf(transaction.id)).status).toBe(0); // too young: its callback may still come
    t.clock.set('2025-03-06T10:03:00Z');
    await t.app.jobs.run('payments.sync-pending', {});
    expect((await transactionOf(transaction.id)).status).toBe(7);
    expect((await eventsOf(transaction.id)).map((e) => e.source)).toEqual(['user', 'sync', 'system']);
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
  });

  it('expires overdue cash references, unless Fawry says they were paid at the last minute', async () => {
    const [late, gone] = [await createActor(t, 'student'), await createActor(t, 'student')];
    const paidLate = await pendingPayment(late);
    const unpaid = await pendingPayment(gone);
    fake.notify(paidLate.transaction.merchantRefNum, 'PAID');
    t.clock.set('2025-03-08T10:00:00Z');
    await t.app.jobs.run('payments.expire-overdue', {});
    expect((await transactionOf(paidLate.transaction.id)).status).toBe(7);
    expect((await transactionOf(unpaid.transaction.id)).status).toBe(4);
    // A payment reported after we expired it still counts: the money was taken.
    await callback(fake.notify(unpaid.transaction.merchantRefNum, 'PAID'));
    expect((await transactionOf(unpaid.transaction.id)).status).toBe(7);
  });

  it('GET payment-status reads, POST payment-status/sync asks Fawry', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    fake.notify(transaction.merchantRefNum, 'PAID');
    const read = await injectAs(t.app, student.token, {
      method: 'GET',
      url: `/api/v1/fawry/payment-status?transactionId=${transaction.id}`,
    });
    expect(read.json().status).toBe(0);
    const synced = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/fawry/payment-status/sync',
      payload: { transactionId: transaction.id },
    });
    expect(synced.json()).toMatchObject({ status: 7, state: 'done' });
  });
});

describe('cancelling and refunding', () => {
  it('cancels a pending payment at Fawry; [422 payment-not-cancellable] once it is not pending', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    const cancel = () => cancelPayment(student, transaction.id);
    expect((await cancel()).json()).toMatchObject({ status: 2, state: 'cancelled', canRetry: true });
    expect(fake.order(transaction.merchantRefNum)?.orderStatus).toBe('CANCELED');
    const again = await cancel();
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('payment-not-cancellable');
  });

  it('learns that a payment it tries to cancel was paid meanwhile', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    fake.notify(transaction.merchantRefNum, 'PAID');
    const answer = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/fawry/cancel-unpaid-order',
      payload: { transactionId: transaction.id },
    });
    expect(answer.json().code).toBe('payment-not-cancellable');
    expect((await transactionOf(transaction.id)).status).toBe(7);
  });

  it('staff refund in part, then the rest, which ends the subscription; more is refused', async () => {
    const student = await createActor(t, 'student');
    const { transaction } = await pendingPayment(student);
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    expect((await transactionOf(transaction.id)).status).toBe(TransactionStatus.processed);
    const refund = (payload: object) =>
      injectAs(t.app, admin.token, { method: 'POST', url: '/api/v1/fawry/refund', payload });
    const part = await refund({ transactionId: transaction.id, amountPiastres: 30_000, reason: 'goodwill' });
    expect(part.json()).toMatchObject({ status: 5, refundedPiastres: 30_000, state: 'done' });
    expect(await activeSubscriptions(student.id)).toHaveLength(1);
    const tooMuch = await refund({ transactionId: transaction.id, amountPiastres: 60_000 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('payment-not-refundable');
    const rest = await refund({ transactionId: transaction.id });
    expect(rest.json()).toMatchObject({ status: 3, refundedPiastres: 80_000, state: 'cancelled' });
    expect(await activeSubscriptions(student.id)).toHaveLength(0);
    // Refunded from processed: the purchase was applied, then given back in part, then in full.
    expect((await eventsOf(transaction.id)).map((e) => [e.fromStatus, e.toStatus, e.source, e.actorId])).toEqual([
      [null, 0, 'user', student.id],
      [0, 1, 'provider', null],
      [1, 7, 'system', null],
      [7, 5, 'admin', admin.id],
      [5, 3, 'admin', admin.id],
    ]);
    const unpaid = await pendingPayment(await createActor(t, 'student'));
    expect((await refund({ transactionId: unpaid.transaction.id })).json().code).toBe('payment-not-refundable');
    expect((await refund({ transactionId: 999_999 })).json().code).toBe('transaction-not-found');
  });
});

describe("the student's week in a tutor's free times (cached per student)", () => {
  it('appears the moment the payment is paid and goes with a full refund', async () => {
    const student = await createActor(t, 'student');
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const minutesLeft = async () => {
      const url = `/api/v1/availability-slot/free?tutorId=${tutor.id}&durationMinutes=30`;
      const answer = await injectAs(t.app, student.token, { method: 'GET', url });
      return (answer.json() as FreeTimes).week?.remainingMinutes ?? null;
    };
    expect(await minutesLeft()).toBeNull();
    const { transaction } = await pendingPayment(student);
    await callback(fake.notify(transaction.merchantRefNum, 'PAID'));
    expect(await minutesLeft()).toBe(120);
    const payload = { transactionId: transaction.id };
    await injectAs(t.app, admin.token, { method: 'POST', url: '/api/v1/fawry/refund', payload });
    expect(await minutesLeft()).toBeNull();
  });
});

describe('Paymob through its adapter', () => {
  it('creates the checkout and applies an HMAC-checked callback', async () => {
    const student = await createActor(t, 'student');
    const answer = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/paymob/create-checkout-url',
      payload: { planId: plan.id, period: 'quarter', idempotencyKey: newKey() },
    });
    expect(answer.statusCode).toBe(201);
    const result: PaymentResult = answer.json();
    expect(result.redirectUrl).toContain('/paymob/unifiedcheckout/?publicKey=');
    expect(result.transaction).toMatchObject({ provider: 'paymob', amountPiastres: 216_000 });
    const intention = fake.requests.find(
      (r) =>
        r.path === '/paymob/v1/intention/' &&
        (r.body as { special_reference?: string }).special_reference === result.transaction.merchantRefNum,
    );
    expect(intention?.body).toMatchObject({
      amount: 216_000,
      notification_url: `${t.config.PUBLIC_APP_URL}/api/v1/paymob/callback`,
    });
  });
});

describe('transactions (TRANSACTION)', () => {
  it('lists the student’s own, the last one, and one by id; others get 403, staff see all', async () => {
    const student = await createActor(t, 'student');
    const stranger = await createActor(t, 'student');
    const first = await pendingPayment(student);
    await cancelPayment(student, first.transaction.id);
    t.clock.set('2025-03-06T10:01:00Z');
    const second = await pendingPayment(student);
    const list = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/tx/list' });
    expect(list.json().total).toBe(2);
    expect(list.json().list.map((x: Transaction) => x.id)).toEqual([second.transaction.id, first.transaction.id]);
    const last = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/tx/last' });
    expect(last.json().id).toBe(second.transaction.id);
    const foreign = await injectAs(t.app, stranger.token, { method: 'GET', url: `/api/v1/tx/${first.transaction.id}` });
    expect(foreign.statusCode).toBe(403);
    expect((await injectAs(t.app, stranger.token, { method: 'GET', url: '/api/v1/tx/last' })).json().code).toBe(
      'transaction-not-found',
    );
    const staff = await injectAs(t.app, admin.token, { method: 'GET', url: `/api/v1/tx/list?userId=${student.id}` });
    expect(staff.json().total).toBe(2);
    expect((await injectAs(t.app, admin.token, { method: 'GET', url: '/api/v1/tx/999999' })).statusCode).toBe(404);
  });
});

describe('processed (spec status 7)', () => {
  // Runs last: it reads every payment the tests above made.
  it('is the status of exactly the transactions whose subscription started; a duplicate stays paid', async () => {
    const rows = await t.database.db.select().from(transactions);
    const bought = new Set(
      (await t.database.db.select().from(subscriptions)).flatMap((s) => (s.transactionId ? [s.transactionId] : [])),
    );
    const processedOrAfter = (r: (typeof rows)[number]) =>
      r.status === TransactionStatus.processed ||
      ((r.status === TransactionStatus.refunded || r.status === TransactionStatus.partialRefunded) && bought.has(r.id));
    expect(rows.filter(processedOrAfter).map((r) => r.id)).toEqual(
      rows.filter((r) => bought.has(r.id)).map((r) => r.id),
    );
    expect(rows.filter((r) => r.status === TransactionStatus.processed).length).toBeGreaterThan(5);
    expect(rows.some((r) => r.status === TransactionStatus.paid)).toBe(true); // the duplicates, refunded by their job
  });
});
