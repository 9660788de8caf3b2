import { MAX_FAVOURITE_TOPICS } from '@darsak/domain/topics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { tutors, users } from '../users/users.table.ts';

let t: TestApp;
let admin: Actor;
let tutor: Actor;
let student: Actor;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, tutor, student] = [
    await createActor(t, 'admin'),
    await createActor(t, 'tutor'),
    await createActor(t, 'student'),
  ];
});
afterAll(() => t.close());

const names = () => {
  n += 1;
  return { nameAr: `موضوع رقم ${'ب'.repeat(n)}`, nameEn: `Topic ${n}` };
};
const createTopic = async (payload: { nameAr: string; nameEn: string } = names()) => {
  const response = await injectAs(t.app, admin.token, { method: 'POST', url: '/api/v1/topic/', payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; nameAr: string; nameEn: string };
};
const favourites = (
  actor: Actor,
  request: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; payload?: object; url?: string },
) => injectAs(t.app, actor.token, { url: '/api/v1/topic/of/user', ...request });
const favouriteIds = async (actor: Actor) =>
  ((await favourites(actor, { method: 'GET' })).json().list as { id: number }[]).map((x) => x.id);

describe('topics (admins)', () => {
  it('creates a topic with spaces collapsed, and anyone lists it', async () => {
    const topic = await createTopic({ nameAr: '  السفر   والسياحة ', nameEn: ' Travel  English ' });
    expect(topic).toEqual({ id: expect.any(Number), nameAr: 'السفر والسياحة', nameEn: 'Travel English' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/topic/list' });
    expect(list.statusCode).toBe(200);
    expect(list.json().list).toContainEqual(topic);
    expect(list.json().total).toBe(list.json().list.length);
  });

  it('[409 topic-exists] for a taken English name (any case) or Arabic name', async () => {
    const taken = await createTopic();
    for (const payload of [
      { nameAr: names().nameAr, nameEn: taken.nameEn.toUpperCase() },
      { nameAr: taken.nameAr, nameEn: names().nameEn },
    ]) {
      const response = await injectAs(t.app, admin.token, { method: 'POST', url: '/api/v1/topic/', payload });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('topic-exists');
    }
  });

  it('[400 bad-request] for names in the wrong script, with the failing fields', async () => {
    const response = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/topic/',
      payload: { nameAr: 'Travel', nameEn: 'السفر' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toEqual({ nameAr: 'topic-name-script', nameEn: 'topic-name-script' });
  });

  it('[403 forbidden] for tutors and students, [401 unauthenticated] without a token', async () => {
    for (const actor of [tutor, student]) {
      const response = await injectAs(t.app, actor.token, { method: 'POST', url: '/api/v1/topic/', payload: names() });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/api/v1/topic/1' });
    expect(anonymous.json().code).toBe('unauthenticated');
  });

  it('renames a topic; [404 topic-not-found] for an unknown one, [409 topic-exists] for a taken name', async () => {
    const [topic, other] = [await createTopic(), await createTopic()];
    const renamed = names();
    const response = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/topic/${topic.id}`,
      payload: renamed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: topic.id, ...renamed });

    const unknown = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: '/api/v1/topic/999999',
      payload: names(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('topic-not-found');

    const clash = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/topic/${topic.id}`,
      payload: { nameAr: renamed.nameAr, nameEn: other.nameEn },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('topic-exists');
  });

  it('deletes a topic, dropping it from favourites; [404 topic-not-found] the second time', async () => {
    const topic = await createTopic();
    await favourites(tutor, { method: 'POST', payload: { topicId: topic.id } });
    const response = await injectAs(t.app, admin.token, { method: 'DELETE', url: `/api/v1/topic/${topic.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await favouriteIds(tutor)).not.toContain(topic.id);
    const again = await injectAs(t.app, admin.token, { method: 'DELETE', url: `/api/v1/topic/${topic.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('topic-not-found');
  });
});

describe('favourite topics (/of/user)', () => {
  it('adds (once), lists, replaces and removes the signed-in user’s favourites', async () => {
    const me = await createActor(t, 'student');
    const [a, b, c] = [await createTopic(), await createTopic(), await createTopic()];
    for (const topic of [a, b, a]) {
      const response = await favourites(me, { method: 'POST', payload: { topicId: topic.id } });
      expect(response.statusCode).toBe(200);
    }
    expect(await favouriteIds(me)).toEqual([a.id, b.id]);

    const replaced = await favourites(me, { method: 'PATCH', payload: { topicIds: [c.id, b.id, c.id] } });
    expect(replaced.statusCode).toBe(200);
    expect(
      replaced
        .json()
        .list.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([b.id, c.id].sort());

    const removed = await favourites(me, { method: 'DELETE', url: `/api/v1/topic/of/user?topicId=${b.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ total: 1, list: [c] });
    expect(await favouriteIds(student)).toEqual([]); // other users are untouched
  });

  it('[404 topic-not-found] for an unknown topic, changing nothing', async () => {
    const me = await createActor(t, 'student');
    const topic = await createTopic();
    await favourites(me, { method: 'POST', payload: { topicId: topic.id } });
    const add = await favourites(me, { method: 'POST', payload: { topicId: 999999 } });
    expect(add.statusCode).toBe(404);
    expect(add.json().code).toBe('topic-not-found');
    const replace = await favourites(me, { method: 'PATCH', payload: { topicIds: [999998, 999999] } });
    expect(replace.statusCode).toBe(404);
    expect(replace.json()).toMatchObject({ code: 'topic-not-found', details: { topicIds: [999998, 999999] } });
    expect(await favouriteIds(me)).toEqual([topic.id]);
  });

  it(`[400 bad-request] past ${MAX_FAVOURITE_TOPICS} favourites`, async () => {
    const me = await createActor(t, 'student');
    const ids: number[] = [];
    for (let i = 0; i <= MAX_FAVOURITE_TOPICS; i++) ids.push((await createTopic()).id);
    const full = await favourites(me, { method: 'PATCH', payload: { topicIds: ids.slice(0, MAX_FAVOURITE_TOPICS) } });
    expect(full.json().total).toBe(MAX_FAVOURITE_TOPICS);
    const more = await favourites(me, { method: 'POST', payload: { topicId: ids[MAX_FAVOURITE_TOPICS] } });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({
      code: 'bad-request',
      details: { fields: { topicId: 'favourite-topics-max' } },
    });
    const tooMany = await favourites(me, { method: 'PATCH', payload: { topicIds: ids } });
    expect(tooMany.statusCode).toBe(400);
    expect(await favouriteIds(me)).toHaveLength(MAX_FAVOURITE_TOPICS);
  });

  it(`keeps the limit when ${MAX_FAVOURITE_TOPICS + 1} topics are added at once`, async () => {
    const me = await createActor(t, 'student');
    const ids: number[] = [];
    for (let i = 0; i <= MAX_FAVOURITE_TOPICS; i++) ids.push((await createTopic()).id);
    const answers = await Promise.all(ids.map((topicId) => favourites(me, { method: 'POST', payload: { topicId } })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX_FAVOURITE_TOPICS);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(1);
    expect(await favouriteIds(me)).toHaveLength(MAX_FAVOURITE_TOPICS);
  });

  it('[401 unauthenticated] without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/topic/of/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('counts in a tutor’s missing data and profile completion', async () => {
    const me = await createActor(t, 'tutor');
    const now = new Date();
    await t.database.db
      .update(users)
      .set({
        phone: '01012345678',
        governorate: 1,
        birthYear: 1990,
        gender: 'male',
        emailVerifiedAt: now,
        phoneVerifiedAt: now,
      })
      .where(eq(users.id, me.id));
    await t.database.db
      .update(tutors)
      .set({ bio: 'معلم لغة إنجليزية', about: 'أحب تعليم المحادثة والقواعد.' })
      .where(eq(tutors.userId, me.id));
    const meta = async () =>
      (await injectAs(t.app, me.token, { method: 'GET', url: '/api/v1/user/tutor/meta' })).json();
    const completed = async () =>
      (await injectAs(t.app, me.token, { method: 'GET', url: '/api/v1/user/current' })).json().profileCompleted;
    expect((await meta()).missingData).toEqual(['topics']);

    const topic = await createTopic();
    await favourites(me, { method: 'POST', payload: { topicId: topic.id } });
    expect((await meta()).missingData).toEqual([]);
    expect(await completed()).toBe(true);

    await favourites(me, { method: 'PATCH', payload: { topicIds: [] } });
    expect(await completed()).toBe(false);

    await favourites(me, { method: 'PATCH', payload: { topicIds: [topic.id] } });
    expect(await completed()).toBe(true);
    await injectAs(t.app, admin.token, { method: 'DELETE', url: `/api/v1/topic/${topic.id}` });
    expect(await completed()).toBe(false);
    expect((await meta()).missingData).toEqual(['topics']);
  });
});
