import type { TopicItem } from '@darsak/domain/topics';
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

// The topics catalogue is kept in each instance's memory: a change shows at once, here and on every instance.
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ env: redisEnv() });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const names = async (app = t.app) =>
  ((await app.inject({ method: 'GET', url: '/api/v1/topic/list' })).json().list as TopicItem[]).map((x) => x.nameEn);
const asAdmin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, admin.token, { method, url, ...(payload ? { payload } : {}) });
let made = 0;
const newTopic = async () => {
  made += 1;
  const answer = await asAdmin('POST', '/api/v1/topic/', { nameEn: `Phonics ${made}`, nameAr: `النطق ${made}` });
  expect(answer.statusCode).toBe(201);
  return answer.json() as TopicItem;
};

describe('topics catalogue', () => {
  it('shows a created, renamed or removed topic at once', async () => {
    const before = await names();
    const topic = await newTopic();
    expect(await names()).toContain(topic.nameEn);
    const renamed = await asAdmin('PUT', `/api/v1/topic/${topic.id}`, {
      nameEn: 'Phonics again',
      nameAr: 'النطق مجددا',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names()).toContain('Phonics again');
    expect((await asAdmin('DELETE', `/api/v1/topic/${topic.id}`)).statusCode).toBe(200);
    expect(await names()).toEqual(before);
  });

  it.skipIf(noCluster)('shows a change on another instance at once', async () => {
    const second = await buildSecondInstance(t);
    try {
      const before = await names(second.app);
      const topic = await newTopic();
      expect(await names(second.app)).toContain(topic.nameEn);
      await asAdmin('DELETE', `/api/v1/topic/${topic.id}`);
      expect(await names(second.app)).toEqual(before);
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });
});
