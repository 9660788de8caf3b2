import { isMoneyTaken, TransactionStatus } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { RefundRequest } from '../subscriptions/subscriptions.service.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { createPurchaseProcessor } from './payments.processing.ts';
import { type Transaction, transactionEvents, transactions } from './payments.table.ts';

// Processed (spec status 7) means the purchase was applied: its subscription started in the same database
// transaction that moved it, so a transaction is processed exactly when its subscription exists.
let t: TestApp;
let plan: Plan;
let merchantRefs = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: '2025-03-06T10:00:00Z' });
  const admin = await createActor(t, 'admin');
  const created = await injectAs(t.app, admin.token, {
    method: 'POST',
    url: '/api/v1/plan',
    payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000 },
  });
  plan = created.json();
});
afterAll(() => t.close());

async function transactionOf(student: Actor, status: TransactionStatus): Promise<Transaction> {
  merchantRefs += 1;
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      userId: student.id,
      planId: plan.id,
      period: 'month',
      weeklyMinutes: 120,
      method: 'cashReference',
      provider: 'fawry',
      merchantRefNum: `PROCESSING${merchantRefs}`,
      receiptNumber: isMoneyTaken(status) ? `DRS-2000-${String(merchantRefs).padStart(6, '0')}` : null,
      amountPiastres: 80_000,
      status,
      paidAt: isMoneyTaken(status) ? t.clock.now() : null,
    })
    .returning();
  if (!row) throw new Error('no transaction');
  return row;
}

/** Starts a real subscription row for the payment, in the caller's database transaction. */
async function startSubscription(tx: Db, payment: Transaction): Promise<number> {
  const now = t.clock.now();
  const [row] = await tx
    .insert(subscriptions)
    .values({
      studentId: payment.userId,
      planId: payment.planId,
      period: payment.period,
      weeklyMinutes: payment.weeklyMinutes,
      pricePiastres: payment.amountPiastres,
      transactionId: payment.id,
      startsAt: now,
      endsAt: new Date(now.getTime() + 30 * 86_400_000),
      weekAnchorAt: now,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('no subscription');
  return row.id;
}

function processor(startForPayment: (tx: Db, payment: Transaction) => Promise<number | null>) {
  const refunds: RefundRequest[] = [];
  const processPaid = createPurchaseProcessor({
    clock: t.clock,
    log: { warn: () => undefined },
    subscriptions: { startForPayment },
    requestRefund: async (_tx, refund) => void refunds.push(refund),
  });
  return { processPaid, refunds };
}

const stateOf = async (id: number) => {
  const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, id));
  const events = await t.database.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id));
  const started = await t.database.db.select().from(subscriptions).where(eq(subscriptions.transactionId, id));
  return {
    status: row?.status,
    events: events.map((e) => [e.fromStatus, e.toStatus, e.source, e.note]),
    subscriptions: started.length,
  };
};

describe('processing a paid purchase', () => {
  it('starts the subscription and marks the transaction processed, recorded as the system', async () => {
    const paid = await transactionOf(await createActor(t, 'student'), TransactionStatus.paid);
    const { processPaid } = processor(startSubscription);
    const outcome = await t.database.db.transaction((tx) => processPaid(tx, paid));
    expect(outcome).toEqual({ status: TransactionStatus.processed, subscriptionId: expect.any(Number) });
    expect(await stateOf(paid.id)).toEqual({
      status: 7,
      events: [[1, 7, 'system', `subscription ${outcome.subscriptionId} started`]],
      subscriptions: 1,
    });
  });

  it('[400 illegal] for a transaction that is not paid: the subscription it started is rolled back with it', async () => {
    for (const status of [TransactionStatus.new, TransactionStatus.processed, TransactionStatus.refunded]) {
      const row = await transactionOf(await createActor(t, 'student'), status);
      const { processPaid } = processor(startSubscription);
      await expect(t.database.db.transaction((tx) => processPaid(tx, row))).rejects.toMatchObject({
        code: 'illegal',
        status: 400,
        details: { from: status, to: TransactionStatus.processed },
      });
      expect(await stateOf(row.id)).toEqual({ status, events: [], subscriptions: 0 });
    }
  });

  it('leaves a payment made while a paid subscription is active paid, and refunds it in full', async () => {
    const paid = await transactionOf(await createActor(t, 'student'), TransactionStatus.paid);
    const { processPaid, refunds } = processor(async () => null);
    expect(await t.database.db.transaction((tx) => processPaid(tx, paid))).toEqual({
      status: TransactionStatus.paid,
      subscriptionId: null,
    });
    expect(refunds).toEqual([
      { transactionId: paid.id, amountPiastres: 80_000, reason: 'duplicate payment', actorId: null, source: 'system' },
    ]);
    expect(await stateOf(paid.id)).toEqual({ status: 1, events: [], subscriptions: 0 });
  });
});
