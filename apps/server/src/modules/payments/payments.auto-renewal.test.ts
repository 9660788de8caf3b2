import type { AutoRenewalState, SavedCard } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verify } from '../../../test/booking-fixtures.ts';
import { injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { payCash, withFakeProviders } from '../../../test/cash-payments.ts';
import type { FakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { chooseNotifications } from '../../../test/notifications.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { transactions } from './payments.table.ts';

// Automatic renewal for saved-card payers (issue 31) through the real Fawry adapter against its stand-in, which
// counts what it is asked. Thursday 2025-03-06 12:00 Cairo: a month bought now ends 2025-04-03 04:00 UTC; the
// renewal message is due three days before, the charge one day before.
const NOW = '2025-03-06T10:00:00Z';
const END = '2025-04-03T04:00:00.000Z';
const CHARGE_AT = '2025-04-02T05:00:00Z';
let fake: FakeProviders;
let t: TestApp;
let close: () => Promise<void>;
let plan: Plan;

beforeAll(async () => {
  const suite = await withFakeProviders(NOW);
  ({ fake, t, close } = suite);
  plan = await suite.plan(120, 80_000);
});
afterAll(() => close());
beforeEach(() => {
  fake.state.charge = 'pending';
  t.clock.set(NOW);
});

const as = (actor: Actor, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });

/** A student with a paid month (cash) and a card saved at Fawry, e-mailed her messages. */
async function cardHolder(): Promise<{ student: Actor; card: SavedCard }> {
  const student = await createActor(t, 'student');
  await verify(t, student);
  await chooseNotifications(t, student, 'email');
  await payCash(t, fake, student, plan);
  fake.addCard(String(student.id), '4242');
  const [card] = (await as(student, 'GET', '/api/v1/fawry/card-token/list')).json().list as SavedCard[];
  if (!card) throw new Error('no saved card');
  return { student, card };
}

const charges = () =>
  fake.requests.filter((r) => r.path.endsWith('/payments/charge') && (r.body as { cvv?: string }).cvv === undefined)
    .length;
const rowsOf = (studentId: number) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.studentId, studentId)).orderBy(subscriptions.id);
const messagesOf = (student: Actor, template: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, template)));

describe('automatic renewal with a saved card', () => {
  it('is off by default, on with her own card only, and off again in one step', async () => {
    const { student, card } = await cardHolder();
    const other = await cardHolder();
    expect((await as(student, 'GET', '/api/v1/fawry/auto-renewal')).json()).toEqual({ autoRenewal: null });
    const refused = await as(student, 'PUT', '/api/v1/fawry/auto-renewal', { cardTokenId: other.card.id });
    expect(refused.json().code).toBe('card-not-found');
    const on: AutoRenewalState = (
      await as(student, 'PUT', '/api/v1/fawry/auto-renewal', { cardTokenId: card.id })
    ).json();
    expect(on).toEqual({ autoRenewal: { cardTokenId: card.id, lastFour: '4242', brand: 'Visa' } });
    const off = await as(student, 'DELETE', '/api/v1/fawry/auto-renewal');
    expect(off.json()).toEqual({ autoRenewal: null });
    const [row] = await rowsOf(student.id);
    t.clock.set(CHARGE_AT);
    const before = charges();
    await t.app.jobs.run('payments.auto-renewal', {});
    expect(charges()).toBe(before);
    expect((await rowsOf(student.id)).map((r) => r.id)).toEqual([row?.id]);
  });

  it('tells her before the charge, then charges the card once at the end, however many runs at once', async () => {
    const { student, card } = await cardHolder();
    await as(student, 'PUT', '/api/v1/fawry/auto-renewal', { cardTokenId: card.id });
    const [current] = await rowsOf(student.id);

    t.clock.set('2025-03-31T04:00:00Z');
    await t.app.jobs.run('subscriptions.end-notice', { subscriptionId: current?.id });
    const [notice] = await messagesOf(student, 'subscription-ending');
    expect(notice?.body).toContain('سنجدّد اشتراكك تلقائيًا');
    expect(notice?.body).toContain('المنتهية بـ 4242');
    expect(notice?.body).not.toContain('الرقم المرجعي');

    t.clock.set(CHARGE_AT);
    const before = charges();
    await Promise.all([1, 2, 3].map(() => t.app.jobs.run('payments.auto-renewal', {})));
    await t.app.jobs.run('payments.auto-renewal', {});
    expect(charges() - before).toBe(1);
    const [, next, ...more] = await rowsOf(student.id);
    expect(more).toEqual([]);
    expect(next).toMatchObject({ status: 'scheduled', planId: plan.id, weeklyMinutes: 120 });
    expect(next?.startsAt.toISOString()).toBe(END);
    const [paid] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, next?.transactionId ?? 0));
    expect(paid).toMatchObject({ method: 'card', cardTokenId: card.id, forNextPeriod: true, status: 7 });
  });

  it.each(['email', 'none'] as const)(
    'tells her before the charge even with renewal messages turned off (channel %s)',
    async (channel) => {
      const { student, card } = await cardHolder();
      await chooseNotifications(t, student, channel, { subscriptionEnding: false });
      await as(student, 'PUT', '/api/v1/fawry/auto-renewal', { cardTokenId: card.id });
      const [current] = await rowsOf(student.id);
      t.clock.set('2025-03-31T04:00:00Z');
      await t.app.jobs.run('subscriptions.end-notice', { subscriptionId: current?.id });
      const notices = await messagesOf(student, 'subscription-ending');
      expect(notices.map((m) => m.channel)).toEqual(['email']);
      expect(notices[0]?.body).toContain('سنجدّد اشتراكك تلقائيًا');
    },
  );

  it('a refused charge turns it off and tells her to renew by hand', async () => {
    const { student, card } = await cardHolder();
    await as(student, 'PUT', '/api/v1/fawry/auto-renewal', { cardTokenId: card.id });
    t.clock.set(CHARGE_AT);
    fake.state.charge = 'decline';
    await t.app.jobs.run('payments.auto-renewal', {});
    expect((await rowsOf(student.id)).filter((r) => r.status === 'scheduled')).toEqual([]);
    const [failed] = await messagesOf(student, 'auto-renewal-failed');
    expect(failed?.body).toContain('رفضت بطاقتك تجديد اشتراكك تلقائيًا');
    expect(failed?.body).toContain(`/checkout/${plan.id}/month`);
    fake.state.charge = 'pending';
    const before = charges();
    await t.app.jobs.run('payments.auto-renewal', {});
    expect(charges()).toBe(before);
  });
});
