import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertAppointment } from '../../../test/onboarding-rows.ts';
import { demoSessions, interviews } from './onboarding.table.ts';

// The admin app's /interviews: staff lists of interviews and demo sessions filtered by outcome and interviewer.
const NOW = '2025-01-06T07:00:00Z';

let t: TestApp;
let admin: Actor;
let managerA: Actor;
let managerB: Actor;
const ids: Record<string, number> = {};
const emails: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
  managerA = await createActor(t, 'tutorManager');
  managerB = await createActor(t, 'tutorManager');
  // One applicant each: an applicant has one pending interview at most.
  const add = async (name: string, manager: Actor, startsAt: string, status = 1) => {
    const applicant = await createActor(t, 'tutor');
    emails[name] = applicant.email;
    for (const kind of ['interview', 'demoSession'] as const) {
      const id = await insertAppointment(t, kind, { applicantId: applicant.id, managerId: manager.id, startsAt });
      const table = kind === 'interview' ? interviews : demoSessions;
      const cancelledAt = status >= 4 ? new Date(NOW) : null;
      if (status !== 1) await t.database.db.update(table).set({ status, cancelledAt }).where(eq(table.id, id));
      ids[`${kind}:${name}`] = id;
    }
  };
  await add('started', managerB, '2025-01-06T06:45:00Z');
  await add('later', managerA, '2025-01-09T10:00:00Z');
  await add('sooner', managerB, '2025-01-07T10:00:00Z');
  await add('passed', managerA, '2025-01-02T10:00:00Z', 2);
  await add('rejected', managerB, '2025-01-04T10:00:00Z', 3);
  await add('cancelled', managerA, '2025-01-05T10:00:00Z', 4);
});
afterAll(() => t.close());

const names = (kind: string, list: Array<{ id: number }>) =>
  list.map(
    ({ id }) =>
      Object.keys(ids)
        .find((key) => ids[key] === id && key.startsWith(`${kind}:`))
        ?.split(':')[1],
  );

const listOf = async (actor: Actor, path: string, query: string) => {
  const response = await injectAs(t.app, actor.token, { method: 'GET', url: `${path}?size=100${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; list: Array<{ id: number }> };
};

describe.each([
  ['interview', '/api/v1/interview/list/'],
  ['demoSession', '/api/v1/demo-session/list'],
])('%s list for staff', (kind, path) => {
  it('shows an admin all of them, upcoming first (soonest first), then the past ones latest first', async () => {
    const page = await listOf(admin, path, '');
    expect(names(kind, page.list)).toEqual(['started', 'sooner', 'later', 'cancelled', 'rejected', 'passed']);
    expect(page.total).toBe(6);
  });

  it('filters by outcome and by interviewer', async () => {
    expect(names(kind, (await listOf(admin, path, '&status=pending')).list)).toEqual(['started', 'sooner', 'later']);
    expect(names(kind, (await listOf(admin, path, '&status=cancelled')).list)).toEqual(['cancelled']);
    expect(names(kind, (await listOf(admin, path, '&status=passed')).list)).toEqual(['passed']);
    const ofA = await listOf(admin, path, `&managerId=${managerA.id}`);
    expect(names(kind, ofA.list)).toEqual(['later', 'cancelled', 'passed']);
    const rejectedOfB = await listOf(admin, path, `&managerId=${managerB.id}&status=rejected`);
    expect([rejectedOfB.total, names(kind, rejectedOfB.list)]).toEqual([1, ['rejected']]);
  });

  it('finds an applicant by part of the e-mail (taken literally), and sorts by time either way', async () => {
    const part = (emails.rejected as string).split('@')[0] as string;
    const found = await listOf(admin, path, `&q=${encodeURIComponent(part.toUpperCase())}`);
    expect([found.total, names(kind, found.list)]).toEqual([1, ['rejected']]);
    expect((await listOf(admin, path, '&q=%25')).total).toBe(0);
    const soonest = await listOf(admin, path, '&sort=soonest');
    expect(names(kind, soonest.list)).toEqual(['passed', 'rejected', 'cancelled', 'started', 'sooner', 'later']);
    const latest = await listOf(admin, path, '&sort=latest&status=pending');
    expect(names(kind, latest.list)).toEqual(['later', 'sooner', 'started']);
  });

  it('lists those waiting for a decision: pending and already started', async () => {
    const toDecide = await listOf(admin, path, '&when=toDecide');
    expect([toDecide.total, names(kind, toDecide.list)]).toEqual([1, ['started']]);
    expect((await listOf(managerA, path, '&when=toDecide')).total).toBe(0);
  });

  it("shows a tutor manager only their own, even when asking for another interviewer's", async () => {
    expect(names(kind, (await listOf(managerB, path, '')).list)).toEqual(['started', 'sooner', 'rejected']);
    expect((await listOf(managerB, path, `&managerId=${managerA.id}`)).total).toBe(0);
  });

  it('refuses an unknown outcome and an id that is not decimal digits', async () => {
    for (const query of ['status=done', 'managerId=0x1', 'managerId=abc', 'sort=name']) {
      const response = await injectAs(t.app, admin.token, { method: 'GET', url: `${path}?${query}` });
      expect([response.statusCode, response.json().code]).toEqual([400, 'bad-request']);
    }
  });
});
