import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser, validPassword } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('registration and sign-in', () => {
  it('registers a student, signs in and reads the current user', async () => {
    const { token, user } = await registerUser(t.app, { email: 'mona@example.com' });
    expect(user).toMatchObject({ role: 4, email: 'mona@example.com', emailVerified: false, hasPassword: true });
    const current = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' });
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(user.id);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'MONA@example.com', password: validPassword },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.id).toBe(user.id);
  });

  it('[409 user-exists] for a taken e-mail, whatever its case', async () => {
    await registerUser(t.app, { email: 'taken@example.com' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      payload: { role: 'student', name: 'Sara Ali', email: 'TAKEN@example.com', password: validPassword },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'user-exists' });
  });

  it('[422 api-invalid-user-name] for a tutor without an Arabic two-part name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      payload: { role: 'tutor', name: 'Ahmed', email: 'tutor-x@example.com', password: validPassword },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('api-invalid-user-name');
  });

  it('[400 bad-request] with the failing fields for a weak password and unknown fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      payload: { role: 'student', name: 'Sara Ali', email: 'weak@example.com', password: 'short', isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('bad-request');
    expect(Object.keys(body.details.fields)).toEqual(expect.arrayContaining(['password', 'isAdmin']));
  });

  it('[401 wrong-password] for a wrong password or an unknown e-mail', async () => {
    await registerUser(t.app, { email: 'pw@example.com' });
    for (const email of ['pw@example.com', 'nobody@example.com']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        payload: { email, password: 'wrong1234' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('wrong-password');
    }
  });

  it('refreshes a token, and logout revokes it on the server', async () => {
    const { token } = await registerUser(t.app);
    const refreshed = await injectAs(t.app, token, { method: 'POST', url: '/api/v1/auth/refresh-token' });
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().token as string;
    const logout = await injectAs(t.app, fresh, { method: 'POST', url: '/api/v1/auth/logout' });
    expect(logout.statusCode).toBe(200);
    for (const old of [token, fresh]) {
      const after = await injectAs(t.app, old, { method: 'GET', url: '/api/v1/user/current' });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('unauthenticated');
    }
  });

  it('[401 unauthenticated] for an expired token', async () => {
    const { token } = await registerUser(t.app);
    t.clock.advance(t.config.TOKEN_TTL_HOURS * 3600 * 1000 + 1000);
    const response = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' });
    expect(response.statusCode).toBe(401);
    t.clock.set(new Date());
  });

  it('signs in with Google, creating the account once and verifying its e-mail', async () => {
    const credential = await t.google.issue({ sub: 'g-123', email: 'gina@example.com', name: 'Gina Adel' });
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email: 'gina@example.com', emailVerified: true, hasPassword: false });
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
    expect(second.json().user.id).toBe(first.json().user.id);
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'gina@example.com', password: 'whatever1' },
    });
    expect(noPassword.json().code).toBe('no-password');
  });

  it('[401 invalid-google-token] for a forged token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWZvcmdlZA' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid-google-token');
  });
});
