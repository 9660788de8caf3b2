import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../platform/db/client.ts';

// Rotating JWT_SECRET (docs/operations.md): instances restarted with JWT_PREVIOUS_SECRET keep everyone signed in
// and calendar links open; without it (a leaked secret) every session ends at once.
const OLD = 'the-secret-before-the-rotation-32-characters';
const NEW = 'the-secret-after-the-rotation-of-32-characters';

let database: Database;
let before: TestApp;
let student: Actor;
let calendarUrl: string;

beforeAll(async () => {
  database = await openTestDatabase();
  before = await buildTestApp({ database, env: { JWT_SECRET: OLD } });
  student = await createActor(before, 'student');
  const link = await injectAs(before.app, student.token, { method: 'GET', url: '/api/v1/lesson/calendar/link' });
  calendarUrl = new URL((link.json() as { url: string }).url).pathname;
});
afterAll(async () => {
  await before.close();
  await database.close();
});

const restartedWith = (env: Record<string, string>) => buildTestApp({ database, env });

describe('rotating the signing secret', () => {
  it('with the previous secret set, keeps sessions and calendar links working and signs with the new one', async () => {
    const after = await restartedWith({ JWT_SECRET: NEW, JWT_PREVIOUS_SECRET: OLD });
    try {
      const me = await injectAs(after.app, student.token, { method: 'GET', url: '/api/v1/user/current' });
      expect([me.statusCode, me.json().id]).toEqual([200, student.id]);
      expect((await after.app.inject({ method: 'GET', url: calendarUrl })).statusCode).toBe(200);
      const fresh = await createActor(after, 'student');
      const seenBefore = await injectAs(before.app, fresh.token, { method: 'GET', url: '/api/v1/user/current' });
      expect(seenBefore.statusCode).toBe(401);
    } finally {
      await after.close();
    }
  });

  it('without it, ends every session and closes the old calendar links', async () => {
    const after = await restartedWith({ JWT_SECRET: NEW });
    try {
      const me = await injectAs(after.app, student.token, { method: 'GET', url: '/api/v1/user/current' });
      expect(me.statusCode).toBe(401);
      expect((await after.app.inject({ method: 'GET', url: calendarUrl })).statusCode).toBe(403);
    } finally {
      await after.close();
    }
  });

  it('refuses a previous secret shorter than 32 characters at start', async () => {
    await expect(restartedWith({ JWT_SECRET: NEW, JWT_PREVIOUS_SECRET: 'short' })).rejects.toThrow(
      /JWT_PREVIOUS_SECRET must be at least 32 characters/,
    );
  });
});
