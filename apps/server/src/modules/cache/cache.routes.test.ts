import type { AuditEntry } from '@darsak/domain/audit';
import type { FreeTimes } from '@darsak/domain/availability';
import type { Plan } from '@darsak/domain/plans';
import type { TopicItem } from '@darsak/domain/topics';
import type { TutorCard } from '@darsak/domain/tutors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildSecondInstance, buildTestApp, injectAs, noCluster, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { connectAs, listen, nextEvent } from '../../../test/sockets.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import { plans } from '../plans/plans.table.ts';
import { topics } from '../topics/topics.table.ts';
import { users } from '../users/users.table.ts';

// Monday 2025-01-06 09:00 Cairo (07:00Z).
const NOW = '2025-01-06T07:00:00Z';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const flush = (app = t.app, who: Actor = admin) =>
  injectAs(app, who.token, { method: 'DELETE', url: '/api/v1/cache/flush' });
const listedName = async (app: TestApp['app'], tutorId: number) => {
  const page = await injectAs(app, undefined, { method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=100' });
  return (page.json().list as TutorCard[]).find((tutor) => tutor.id === tutorId)?.name;
};
const freeCount = async (app: TestApp['app'], tutorId: number) => {
  const url = `/api/v1/availability-slot/free?tutorId=${tutorId}&durationMinutes=30`;
  return ((await injectAs(app, undefined, { method: 'GET', url })).json() as FreeTimes).total;
};
/** A change written behind the caches' back, as a hand-made database fix would be. */
const renameBehindTheCache = (tutorId: number, name: string) =>
  t.database.db.update(users).set({ name }).where(eq(users.id, tutorId));

describe('DELETE /api/v1/cache/flush', () => {
  it('forgets the tutor list and free times, audits it and tells the tutors channel', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t);
    const before = await listedName(t.app, tutor.id);
    const free = await freeCount(t.app, tutor.id);
    await renameBehindTheCache(tutor.id, 'محمود سامي');
    await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: new Date('2025-01-07T10:00:00Z'),
      status: 'pending',
    });
    expect(await listedName(t.app, tutor.id)).toBe(before);
    expect(await freeCount(t.app, tutor.id)).toBe(free);

    const socket = await connectAs(await listen(t.app), student.token);
    try {
      await socket.emitWithAck('channel:subscribe', { channel: 'tutors' });
      const told = nextEvent(socket, 'tutors:changed');
      const answer = await flush();
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ flushed: ['tutorList', 'freeTimes', 'platformSettings', 'planList', 'topics'] });
      expect(await told).toEqual({ tutorId: null });
    } finally {
      socket.close();
    }
    expect(await listedName(t.app, tutor.id)).toBe('محمود سامي');
    expect(await freeCount(t.app, tutor.id)).toBeLessThan(free);
    const audit = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: '/api/v1/audit-log/list?action=cache.flush',
    });
    expect(audit.json().list[0] as AuditEntry).toMatchObject({ actorId: admin.id, objectType: 'cache' });
  });

  it('forgets the public plan list and topics kept in memory', async () => {
    const asAdmin = (method: 'POST', url: string, payload: object) =>
      injectAs(t.app, admin.token, { method, url, payload });
    const plan = (await asAdmin('POST', '/api/v1/plan', { weeklyMinutes: 90, baseMonthPricePiastres: 50_000 })).json();
    const topic = (await asAdmin('POST', '/api/v1/topic/', { nameEn: 'Idioms', nameAr: 'التعابير' })).json();
    const planMinutes = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/v1/plan/list?size=100' })).json().list as Plan[]).find(
        (p) => p.id === plan.id,
      )?.weeklyMinutes;
    const topicName = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/v1/topic/list' })).json().list as TopicItem[]).find(
        (x) => x.id === topic.id,
      )?.nameEn;
    expect([await planMinutes(), await topicName()]).toEqual([90, 'Idioms']);
    await t.database.db.update(plans).set({ weeklyMinutes: 120 }).where(eq(plans.id, plan.id));
    await t.database.db.update(topics).set({ nameEn: 'Idioms again' }).where(eq(topics.id, topic.id));
    expect([await planMinutes(), await topicName()]).toEqual([90, 'Idioms']);
    expect((await flush()).statusCode).toBe(200);
    expect([await planMinutes(), await topicName()]).toEqual([120, 'Idioms again']);
  });

  it('[403] is for admins only', async () => {
    for (const role of ['tutorManager', 'studio', 'tutor', 'student'] as const) {
      const refused = await flush(t.app, await createActor(t, role));
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'forbidden' });
    }
  });
});

// Two API instances on one PostgreSQL database and one Redis, as in production.

describe('on two instances', () => {
  it.skipIf(noCluster)('a settings change and a flush on one instance reach the other at once', async () => {
    const first = await buildTestApp({ now: NOW, env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    const { app: second, database } = await buildSecondInstance(first);
    try {
      const boss = await createActor(first, 'admin');
      const window = async () =>
        (await injectAs(second, boss.token, { method: 'GET', url: '/api/v1/platform-settings' })).json().values
          .cancellationWindowHours;
      expect(await window()).toBe(6);
      const patched = await injectAs(first.app, boss.token, {
        method: 'PATCH',
        url: '/api/v1/platform-settings',
        payload: { cancellationWindowHours: 9 },
      });
      expect(patched.statusCode).toBe(200);
      // Well within the cache's 5 s: the message, not the lifetime, made the second instance read again.
      await waitUntil('the second instance sees the new window', async () => (await window()) === 9, 2_000);

      const tutor = await createTutor(first, { slots: ALL_WEEK });
      const before = await listedName(second, tutor.id);
      await first.database.db.update(users).set({ name: 'سامي محمود' }).where(eq(users.id, tutor.id));
      expect(await listedName(second, tutor.id)).toBe(before);
      expect((await flush(first.app, boss)).statusCode).toBe(200);
      expect(await listedName(second, tutor.id)).toBe('سامي محمود');
    } finally {
      await second.close();
      await database.close();
      await first.close();
    }
  });
});
