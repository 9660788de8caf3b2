import type { NewChat } from '@darsak/domain/chat';
import type { User } from '@darsak/domain/users';
import type { TestApp } from '../build-test-app.ts';
import type { Actor } from './actors.ts';
import { avatarPng, multipartRequest } from './multipart.ts';

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/** Unique values for examples that create things with unique keys. */
export const unique = {
  email: () => `someone-${next()}-${Date.now()}@example.com`,
  couponCode: () => `SAVE${next()}X${Date.now() % 100_000}`,
  topicNames: () => {
    const n = next();
    return { nameAr: `موضوع ${n}`, nameEn: `Topic ${n}` };
  },
};

/** Objects the examples address, created through the API as a staff user. */
export function createSeeds(t: TestApp, admin: Actor) {
  async function created<T>(url: string, payload: object): Promise<T> {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    if (response.statusCode !== 201) throw new Error(`seeding ${url} failed: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }
  return {
    topic: async () => (await created<{ id: number }>('/api/v1/topic/', unique.topicNames())).id,
    /** A pending invite to join as a tutor manager. */
    invite: async () => (await created<{ id: number }>('/api/v1/invite', { email: unique.email(), role: 5 })).id,
    /** The chat room between the admin and a member (staff may write to anyone). */
    room: async (member: Actor) =>
      (await created<NewChat>('/api/v1/chat/new', { userId: member.id, message: 'أهلًا' })).room.id,
    /** The stored name of a freshly uploaded picture (the admin's avatar). */
    async upload(): Promise<string> {
      const { payload, headers } = multipartRequest({ image: await avatarPng() });
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/asset',
        payload,
        headers: { ...headers, authorization: `Bearer ${admin.token}` },
      });
      const image = response.statusCode === 200 ? (response.json() as User).image : null;
      if (!image) throw new Error(`seeding an upload failed: ${response.statusCode} ${response.body}`);
      return decodeURIComponent(image.slice(image.lastIndexOf('/') + 1));
    },
  };
}

export type Seeds = ReturnType<typeof createSeeds>;
