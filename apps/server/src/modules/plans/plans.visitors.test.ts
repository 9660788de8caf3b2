import type { Plan } from '@darsak/domain/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSecondInstance,
  buildTestApp,
  injectAs,
  noCluster,
  redisEnv,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';

// Visitors' plan list is kept in each instance's memory: a plan change shows at once, here and on every instance.
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ env: redisEnv() });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const visitorIds = async (app = t.app) =>
  ((await app.inject({ method: 'GET', url: '/api/v1/plan/list?size=100' })).json().list as Plan[]).map((p) => p.id);
const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, admin.token, { method, url, ...(payload ? { payload } : {}) });
const newPlan = async () =>
  (await asAdmin('POST', '/api/v1/plan', { weeklyMinutes: 90, baseMonthPricePiastres: 50_000 })).json() as Plan;

describe("visitors' plan list", () => {
  it('shows a created, changed or removed plan at once', async () => {
    expect(await visitorIds()).toEqual([]);
    const plan = await newPlan();
    expect(await visitorIds()).toEqual([plan.id]);
    expect((await asAdmin('PATCH', `/api/v1/plan/${plan.id}`, { forInvitesOnly: true })).statusCode).toBe(200);
    expect(await visitorIds()).toEqual([]);
    expect((await asAdmin('PATCH', `/api/v1/plan/${plan.id}`, { forInvitesOnly: false })).statusCode).toBe(200);
    expect(await visitorIds()).toEqual([plan.id]);
    expect((await asAdmin('DELETE', `/api/v1/plan/${plan.id}`)).statusCode).toBe(200);
    expect(await visitorIds()).toEqual([]);
  });

  it.skipIf(noCluster)('shows a change on another instance at once', async () => {
    const second = await buildSecondInstance(t);
    try {
      const before = await visitorIds(second.app);
      const plan = await newPlan();
      expect(await visitorIds(second.app)).toEqual([...before, plan.id]);
      await asAdmin('DELETE', `/api/v1/plan/${plan.id}`);
      expect(await visitorIds(second.app)).toEqual(before);
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });
});
