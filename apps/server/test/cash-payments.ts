import type { PaymentResult } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { expect } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from './build-test-app.ts';
import { type FakeProviders, fakeProvidersEnv, startFakeProviders } from './fake-providers.ts';
import { type Actor, createActor } from './harness/actors.ts';

/** A test app whose providers are the stand-in Fawry and Paymob (a real HTTP server), with an admin to make plans. */
export async function withFakeProviders(now: string) {
  const fake = await startFakeProviders();
  const t = await buildTestApp({ now, env: fakeProvidersEnv(fake) });
  const admin = await createActor(t, 'admin');
  return {
    fake,
    t,
    admin,
    /** A monthly plan, made by the admin through the API. */
    plan: async (weeklyMinutes: number, baseMonthPricePiastres: number): Promise<Plan> =>
      (
        await injectAs(t.app, admin.token, {
          method: 'POST',
          url: '/api/v1/plan',
          payload: { weeklyMinutes, baseMonthPricePiastres },
        })
      ).json(),
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

let keys = 0;

/** The student's Fawry cash reference for a month of the plan (201 expected). */
export async function cashReference(t: TestApp, student: Actor, plan: Plan) {
  keys += 1;
  return injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/pay/ref-num',
    payload: { planId: plan.id, period: 'month' },
    headers: { 'idempotency-key': `cash-${keys}-${Date.now()}` },
  });
}

/** Fawry's signed notification that the order was paid at the kiosk. */
export const paidAtKiosk = (t: TestApp, fake: FakeProviders, result: PaymentResult) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/fawry/callback',
    payload: fake.notify(result.transaction.merchantRefNum, 'PAID'),
  });

/** A month of the plan paid in cash at the kiosk. */
export async function payCash(t: TestApp, fake: FakeProviders, student: Actor, plan: Plan): Promise<PaymentResult> {
  const answer = await cashReference(t, student, plan);
  expect(answer.statusCode, answer.body).toBe(201);
  const result: PaymentResult = answer.json();
  await paidAtKiosk(t, fake, result);
  return result;
}
