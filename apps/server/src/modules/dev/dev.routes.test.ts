import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/dev/google/sign-in',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('local outbox', () => {
  it('shows the messages newest first in an Arabic RTL page with the code in large digits', async () => {
    const { token, user } = await registerUser(t.app, { phone: '01098765432' });
    await injectAs(t.app, token, { method: 'POST', url: '/api/v1/confirmation-code/email/send', payload: {} });
    t.clock.advance(1000);
    await injectAs(t.app, token, { method: 'POST', url: '/api/v1/confirmation-code/phone/send', payload: {} });

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    const [phoneMessage, emailMessage] = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json().list;
    expect(phoneMessage).toMatchObject({ channel: 'whatsapp', recipient: '01098765432' });
    expect(emailMessage).toMatchObject({ channel: 'email', recipient: user.email, subject: expect.any(String) });
    expect(page.body).toContain(`<div class="code" aria-label="الكود">${phoneMessage.code}</div>`);
    expect(page.body.indexOf(phoneMessage.code)).toBeLessThan(page.body.indexOf(emailMessage.code));
    expect(page.body).toContain('واتساب');
    expect(page.body).toContain(emailMessage.subject);
  });

  it('filters by recipient, as browser tests read their codes', async () => {
    const { token, user } = await registerUser(t.app);
    await injectAs(t.app, token, { method: 'POST', url: '/api/v1/confirmation-code/email/send', payload: {} });
    const mine = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(user.email)}` });
    expect(mine.json().list).toHaveLength(1);
    expect(mine.json().list[0]).toMatchObject({ recipient: user.email, code: expect.stringMatching(/^\d{5}$/) });
    const nobody = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=nobody@example.com' });
    expect(nobody.json()).toEqual({ list: [] });
    const page = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(user.email)}` });
    expect(page.body).toContain(`value="${user.email}"`);
  });

  it('[400 bad-request] for a bad limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?limit=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('bad-request');
  });
});

describe('Google sign-in stand-in', () => {
  it('shows an Arabic account chooser with suggested accounts and a form', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/google/sign-in?redirect=%2Fsign-in%3Fnext%3D%2Fhome' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('اختر حسابًا');
    expect(page.body).toContain('sara.ali@example.com');
    expect(page.body).toContain('name="redirect" value="/sign-in?next=/home"');
    expect(page.body).toContain('متابعة');
  });

  it('issues an ID token for the chosen account and hands it to the app, which signs in with it', async () => {
    const response = await t.app.inject(
      form({ name: 'ليلى سمير', email: 'Laila.Samir@example.com', redirect: '/sign-in?next=/home' }),
    );
    expect(response.statusCode).toBe(303);
    const location = response.headers.location ?? '';
    expect(location.startsWith('/sign-in?next=/home#credential=')).toBe(true);
    const credential = decodeURIComponent(location.split('#credential=')[1] ?? '');

    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({
      name: 'ليلى سمير',
      email: 'laila.samir@example.com',
      emailVerified: true,
    });

    const again = await t.app.inject(form({ name: 'ليلى', email: 'laila.samir@example.com', redirect: '/' }));
    const second = decodeURIComponent((again.headers.location ?? '').split('#credential=')[1] ?? '');
    const sameAccount = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: second },
    });
    expect(sameAccount.json().user.id).toBe(signIn.json().user.id);
  });

  it('shows the form again with a message for a bad name or e-mail', async () => {
    const response = await t.app.inject(form({ name: 'x', email: 'not-an-email', redirect: '/' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('value="not-an-email"');
  });

  it('[400 bad-request] for a redirect that leaves the app', async () => {
    for (const redirect of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'sign-in', '/a#b']) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/dev/google/sign-in?redirect=${encodeURIComponent(redirect)}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.json().code).toBe('bad-request');
      const post = await t.app.inject(form({ name: 'Sara Ali', email: 'sara@example.com', redirect }));
      expect(post.statusCode).toBe(400);
      expect(post.json().code).toBe('bad-request');
    }
  });
});

describe('outside local mode', () => {
  let staging: TestApp;
  beforeAll(async () => {
    staging = await buildTestApp({
      env: {
        SERVER_ENV: 'staging',
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        PUBLIC_APP_URL: 'https://app.darsak.test',
        PUBLIC_ADMIN_URL: 'https://admin.darsak.test',
      },
    });
  });
  afterAll(() => staging.close());

  it('has no outbox reader and no Google stand-in', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/google/sign-in?redirect=/']) {
      const response = await staging.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('route-not-found');
    }
  });
});
