import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../test/build-test-app.ts';
import { validPassword } from '../../test/factories.ts';
import { countFavouriteTopics } from '../modules/topics/topics.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { hashPassword } from '../platform/security/passwords.ts';

// What `npm run staff:create` does on a fresh database, through the same users service call.
let t: TestApp;
let users: ReturnType<typeof createUsersService>;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  users = createUsersService({
    db: t.database.db,
    clock: t.clock,
    uploadUrl: (name) => name,
    countFavouriteTopics,
    tutorChanges: { notify: async () => undefined },
  });
});
afterAll(() => t.close());

const signIn = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email, password: validPassword } });

describe('staff accounts from the command line', () => {
  it('creates the first super admin, who signs in and manages users; the e-mail cannot be taken twice', async () => {
    const passwordHash = await hashPassword(validPassword);
    const owner = await users.createStaffAccount({
      role: 1,
      name: 'Mona Adel',
      email: 'Owner@Example.com',
      passwordHash,
    });
    expect(owner).toMatchObject({ role: 1, email: 'owner@example.com', emailVerified: true });
    const signedIn = await signIn('owner@example.com');
    expect(signedIn.statusCode).toBe(200);
    const list = await injectAs(t.app, signedIn.json().token, { method: 'GET', url: '/api/v1/user/list' });
    expect(list.statusCode).toBe(200);
    await expect(
      users.createStaffAccount({ role: 1, name: 'Mona Adel', email: 'owner@example.com', passwordHash }),
    ).rejects.toMatchObject({ code: 'user-exists' });
  });

  it('makes a tutor manager an active interviewer at once', async () => {
    const passwordHash = await hashPassword(validPassword);
    const manager = await users.createStaffAccount({
      role: 5,
      name: 'هالة سمير',
      email: 'hala@example.com',
      passwordHash,
    });
    const admin = await signIn('owner@example.com');
    const select = await injectAs(t.app, admin.json().token, { method: 'GET', url: '/api/v1/user/interviewer/select' });
    expect(select.json().map((i: { interviewer: { id: number } }) => i.interviewer.id)).toContain(manager.id);
  });
});
