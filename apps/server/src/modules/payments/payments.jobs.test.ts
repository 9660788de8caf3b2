import type { PaymentResult } from '@darsak/domain/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type FakeProviders, fakeProvidersEnv, startFakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { chooseNotifications } from '../../../test/notifications.ts';
import { allSettled, jobRows } from '../../../test/queued-jobs.ts';
import { createLastingTestDatabase, type LastingTestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { END_NOTICE_JOB } from '../subscriptions/subscriptions.service.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { transactionEvents, transactions } from './payments.table.ts';

// The payment and subscription jobs across a restart of the server, on a database that outlives it (on-disk
// PGlite as in local mode, or PostgreSQL with DATABASE_URL), with Fawry answered by the local fake.

const EXPIRED = 4;
let fake: FakeProviders;
let lasting: LastingTestDatabase;
let running: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakeProviders();
  lasting = await createLastingTestDatabase();
});
afterEach(async () => {
  for (const t of running) await stopServer(t);
});
afterAll(async () => {
  await fake.close();
  await lasting.drop();
});

/** Starts the server on the lasting database, as main.ts does after a restart. */
async function startServer(now: string, runJobs: boolean) {
  const database = await lasting.open();
  const t = await buildTestApp({ database, now, runJobs, env: fakeProvidersEnv(fake) });
  running.push(t);
  return t;
}

/** A clean shutdown, as main.ts does it: the app (and its job queue), then the database. */
async function stopServer(t: TestApp) {
  running = running.filter((r) => r !== t);
  await t.close();
  await t.database.close();
}

async function payByReference(t: TestApp, student: Actor, planId: number): Promise<PaymentResult> {
  const answer = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/pay/ref-num',
    payload: { planId, period: 'month' },
    headers: { 'idempotency-key': `checkout-${student.id}-${Date.now()}` },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json();
}

it('jobs queued before a restart run once after it: expiry of an unpaid reference, end notice, end', async () => {
  // Before: a server that does not work jobs (RUN_JOBS=false) takes a paid and an unpaid cash reference.
  const before = await startServer('2025-03-06T10:00:00Z', false);
  const admin = await createActor(before, 'admin');
  const plan = await injectAs(before.app, admin.token, {
    method: 'POST',
    url: '/api/v1/plan',
    payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000, quarterDiscountPercent: 10 },
  });
  const [payer, dawdler] = [await createActor(before, 'student'), await createActor(before, 'student')];
  // The end notice is a nudge: it comes to a student who chose a channel and keeps it on.
  await chooseNotifications(before, payer, 'email');
  const paid = await payByReference(before, payer, plan.json().id);
  const paidBack = await before.app.inject({
    method: 'POST',
    url: '/api/v1/fawry/callback',
    payload: fake.notify(paid.transaction.merchantRefNum, 'PAID'),
  });
  expect(paidBack.statusCode).toBe(200);
  const unpaid = await payByReference(before, dawdler, plan.json().id);
  await before.app.jobs.send('payments.expire-overdue', {}); // as the five-minute cron leaves it queued
  expect(await jobRows(before.database, END_NOTICE_JOB)).toHaveLength(1); // booked when the subscription began
  const [subscription] = await subscriptionsOf(before, payer);
  if (!subscription) throw new Error('the paid reference started no subscription');
  const { endsAt } = subscription;
  await stopServer(before);

  // After: the server restarts with jobs, two days before the subscription ends (inside its notice days).
  const after = await startServer(new Date(endsAt.getTime() - 2 * 86_400_000).toISOString(), true);
  const expiryEvents = () =>
    after.database.db
      .select()
      .from(transactionEvents)
      .where(and(eq(transactionEvents.transactionId, unpaid.transaction.id), eq(transactionEvents.toStatus, EXPIRED)));
  const notices = () =>
    after.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, payer.id), eq(outboxMessages.template, 'subscription-ending')));
  await waitUntil(
    'the expiry and the notice ran',
    async () =>
      (await expiryEvents()).length > 0 &&
      (await notices()).length > 0 &&
      (await allSettled(after.database, 'payments.expire-overdue')) &&
      allSettled(after.database, END_NOTICE_JOB),
  );
  const [row] = await after.database.db.select().from(transactions).where(eq(transactions.id, unpaid.transaction.id));
  expect(row?.status).toBe(EXPIRED);
  expect(await expiryEvents()).toHaveLength(1);
  expect(await notices()).toHaveLength(1);
  expect(await jobRows(after.database, END_NOTICE_JOB)).toMatchObject([{ state: 'completed', retryCount: 0 }]);

  // The end: past its last day the sweep, sent now and worked by this server, ends the subscription.
  after.clock.set(new Date(endsAt.getTime() + 60_000));
  await after.app.jobs.send('subscriptions.end-overdue', {});
  await waitUntil('the subscription ended', async () => (await subscriptionsOf(after, payer))[0]?.status === 'ended');
});

const subscriptionsOf = (t: TestApp, student: Actor) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.studentId, student.id));
