import type { AuditEntry } from '@darsak/domain/audit';
import type { Invite, InvitePreview } from '@darsak/domain/invites';
import type { SignedIn } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { validPassword } from '../../../test/factories.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';

let t: TestApp;
let superAdmin: Actor;
let admin: Actor;
let emails = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: '2025-03-06T10:00:00Z' });
  [superAdmin, admin] = [await createActor(t, 'superAdmin'), await createActor(t, 'admin')];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (actor: Actor | null, method: Method, url: string, payload?: object) =>
  injectAs(t.app, actor?.token, { method, url, ...(payload ? { payload } : {}) });
const expectCode = (response: { statusCode: number; json: () => { code: string } }, status: number, code: string) => {
  expect(response.json().code).toBe(code);
  expect(response.statusCode).toBe(status);
};
const newEmail = () => {
  emails += 1;
  return `invitee-${emails}@example.com`;
};

/** The token of the link last e-mailed to this address, read from the local outbox as the e-2-e journeys do. */
async function linkTokenOf(email: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(email)}` });
  const messages = (response.json() as { list: { text: string }[] }).list;
  const match = /\/invite\/([\w-]{43})/.exec(messages[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no invite link for ${email}: ${response.body}`);
  return match[1];
}

async function invite(by: Actor, body: Record<string, unknown>) {
  const response = await as(by, 'POST', '/api/v1/invite', body);
  expect(response.statusCode).toBe(201);
  const created = response.json() as Invite;
  return { invite: created, token: await linkTokenOf(created.email) };
}

const register = (token: string, body: object = { name: 'Mona Adel', password: validPassword }) =>
  t.app.inject({ method: 'POST', url: `/api/v1/invite/token/${token}`, payload: body });

describe('invites', () => {
  it('e-mails a single-use link; the invitee sees who invited them and registers with exactly that role', async () => {
    const email = newEmail();
    const { invite: created, token } = await invite(admin, { email, name: 'Mona Adel', role: 5 });
    expect(created).toMatchObject({ email, role: 5, status: 1, state: 'pending', inviterId: admin.id });
    expect(created.expiresAt).toBe('2025-03-13T10:00:00.000Z');
    // Only the hash is stored.
    const stored = await t.database.db.execute<{ code: string }>(`select code from invites where id = ${created.id}`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await t.app.inject({ method: 'GET', url: `/api/v1/invite/token/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject<Partial<InvitePreview>>({ email, role: 5, name: 'Mona Adel' });
    expect((preview.json() as InvitePreview).inviterName).toBeTruthy();

    const registered = await register(token, { name: 'منى عادل', password: validPassword });
    expect(registered.statusCode).toBe(201);
    const signedIn = registered.json() as SignedIn;
    expect(signedIn.user).toMatchObject({ email, role: 5, emailVerified: true });
    const me = await injectAs(t.app, signedIn.token, { method: 'GET', url: '/api/v1/user/current' });
    expect(me.json()).toMatchObject({ role: 5 });

    const after = (await as(admin, 'GET', `/api/v1/invite/${created.id}`)).json() as Invite;
    expect(after).toMatchObject({ status: 3, state: 'approved', inviteeId: signedIn.user.id });
    expectCode(await register(token), 409, 'invite-used');
    expectCode(await t.app.inject({ method: 'GET', url: `/api/v1/invite/token/${token}` }), 409, 'invite-used');
  });

  it('gives an invited student the plan invite it carries', async () => {
    const plan = (
      await as(admin, 'POST', '/api/v1/plan', {
        weeklyMinutes: 60,
        baseMonthPricePiastres: 50_000,
        forInvitesOnly: true,
      })
    ).json() as { id: number };
    const { token } = await invite(admin, { email: newEmail(), role: 4, planId: plan.id });
    const preview = (await t.app.inject({ method: 'GET', url: `/api/v1/invite/token/${token}` })).json();
    expect(preview).toMatchObject({ role: 4, planWeeklyMinutes: 60 });
    const student = (await register(token)).json() as SignedIn;
    const invites = await as(admin, 'GET', `/api/v1/plan-invite/list?userId=${student.user.id}`);
    expect(invites.json()).toMatchObject({ total: 1, list: [{ planId: plan.id, userId: student.user.id }] });
  });

  it('lets only a super admin invite (or revoke the invite of) an admin', async () => {
    expectCode(await as(admin, 'POST', '/api/v1/invite', { email: newEmail(), role: 2 }), 403, 'forbidden');
    expectCode(await as(admin, 'POST', '/api/v1/invite', { email: newEmail(), role: 1 }), 403, 'forbidden');
    const { invite: adminInvite } = await invite(superAdmin, { email: newEmail(), role: 2 });
    expectCode(await as(admin, 'DELETE', `/api/v1/invite/${adminInvite.id}`), 403, 'forbidden');
    expectCode(await as(admin, 'PUT', `/api/v1/invite/${adminInvite.id}`, { name: 'Sara Ali' }), 403, 'forbidden');
    const { invite: managerInvite } = await invite(admin, { email: newEmail(), role: 5 });
    expectCode(await as(admin, 'PUT', `/api/v1/invite/${managerInvite.id}`, { role: 2 }), 403, 'forbidden');
  });

  it('refuses an e-mail that has an account, a plan for staff and a missing plan', async () => {
    expectCode(await as(admin, 'POST', '/api/v1/invite', { email: admin.email, role: 5 }), 409, 'user-exists');
    const staffWithPlan = await as(admin, 'POST', '/api/v1/invite', { email: newEmail(), role: 5, planId: 1 });
    expectCode(staffWithPlan, 400, 'bad-request');
    expect(staffWithPlan.json().details.fields).toEqual({ planId: 'student-only' });
    expectCode(
      await as(admin, 'POST', '/api/v1/invite', { email: newEmail(), role: 4, planId: 99999 }),
      404,
      'plan-not-found',
    );
  });

  it('refuses a revoked link, an expired link and an unknown link with their codes; a resend opens a new week', async () => {
    const revoked = await invite(admin, { email: newEmail(), role: 6 });
    const answer = await as(admin, 'DELETE', `/api/v1/invite/${revoked.invite.id}`);
    expect(answer.json()).toMatchObject({ status: 2, state: 'rejected' });
    expectCode(await register(revoked.token), 410, 'invite-revoked');
    expectCode(await as(admin, 'PUT', `/api/v1/invite/${revoked.invite.id}`, {}), 410, 'invite-revoked');

    const expiring = await invite(admin, { email: newEmail(), role: 6 });
    // A week and a moment later (the row's clock, so the staff's sessions stay valid).
    await t.database.db.execute(
      `update invites set expires_at = '2025-03-06T09:59:59Z' where id = ${expiring.invite.id}`,
    );
    {
      expectCode(await register(expiring.token), 410, 'invite-expired');
      const listed = await as(admin, 'GET', '/api/v1/invite/list?state=expired&size=100');
      expect((listed.json().list as Invite[]).map((i) => i.id)).toContain(expiring.invite.id);
      // Sent again: the old link is dead, the new one works for another week.
      const resent = await as(admin, 'PUT', `/api/v1/invite/${expiring.invite.id}`, { name: 'Hala Samir' });
      expect(resent.json()).toMatchObject({ state: 'pending', name: 'Hala Samir' });
      const fresh = await linkTokenOf(expiring.invite.email);
      expect(fresh).not.toBe(expiring.token);
      expectCode(await register(expiring.token), 404, 'invite-not-found');
      expect((await register(fresh)).statusCode).toBe(201);
    }
    expectCode(await register('y'.repeat(43)), 404, 'invite-not-found');
  });

  it('makes one account when the same link is used twice at once', async () => {
    const { invite: created, token } = await invite(admin, { email: newEmail(), role: 5 });
    const body = { name: 'هالة سمير', password: validPassword };
    const answers = await Promise.all([register(token, body), register(token, body), register(token, body)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json().code).toBe('invite-used');
    const users = await as(admin, 'GET', `/api/v1/user/list?q=${encodeURIComponent(created.email)}`);
    expect(users.json().total).toBe(1);
  });

  it('lists by state and e-mail, and writes each staff change to the audit log', async () => {
    const email = newEmail();
    const { invite: created } = await invite(admin, { email, role: 6 });
    await as(admin, 'DELETE', `/api/v1/invite/${created.id}`);
    const byEmail = await as(admin, 'GET', `/api/v1/invite/list?q=${email}`);
    expect(byEmail.json()).toMatchObject({ total: 1, list: [{ id: created.id, state: 'rejected' }] });
    const pending = (await as(admin, 'GET', '/api/v1/invite/list?state=pending&size=100')).json().list as Invite[];
    expect(pending.every((i) => i.state === 'pending')).toBe(true);

    const log = await as(admin, 'GET', `/api/v1/audit-log/list?objectType=invite&objectId=${created.id}`);
    const entries = log.json().list as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['invite.revoke', 'invite.create']);
    expect(entries[1]).toMatchObject({ actorId: admin.id, after: { email, role: 6 } });
    expect(entries[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'rejected' } });
    expect(entries[0]?.actorName).toBeTruthy();
  });
});
