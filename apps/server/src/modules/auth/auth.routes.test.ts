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

  it('[422 invalid-email-address] and [422 incorrect-phone] for an address or a mobile off the spec, creating nobody', async () => {
    const register = (changes: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/',
        payload: {
          role: 'student',
          name: 'Sara Ali',
          email: 'sara.ali@example.com',
          password: validPassword,
          ...changes,
        },
      });
    const email = await register({ email: 'sara.ali@example' });
    expect([email.statusCode, email.json().code, email.json().details]).toEqual([
      422,
      'invalid-email-address',
      { fields: { email: 'email-invalid' } },
    ]);
    const phone = await register({ phone: '01412345678' });
    expect([phone.statusCode, phone.json().code, phone.json().details]).toEqual([
      422,
      'incorrect-phone',
      { fields: { phone: 'phone-invalid' } },
    ]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'sara.ali@example.com', password: validPassword },
    });
    expect(signIn.json().code).toBe('wrong-password');
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

describe('change password', () => {
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email, password } });
  const change = (token: string | undefined, payload: object) =>
    injectAs(t.app, token, { method: 'POST', url: '/api/v1/auth/change-password', payload });
  const current = (token: string) => injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' });

  it('sets the new password, keeps this device signed in and signs out the others', async () => {
    const { token, user } = await registerUser(t.app);
    const otherDevice = (await signIn(user.email, validPassword)).json().token as string;
    const changed = await change(token, { currentPassword: validPassword, newPassword: 'fresh-pass9' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true });
    expect((await current(token)).statusCode).toBe(200);
    expect((await current(otherDevice)).json().code).toBe('unauthenticated');
    expect((await signIn(user.email, validPassword)).json().code).toBe('wrong-password');
    expect((await signIn(user.email, 'fresh-pass9')).statusCode).toBe(200);
  });

  it('[401 wrong-password] for a wrong current password, changing nothing', async () => {
    const { token, user } = await registerUser(t.app);
    const otherDevice = (await signIn(user.email, validPassword)).json().token as string;
    const wrong = await change(token, { currentPassword: 'not-mine-1', newPassword: 'fresh-pass9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('wrong-password');
    expect((await current(token)).statusCode).toBe(200);
    expect((await current(otherDevice)).statusCode).toBe(200);
    expect((await signIn(user.email, validPassword)).statusCode).toBe(200);
  });

  it('[422 no-password] for an account made with Google', async () => {
    const credential = await t.google.issue({ sub: 'g-change', email: 'gpw@example.com', name: 'Gina Adel' });
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } })
    ).json();
    const answer = await change(token, { currentPassword: 'anything1', newPassword: 'fresh-pass9' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('no-password');
  });

  it('[400 bad-request] for a weak new password, a missing current one or extra fields', async () => {
    const { token } = await registerUser(t.app);
    for (const payload of [
      { currentPassword: validPassword, newPassword: 'short' },
      { currentPassword: validPassword, newPassword: 'no digits here' },
      { newPassword: 'fresh-pass9' },
      { currentPassword: validPassword, newPassword: 'fresh-pass9', userId: 1 },
    ]) {
      const answer = await change(token, payload);
      expect({ status: answer.statusCode, code: answer.json().code }).toEqual({ status: 400, code: 'bad-request' });
    }
    expect((await signIn((await current(token)).json().email, validPassword)).statusCode).toBe(200);
  });

  it('[401 unauthenticated] without a token or with a revoked one', async () => {
    const { token } = await registerUser(t.app);
    await injectAs(t.app, token, { method: 'POST', url: '/api/v1/auth/logout' });
    for (const bearer of [undefined, token]) {
      const answer = await change(bearer, { currentPassword: validPassword, newPassword: 'fresh-pass9' });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('unauthenticated');
    }
  });

  it('[429 too-many-requests] past the per-minute limit', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
    try {
      const { token } = await registerUser(limited.app);
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const answer = await injectAs(limited.app, token, {
          method: 'POST',
          url: '/api/v1/auth/change-password',
          payload: { currentPassword: 'not-mine-1', newPassword: 'fresh-pass9' },
        });
        codes.push(answer.json().code);
      }
      expect(codes).toEqual(['wrong-password', 'wrong-password', 'too-many-requests']);
    } finally {
      await limited.close();
    }
  });
});
