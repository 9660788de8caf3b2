import type { Coupon, Plan, PlanInvite } from '@darsak/domain/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';

let t: TestApp;
let admin: Actor;
let student: Actor;
let other: Actor;
let tutor: Actor;
let codes = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: '2025-03-06T10:00:00Z' });
  [admin, student, other, tutor] = [
    await createActor(t, 'admin'),
    await createActor(t, 'student'),
    await createActor(t, 'student'),
    await createActor(t, 'tutor'),
  ];
});
afterAll(() => t.close());

const as = (actor: Actor | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, actor?.token, { method, url, ...(payload ? { payload } : {}) });

async function createPlan(fields: Partial<Plan> = {}): Promise<Plan> {
  const response = await as(admin, 'POST', '/api/v1/plan', {
    weeklyMinutes: 120,
    baseMonthPricePiastres: 80_000,
    quarterDiscountPercent: 10,
    yearDiscountPercent: 20,
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function createCoupon(fields: Record<string, unknown> = {}): Promise<Coupon> {
  codes += 1;
  const response = await as(admin, 'POST', '/api/v1/coupon', { code: `SAVE${codes}X`, discountPercent: 10, ...fields });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const invite = (planId: number, userId: number) => as(admin, 'POST', '/api/v1/plan-invite', { planId, userId });
const listedIds = async (actor: Actor | null, query = '') =>
  ((await as(actor, 'GET', `/api/v1/plan/list?size=100${query}`)).json().list as Plan[]).map((p) => p.id);
const expectCode = (response: { statusCode: number; json: () => { code: string } }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().code).toBe(code);
};

describe('plans', () => {
  it('creates a plan with the data model defaults and its period prices, computed on the server', async () => {
    const plan = await createPlan({ nameAr: 'الباقة المتوسطة', installments: 2 });
    expect(plan).toMatchObject({
      nameAr: 'الباقة المتوسطة',
      weeklyMinutes: 120,
      monthDiscountPercent: 0,
      state: 'active',
      forInvitesOnly: false,
      installments: 2,
    });
    expect(plan.prices.month).toEqual({
      months: 1,
      weeks: 4,
      fullPricePiastres: 80_000,
      discountPercent: 0,
      pricePiastres: 80_000,
      installmentOptions: [2],
    });
    expect(plan.prices.quarter).toMatchObject({
      fullPricePiastres: 240_000,
      discountPercent: 10,
      pricePiastres: 216_000,
    });
    expect(plan.prices.year).toMatchObject({ months: 12, weeks: 52, pricePiastres: 768_000 });
  });

  it('[403 forbidden] for students and tutors, [401] for visitors', async () => {
    const payload = { weeklyMinutes: 60, baseMonthPricePiastres: 1 };
    expectCode(await as(student, 'POST', '/api/v1/plan', payload), 403, 'forbidden');
    expectCode(await as(tutor, 'PATCH', '/api/v1/plan/1', { weeklyMinutes: 1 }), 403, 'forbidden');
    expectCode(await as(null, 'DELETE', '/api/v1/plan/1'), 401, 'unauthenticated');
  });

  it('[400 bad-request] for out-of-range minutes, prices and discounts', async () => {
    for (const payload of [
      { weeklyMinutes: 0, baseMonthPricePiastres: 100 },
      { weeklyMinutes: 60, baseMonthPricePiastres: -5 },
      { weeklyMinutes: 60, baseMonthPricePiastres: 100, yearDiscountPercent: 101 },
      { weeklyMinutes: 60, baseMonthPricePiastres: 100, amountPiastres: 1 },
    ]) {
      expectCode(await as(admin, 'POST', '/api/v1/plan', payload), 400, 'bad-request');
    }
  });

  it('shows visitors and students the active open plans, invited students their invites-only plans, admins all', async () => {
    const open = await createPlan();
    const hidden = await createPlan({ forInvitesOnly: true });
    const inactive = await createPlan({ state: 'inactive' });
    expect((await invite(hidden.id, student.id)).statusCode).toBe(201);

    for (const viewer of [null, other]) {
      const ids = await listedIds(viewer);
      expect(ids).toContain(open.id);
      expect(ids).not.toContain(hidden.id);
      expect(ids).not.toContain(inactive.id);
    }
    expect(await listedIds(student)).toEqual(expect.arrayContaining([open.id, hidden.id]));
    expect(await listedIds(student)).not.toContain(inactive.id);
    expect(await listedIds(admin)).toEqual(expect.arrayContaining([open.id, hidden.id, inactive.id]));
    const inactiveOnly = await listedIds(admin, '&state=inactive');
    expect(inactiveOnly).toContain(inactive.id);
    expect(inactiveOnly).not.toContain(open.id);
    // A visitor's state filter cannot reveal inactive plans.
    expect(await listedIds(null, '&state=inactive')).not.toContain(inactive.id);

    expectCode(await as(other, 'GET', `/api/v1/plan/${hidden.id}`), 404, 'plan-not-found');
    expectCode(await as(null, 'GET', `/api/v1/plan/${inactive.id}`), 404, 'plan-not-found');
    expect((await as(student, 'GET', `/api/v1/plan/${hidden.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/v1/plan/${inactive.id}`)).json().state).toBe('inactive');
    expectCode(await as(null, 'GET', '/api/v1/plan/999999'), 404, 'plan-not-found');
  });

  it('edits a plan; [422 empty-request] for nothing, [404 plan-not-found] for an unknown one', async () => {
    const plan = await createPlan();
    const edited = await as(admin, 'PATCH', `/api/v1/plan/${plan.id}`, {
      baseMonthPricePiastres: 100_000,
      state: 'inactive',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ baseMonthPricePiastres: 100_000, state: 'inactive' });
    expect(edited.json().prices.quarter.pricePiastres).toBe(270_000);
    expectCode(await as(admin, 'PATCH', `/api/v1/plan/${plan.id}`, {}), 400, 'empty-request');
    expectCode(await as(admin, 'PATCH', '/api/v1/plan/999999', { weeklyMinutes: 30 }), 404, 'plan-not-found');
  });

  it('deletes an unused plan and deactivates one that something points at', async () => {
    const unused = await createPlan();
    expect((await as(admin, 'DELETE', `/api/v1/plan/${unused.id}`)).json()).toEqual({
      id: unused.id,
      outcome: 'deleted',
    });
    expectCode(await as(admin, 'GET', `/api/v1/plan/${unused.id}`), 404, 'plan-not-found');

    const used = await createPlan();
    await createCoupon({ planId: used.id });
    const removal = await as(admin, 'DELETE', `/api/v1/plan/${used.id}`);
    expect(removal.json()).toEqual({ id: used.id, outcome: 'deactivated' });
    expect((await as(admin, 'GET', `/api/v1/plan/${used.id}`)).json().state).toBe('inactive');
    expectCode(await as(admin, 'DELETE', '/api/v1/plan/999999'), 404, 'plan-not-found');
  });
});

describe('plan invites (admins)', () => {
  it('invites a student, refuses a second invite and non-students, moves and withdraws invites', async () => {
    const plan = await createPlan({ forInvitesOnly: true });
    const created = await invite(plan.id, other.id);
    expect(created.statusCode).toBe(201);
    const body: PlanInvite = created.json();
    expect(body).toMatchObject({ planId: plan.id, userId: other.id, userEmail: other.email, createdBy: admin.id });

    expectCode(await invite(plan.id, other.id), 409, 'plan-invite-exists');
    expectCode(await invite(plan.id, tutor.id), 404, 'student-not-found');
    expectCode(await invite(999_999, other.id), 404, 'plan-not-found');

    const list = await as(admin, 'GET', `/api/v1/plan-invite/list?planId=${plan.id}`);
    expect(list.json()).toEqual({ total: 1, list: [body] });

    const second = await createPlan({ forInvitesOnly: true });
    const moved = await as(admin, 'PATCH', '/api/v1/plan-invite', { id: body.id, planId: second.id });
    expect(moved.json()).toMatchObject({ id: body.id, planId: second.id });
    expectCode(await as(admin, 'PATCH', '/api/v1/plan-invite', { id: body.id }), 400, 'empty-request');
    expectCode(
      await as(admin, 'PATCH', '/api/v1/plan-invite', { id: 999_999, planId: plan.id }),
      404,
      'plan-invite-not-found',
    );
    expectCode(
      await as(admin, 'PATCH', '/api/v1/plan-invite', { id: body.id, userId: tutor.id }),
      404,
      'student-not-found',
    );

    expect((await as(admin, 'DELETE', `/api/v1/plan-invite/${body.id}`)).json()).toEqual({ ok: true });
    expectCode(await as(admin, 'DELETE', `/api/v1/plan-invite/${body.id}`), 404, 'plan-invite-not-found');
    expectCode(await as(student, 'GET', '/api/v1/plan-invite/list'), 403, 'forbidden');
  });
});

describe('coupons', () => {
  it('creates, reads, replaces and lists coupons (admins)', async () => {
    const coupon = await createCoupon({ discountPercent: 25, maxDiscountPiastres: 10_000 });
    expect(coupon).toMatchObject({ discountPercent: 25, maxDiscountPiastres: 10_000, status: 3, usedCount: 0 });
    expect((await as(admin, 'GET', `/api/v1/coupon/${coupon.id}`)).json()).toEqual(coupon);
    const replaced = await as(admin, 'PUT', `/api/v1/coupon/${coupon.id}`, {
      code: coupon.code,
      discountPiastres: 5_000,
    });
    expect(replaced.json()).toMatchObject({
      discountPercent: null,
      discountPiastres: 5_000,
      maxDiscountPiastres: null,
    });
    const list = await as(admin, 'GET', `/api/v1/coupon/list?code=${coupon.code.toLowerCase()}`);
    expect(list.json().list.map((c: Coupon) => c.id)).toEqual([coupon.id]);
    expectCode(await as(admin, 'GET', '/api/v1/coupon/999999'), 404, 'coupon-not-found');
    expectCode(
      await as(admin, 'PUT', '/api/v1/coupon/999999', { code: 'NOPE1', discountPercent: 5 }),
      404,
      'coupon-not-found',
    );
    expectCode(await as(student, 'GET', `/api/v1/coupon/${coupon.id}`), 403, 'forbidden');
  });

  it('[409 coupon-exists] for a taken code in any case, [400] for a past expiry or two discounts', async () => {
    const coupon = await createCoupon();
    const taken = await as(admin, 'POST', '/api/v1/coupon', { code: coupon.code.toLowerCase(), discountPercent: 5 });
    expectCode(taken, 409, 'coupon-exists');
    const past = await as(admin, 'POST', '/api/v1/coupon', {
      code: 'PAST1',
      discountPercent: 5,
      expiresAt: '2025-01-01T00:00:00Z',
    });
    expectCode(past, 400, 'bad-request');
    expect(past.json().details.fields.expiresAt).toBe('coupon-expiry-past');
    const both = await as(admin, 'POST', '/api/v1/coupon', {
      code: 'BOTH1',
      discountPercent: 5,
      discountPiastres: 100,
    });
    expectCode(both, 400, 'bad-request');
    expectCode(
      await as(admin, 'POST', '/api/v1/coupon', { code: 'NOPLAN', discountPercent: 5, planId: 999_999 }),
      404,
      'plan-not-found',
    );
  });

  it('moves a status only as its machine allows: [400 illegal] for any other move, changing nothing', async () => {
    const put = (coupon: Coupon, fields: object) =>
      as(admin, 'PUT', `/api/v1/coupon/${coupon.id}`, { code: coupon.code, discountPercent: 10, ...fields });
    const statusOf = async (coupon: Coupon) => (await as(admin, 'GET', `/api/v1/coupon/${coupon.id}`)).json().status;

    // Created pending or approved; created rejected is a code taken for nothing.
    expectCode(
      await as(admin, 'POST', '/api/v1/coupon', { code: 'BORNDEAD', discountPercent: 5, status: 2 }),
      400,
      'illegal',
    );
    expect((await as(admin, 'GET', '/api/v1/coupon/list?code=BORNDEAD')).json().total).toBe(0);
    const draft = await createCoupon({ status: 1 });
    // Replacing the other fields keeps the status when none is given (it used to approve it silently).
    expect((await put(draft, { discountPercent: 15 })).json()).toMatchObject({ status: 1, discountPercent: 15 });
    expect((await put(draft, { status: 3 })).json().status).toBe(3);
    expectCode(await put(draft, { status: 1, discountPercent: 50 }), 400, 'illegal');
    expect(await as(admin, 'GET', `/api/v1/coupon/${draft.id}`).then((r) => r.json())).toMatchObject({
      status: 3,
      discountPercent: 10,
    });
    expect((await put(draft, { status: 2 })).json().status).toBe(2);
    for (const status of [1, 3]) {
      const refused = await put(draft, { status });
      expectCode(refused, 400, 'illegal');
      expect(refused.json().details).toEqual({ from: 2, to: status });
    }
    expect(await statusOf(draft)).toBe(2);

    const rejectedDraft = await createCoupon({ status: 1 });
    expect((await put(rejectedDraft, { status: 2 })).json().status).toBe(2);
    expectCode(await put(rejectedDraft, { status: 3 }), 400, 'illegal');
  });

  it('deletes an unused coupon', async () => {
    const coupon = await createCoupon();
    expect((await as(admin, 'DELETE', `/api/v1/coupon/${coupon.id}`)).json()).toEqual({
      id: coupon.id,
      outcome: 'deleted',
    });
    expectCode(await as(admin, 'DELETE', `/api/v1/coupon/${coupon.id}`), 404, 'coupon-not-found');
  });

  describe('GET /api/v1/coupon/code/:code (the checkout check)', () => {
    let plan: Plan;
    beforeAll(async () => {
      plan = await createPlan();
    });
    const check = (code: string, query = '') => as(student, 'GET', `/api/v1/coupon/code/${code}${query}`);

    it('prices the checkout with the coupon, code in any case', async () => {
      const coupon = await createCoupon({ discountPercent: 10 });
      const answer = await check(coupon.code.toLowerCase(), `?planId=${plan.id}&period=quarter`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        code: coupon.code,
        discountPercent: 10,
        quote: { pricePiastres: 216_000, couponDiscountPiastres: 21_600, amountPiastres: 194_400 },
      });
      expect((await check(coupon.code)).json().quote).toBeNull();
    });

    it('[404 coupon-not-found] for an unknown code', async () => {
      expectCode(await check('UNKNOWN9'), 404, 'coupon-not-found');
    });

    it('[422 coupon-expired] once the expiry passed', async () => {
      const coupon = await createCoupon({ expiresAt: '2025-03-07T00:00:00Z' });
      expect((await check(coupon.code)).statusCode).toBe(200);
      t.clock.set('2025-03-08T00:00:00Z');
      try {
        expectCode(await check(coupon.code), 422, 'coupon-expired');
      } finally {
        t.clock.set('2025-03-06T10:00:00Z');
      }
    });

    it('[422 invalid-coupon] when not approved, used up, for another plan, or worth nothing on this price', async () => {
      const pending = await createCoupon({ status: 1 });
      const stopped = await createCoupon();
      await as(admin, 'PUT', `/api/v1/coupon/${stopped.id}`, { code: stopped.code, discountPercent: 10, status: 2 });
      expectCode(await check(stopped.code, `?planId=${plan.id}&period=month`), 422, 'invalid-coupon');
      const usedUp = await createCoupon({ usageLimit: 1 });
      await t.database.db.execute(`update coupons set used_count = 1 where id = ${usedUp.id}`);
      const otherPlan = await createCoupon({ planId: (await createPlan()).id });
      for (const coupon of [pending, usedUp]) expectCode(await check(coupon.code), 422, 'invalid-coupon');
      expectCode(await check(otherPlan.code, `?planId=${plan.id}`), 422, 'invalid-coupon');
      const free = await createPlan({ baseMonthPricePiastres: 0 });
      const any = await createCoupon();
      const worthless = await check(any.code, `?planId=${free.id}&period=month`);
      expectCode(worthless, 422, 'invalid-coupon');
      expect(worthless.json().details).toEqual({ fields: { couponCode: 'coupon-no-discount' } });
    });

    it('[422 plan-not-offered] for a plan the student is not invited to, [404] for an unknown plan', async () => {
      const coupon = await createCoupon();
      const hidden = await createPlan({ forInvitesOnly: true });
      expectCode(await check(coupon.code, `?planId=${hidden.id}&period=month`), 422, 'plan-not-offered');
      expectCode(await check(coupon.code, '?planId=999999&period=month'), 404, 'plan-not-found');
    });

    it('[401] for visitors', async () => {
      expectCode(await as(null, 'GET', '/api/v1/coupon/code/ANYCODE'), 401, 'unauthenticated');
    });
  });
});

describe('audit log', () => {
  it('records who changed a plan, a coupon and a plan invite, with the values before and after', async () => {
    const plan = await createPlan({ weeklyMinutes: 90 });
    await as(admin, 'PATCH', `/api/v1/plan/${plan.id}`, { weeklyMinutes: 100 });
    const coupon = await createCoupon();
    await as(admin, 'DELETE', `/api/v1/coupon/${coupon.id}`);
    const invited = (await invite(plan.id, other.id)).json() as PlanInvite;
    await as(admin, 'DELETE', `/api/v1/plan-invite/${invited.id}`);
    const log = async (query: string) =>
      ((await as(admin, 'GET', `/api/v1/audit-log/list?${query}`)).json().list as Array<Record<string, unknown>>).map(
        ({ action, actorId, before, after }) => ({ action, actorId, before, after }),
      );
    expect(await log(`objectType=plan&objectId=${plan.id}`)).toEqual([
      { action: 'plan.update', actorId: admin.id, before: { weeklyMinutes: 90 }, after: { weeklyMinutes: 100 } },
      expect.objectContaining({ action: 'plan.create', actorId: admin.id }),
    ]);
    expect((await log(`objectType=coupon&objectId=${coupon.id}`)).map((e) => e.action)).toEqual([
      'coupon.remove',
      'coupon.create',
    ]);
    expect(await log(`objectType=planInvite&objectId=${invited.id}`)).toEqual([
      { action: 'planInvite.remove', actorId: admin.id, before: { planId: plan.id, userId: other.id }, after: null },
      { action: 'planInvite.create', actorId: admin.id, before: null, after: { planId: plan.id, userId: other.id } },
    ]);
    // The student's history holds what was done about them.
    // (Earlier tests of this file invited the same student: the newest two entries are this test's.)
    expect((await log(`userId=${other.id}`)).slice(0, 2).map((e) => e.action)).toEqual([
      'planInvite.remove',
      'planInvite.create',
    ]);
    expect((await as(student, 'GET', '/api/v1/audit-log/list')).statusCode).toBe(403);
  });
});
