import type { AuditEntry } from '@darsak/domain/audit';
import type { UserAccount } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { connectAs, listen } from '../../../test/sockets.ts';

let t: TestApp;
let superAdmin: Actor;
let admin: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listen(t.app);
  [superAdmin, admin] = [await createActor(t, 'superAdmin'), await createActor(t, 'admin')];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const as = (actor: Actor | null, method: Method, url: string, payload?: object) =>
  injectAs(t.app, actor?.token, { method, url, ...(payload ? { payload } : {}) });
const expectCode = (response: { statusCode: number; json: () => { code: string } }, status: number, code: string) => {
  expect(response.json().code).toBe(code);
  expect(response.statusCode).toBe(status);
};
const reason = 'checked with the person by phone';
const setStatus = (by: Actor, id: number, disabled: boolean) =>
  as(by, 'PUT', `/api/v1/user/${id}/status`, { disabled, reason });
const changeRole = (by: Actor, id: number, role: number) => as(by, 'PUT', `/api/v1/user/${id}/role`, { role, reason });
const historyOf = async (id: number) =>
  (await as(admin, 'GET', `/api/v1/audit-log/list?objectType=user&objectId=${id}`)).json().list as AuditEntry[];

describe('staff actions on accounts', () => {
  it('disables an account: its tokens stop at once, its open socket is closed, it cannot sign in; enabling restores', async () => {
    const student = await createActor(t, 'student');
    const socket = await connectAs(baseUrl, student.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const answer = await setStatus(admin, student.id, true);
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as UserAccount).disabledAt).not.toBeNull();
    expect(await closed).toBe('io server disconnect');
    expectCode(await as(student, 'GET', '/api/v1/user/current'), 401, 'unauthenticated');
    await expect(connectAs(baseUrl, student.token)).rejects.toThrow('unauthenticated');
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email: student.email, password } });
    // Only the right password learns that the account is disabled, with how to reach support.
    const disabled = await signIn('secret123');
    expectCode(disabled, 403, 'account-disabled');
    expect(disabled.json().message).toContain('معطَّل');
    expect(disabled.json().message).toContain('الدعم');
    expectCode(await signIn('not-the-password1'), 401, 'wrong-password');

    expect((await setStatus(admin, student.id, false)).json().disabledAt).toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: student.email, password: 'secret123' },
    });
    expect(again.statusCode).toBe(200);
    const history = await historyOf(student.id);
    expect(history.map((e) => e.action)).toEqual(['user.enable', 'user.disable']);
    expect(history[1]).toMatchObject({ actorId: admin.id, reason, before: { disabledAt: null } });
  });

  it('tells a disabled account signing in with Google that it is disabled', async () => {
    const credential = await t.google.issue({ sub: 'g-disabled', email: 'gd@example.com', name: 'Gina Adel' });
    const google = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
    const { user } = (await google()).json();
    expect((await setStatus(admin, user.id, true)).statusCode).toBe(200);
    expectCode(await google(), 403, 'account-disabled');
  });

  it('leaves admins to the super admin, and refuses acting on oneself', async () => {
    const other = await createActor(t, 'admin');
    expectCode(await setStatus(admin, other.id, true), 403, 'forbidden');
    expectCode(await setStatus(admin, admin.id, true), 422, 'own-account');
    expectCode(await changeRole(admin, other.id, 4), 403, 'forbidden');
    expect((await setStatus(superAdmin, other.id, true)).statusCode).toBe(200);
    const student = await createActor(t, 'student');
    // An admin never raises anyone: the role call is the super admin's alone.
    expectCode(await changeRole(admin, student.id, 2), 403, 'forbidden');
    const raised = await changeRole(superAdmin, student.id, 5);
    expect(raised.json()).toMatchObject({ role: 5 });
    expect((await historyOf(student.id))[0]).toMatchObject({
      action: 'user.change-role',
      before: { role: 4 },
      after: { role: 5 },
    });
  });

  it('never lowers or disables the last super admin, even when two super admins lower each other at once', async () => {
    const second = await createActor(t, 'superAdmin');
    // The super admins of this file: the first one, and the second.
    const [a, b] = await Promise.all([changeRole(superAdmin, second.id, 2), changeRole(second, superAdmin.id, 2)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser either found itself lowered (forbidden: no longer super admin) or the other one the last.
    expect([401, 403, 409]).toContain(statuses[1]);
    const supers = await as(admin, 'GET', '/api/v1/user/list?role=1&activity=active');
    expect(supers.json().total).toBe(1);
    const last = (supers.json().list as UserAccount[])[0];
    const lastActor = last?.id === superAdmin.id ? superAdmin : second;
    const lowered = last?.id === superAdmin.id ? second : superAdmin;
    expect(lowered.id).not.toBe(last?.id);
    // The one left cannot be lowered or disabled by anyone, itself included.
    expectCode(await changeRole(lastActor, lastActor.id, 2), 422, 'own-account');
    const third = await createActor(t, 'superAdmin');
    const demoted = await changeRole(third, lastActor.id, 2);
    expect(demoted.statusCode).toBe(200);
    expectCode(await changeRole(lastActor, third.id, 2), 403, 'forbidden');
    expectCode(await setStatus(third, third.id, true), 422, 'own-account');
  });

  it('marks a contact verified with a reason, once', async () => {
    const student = await createActor(t, 'student');
    const verified = await as(admin, 'POST', `/api/v1/user/${student.id}/verified`, { contact: 'email', reason });
    expect(verified.json()).toMatchObject({ emailVerified: true });
    expectCode(
      await as(admin, 'POST', `/api/v1/user/${student.id}/verified`, { contact: 'email', reason }),
      409,
      'email-already-verified',
    );
    expectCode(
      await as(admin, 'POST', `/api/v1/user/${student.id}/verified`, { contact: 'phone', reason }),
      422,
      'phone-required',
    );
    const short = await as(admin, 'POST', `/api/v1/user/${student.id}/verified`, { contact: 'phone', reason: 'x' });
    expect(short.json().details.fields).toEqual({ reason: 'reason-length' });
    expect((await historyOf(student.id))[0]).toMatchObject({ action: 'user.verify-email', reason });
  });

  it('finds people by name, e-mail or id, filters by role, verification, activity and subscription, sorts', async () => {
    const student = await createActor(t, 'student');
    const byId = await as(admin, 'GET', `/api/v1/user/list?q=${student.id}`);
    expect((byId.json().list as UserAccount[]).map((u) => u.id)).toContain(student.id);
    const byEmail = await as(admin, 'GET', `/api/v1/user/list?q=${encodeURIComponent(student.email)}`);
    expect(byEmail.json()).toMatchObject({ total: 1, list: [{ id: student.id, subscribed: false, disabledAt: null }] });
    const unsubscribed = await as(admin, 'GET', `/api/v1/user/list?role=4&subscription=none&size=100`);
    expect((unsubscribed.json().list as UserAccount[]).map((u) => u.id)).toContain(student.id);
    const subscribed = await as(admin, 'GET', `/api/v1/user/list?role=4&subscription=active&size=100`);
    expect((subscribed.json().list as UserAccount[]).map((u) => u.id)).not.toContain(student.id);
    const unverified = (await as(admin, 'GET', '/api/v1/user/list?verification=phoneUnverified&size=100')).json();
    expect((unverified.list as UserAccount[]).every((u) => !u.phoneVerified)).toBe(true);
    const byName = (await as(admin, 'GET', '/api/v1/user/list?sort=name&size=100')).json().list as UserAccount[];
    const names = byName.map((u) => u.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const oldest = (await as(admin, 'GET', '/api/v1/user/list?sort=oldest&size=1')).json().list as UserAccount[];
    expect(oldest[0]?.id).toBe(superAdmin.id);
    expectCode(await as(admin, 'GET', '/api/v1/user/list?sort=age'), 400, 'bad-request');
  });

  it("keeps a staff refund in the payer's history, with the amounts before and after", async () => {
    const student = await createActor(t, 'student');
    const plan = (
      await as(admin, 'POST', '/api/v1/plan', { weeklyMinutes: 60, baseMonthPricePiastres: 50_000 })
    ).json();
    const checkout = await as(student, 'POST', '/api/v1/fawry/pay/ref-num', {
      planId: plan.id,
      period: 'month',
      idempotencyKey: `staff-refund-${student.id}`,
    });
    const { transaction } = checkout.json();
    await t.app.inject({
      method: 'POST',
      url: `/dev/gateway/pay/${transaction.merchantRefNum}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const refund = await as(admin, 'POST', '/api/v1/fawry/refund', {
      transactionId: transaction.id,
      amountPiastres: 10_000,
      reason: 'refund asked by phone',
    });
    expect(refund.statusCode).toBe(200);
    const history = (await as(admin, 'GET', `/api/v1/audit-log/list?userId=${student.id}`)).json().list as AuditEntry[];
    expect(history).toEqual([
      expect.objectContaining({
        action: 'transaction.refund',
        objectType: 'transaction',
        objectId: transaction.id,
        userId: student.id,
        actorId: admin.id,
        reason: 'refund asked by phone',
        before: { status: 7, refundedPiastres: 0 },
        after: { status: 5, refundedPiastres: 10_000, amountPiastres: 10_000 },
      }),
    ]);
  });
});
