import type { TutorCard } from '@darsak/domain/tutors';
import { Role } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { avatarPng, multipartRequest } from '../../../test/harness/multipart.ts';
import { countFavouriteTopics } from '../topics/topics.service.ts';
import { createUsersService } from '../users/users.service.ts';

// The tutor list is a cached snapshot (60 s); every change of what it shows must reach it at once. The clock never
// moves in these tests, so an answer that follows a change comes from a rebuilt snapshot, not an aged-out one.

// Monday 2025-01-06 09:00 Cairo.
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

async function cardOf(tutorId: number): Promise<TutorCard | undefined> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=100' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().list as TutorCard[]).find((c) => c.id === tutorId);
}

const as = (actor: Actor, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) }).then((response) => {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  });

async function latestCode(to: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  return response.json().list[0]?.code ?? '';
}

describe('the tutor list follows a change of a tutor at once', () => {
  it('a profile edit: name, gender, bio and notice period', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    expect(await cardOf(tutor.id)).toMatchObject({ bio: null, nextFreeAt: '2025-01-06T07:30:00.000Z' });
    await as(tutor, 'PUT', `/api/v1/user/${tutor.id}`, {
      name: 'منى حسن',
      gender: 'female',
      bio: 'محادثة للمبتدئين',
      noticePeriodMinutes: 120,
    });
    expect(await cardOf(tutor.id)).toMatchObject({
      name: 'منى حسن',
      gender: 'female',
      bio: 'محادثة للمبتدئين',
      nextFreeAt: '2025-01-06T09:00:00.000Z',
    });
  });

  it('a new picture, uploaded by the tutor or by the studio', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    expect((await cardOf(tutor.id))?.image).toBeNull();
    const uploaded = await injectAs(t.app, tutor.token, {
      method: 'PUT',
      url: '/api/v1/user/asset',
      ...multipartRequest({ image: await avatarPng() }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const first = (await cardOf(tutor.id))?.image;
    expect(first).toBe(uploaded.json().image);
    const studio = await createActor(t, 'studio');
    const byStudio = await injectAs(t.app, studio.token, {
      method: 'PUT',
      url: `/api/v1/user/asset/tutor?tutorId=${tutor.id}`,
      ...multipartRequest({ image: await avatarPng() }),
    });
    expect(byStudio.statusCode, byStudio.body).toBe(200);
    const second = (await cardOf(tutor.id))?.image;
    expect(second).toMatch(/\.webp$/);
    expect(second).not.toBe(first);
  });

  it('favourite topics: added, replaced, removed, and a topic renamed or deleted by an admin', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const topic = async (nameEn: string, nameAr: string): Promise<number> =>
      (await as(admin, 'POST', '/api/v1/topic/', { nameEn, nameAr })).json().id;
    const [grammar, idioms] = [await topic('Grammar', 'القواعد'), await topic('Idioms', 'التعابير')];
    const topicsOf = async () => (await cardOf(tutor.id))?.topics.map((x) => x.nameEn);
    expect(await topicsOf()).toEqual([]);
    await as(tutor, 'POST', '/api/v1/topic/of/user', { topicId: grammar });
    expect(await topicsOf()).toEqual(['Grammar']);
    await as(tutor, 'PATCH', '/api/v1/topic/of/user', { topicIds: [grammar, idioms] });
    expect(await topicsOf()).toEqual(['Grammar', 'Idioms']);
    await as(tutor, 'DELETE', `/api/v1/topic/of/user?topicId=${grammar}`);
    expect(await topicsOf()).toEqual(['Idioms']);
    await as(admin, 'PUT', `/api/v1/topic/${idioms}`, { nameEn: 'Everyday idioms', nameAr: 'تعابير يومية' });
    expect(await topicsOf()).toEqual(['Everyday idioms']);
    await as(admin, 'DELETE', `/api/v1/topic/${idioms}`);
    expect(await topicsOf()).toEqual([]);
  });

  it('a phone changed by staff takes the tutor out until it is verified again; the same for the e-mail', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    expect(await cardOf(tutor.id)).toBeDefined();
    await as(admin, 'PUT', `/api/v1/user/${tutor.id}`, { phone: '01099887766' });
    expect(await cardOf(tutor.id)).toBeUndefined();
    await as(tutor, 'POST', '/api/v1/confirmation-code/phone/send', {});
    await as(tutor, 'POST', '/api/v1/confirmation-code/phone/verify', { code: await latestCode('01099887766') });
    expect(await cardOf(tutor.id)).toBeDefined();

    await as(admin, 'PUT', `/api/v1/user/${tutor.id}`, { email: 'new.address@example.com' });
    expect(await cardOf(tutor.id)).toBeUndefined();
    await as(tutor, 'POST', '/api/v1/confirmation-code/email/send', {});
    await as(tutor, 'POST', '/api/v1/confirmation-code/email/confirm', {
      code: await latestCode('new.address@example.com'),
    });
    expect(await cardOf(tutor.id)).toBeDefined();
  });
});

describe('who is told', () => {
  it('only a tutor’s changes of what the list or profile shows', async () => {
    const told: number[] = [];
    const users = createUsersService({
      db: t.database.db,
      clock: t.clock,
      uploadUrl: (n) => n,
      countFavouriteTopics,
      tutorChanges: { notify: async (tutorId) => void told.push(tutorId) },
    });
    const [tutor, student] = [await createTutor(t), await createActor(t, 'student')];
    const signedIn = (actor: Actor) => ({ id: actor.id, role: Role[actor.role], sessionId: 'test' });
    await users.update(signedIn(tutor), tutor.id, { job: 'Teacher', governorate: 1 });
    await users.update(signedIn(student), student.id, { name: 'Mona Hassan', phone: '01011112222' });
    expect(told).toEqual([]);
    await users.update(signedIn(tutor), tutor.id, { about: 'عشر سنوات من التدريس' });
    await users.update(signedIn(admin), tutor.id, { email: 'renamed.tutor@example.com' });
    expect(told).toEqual([tutor.id, tutor.id]);
  });
});
