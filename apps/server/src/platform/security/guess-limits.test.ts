import { describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, injectAs, noCluster, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser, validPassword } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { loadConfig } from '../../config/env.ts';

// Attacks on the sign-in and code limits: a made-up X-Forwarded-For per request, or a second instance, must not
// buy more guesses at one account.
const STAGING = {
  SERVER_ENV: 'staging',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  PUBLIC_APP_URL: 'https://app.darsak.test',
  PUBLIC_ADMIN_URL: 'https://admin.darsak.test',
  PUBLIC_SITE_URL: 'https://darsak.test',
  SINGLE_INSTANCE: 'true',
};

let forwarded = 0;
/** A new made-up client address per request, as an attacker would send. */
const rotatingAddress = () => {
  forwarded += 1;
  return { 'x-forwarded-for': `203.0.${Math.floor(forwarded / 250) % 250}.${(forwarded % 250) + 1}` };
};

const signIn = (app: TestApp['app'], email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/password',
    headers: rotatingAddress(),
    payload: { email, password },
  });

async function codesOf(tries: Promise<{ json(): { code?: string } }>[]) {
  return (await Promise.all(tries)).map((answer) => answer.json().code);
}

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or proxy addresses, never "trust everyone"', () => {
    expect(loadConfig({ ...STAGING, JWT_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      '::1',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('outside local mode, a rotating X-Forwarded-For does not escape the per-client sign-in limit', async () => {
    const t = await buildTestApp({
      env: { ...STAGING, RATE_LIMIT_SIGN_IN_PER_MINUTE: '3', RATE_LIMIT_GUESSES_PER_ACCOUNT: '100' },
    });
    try {
      const codes = [];
      // Different accounts, so only the per-client limit is in play.
      for (let i = 0; i < 5; i++)
        codes.push((await signIn(t.app, `nobody${i}@example.com`, 'wrong-pass1')).json().code);
      expect(codes).toEqual([
        'wrong-password',
        'wrong-password',
        'wrong-password',
        'too-many-requests',
        'too-many-requests',
      ]);
    } finally {
      await t.close();
    }
  });

  it('with a configured hop, the proxy’s X-Forwarded-For names the client the limit counts', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
    try {
      const from = (address: string, i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          headers: { 'x-forwarded-for': address },
          payload: { email: `nobody${i}@example.com`, password: 'wrong-pass1' },
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await from('198.51.100.7', i)).statusCode);
      statuses.push((await from('198.51.100.8', 3)).statusCode);
      expect(statuses).toEqual([401, 401, 429, 401]);
    } finally {
      await t.close();
    }
  });

  it('with a hop count, a client reaching the instance directly cannot forge its address', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `sprayed${i}@example.com`, password: 'wrong-pass1' },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('per-account guesses', () => {
  it('limits password guesses at one account whatever the client address, and a right one still counts once', async () => {
    const t = await buildTestApp({
      env: { TRUST_PROXY: '1', RATE_LIMIT_GUESSES_PER_ACCOUNT: '4', RATE_LIMIT_GUESS_WINDOW_MINUTES: '1' },
    });
    try {
      const { user } = await registerUser(t.app);
      expect((await signIn(t.app, user.email, validPassword)).statusCode).toBe(200);
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await signIn(t.app, user.email, `guess-${i}x`)).json().code);
      expect(codes).toEqual([
        'wrong-password',
        'wrong-password',
        'wrong-password',
        'wrong-password',
        'too-many-requests',
        'too-many-requests',
      ]);
      // Even the right password waits for the window (it is not tried), and says how long.
      const refused = await signIn(t.app, user.email.toUpperCase(), validPassword);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().details.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.json().details.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another account is untouched: nobody is locked out by guesses at someone else.
      const other = await registerUser(t.app);
      expect((await signIn(t.app, other.user.email, validPassword)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts concurrent guesses too', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_GUESSES_PER_ACCOUNT: '3' } });
    try {
      const { user } = await registerUser(t.app);
      const codes = await codesOf(Array.from({ length: 8 }, (_, i) => signIn(t.app, user.email, `guess-${i}x`)));
      expect(codes.filter((c) => c === 'wrong-password')).toHaveLength(3);
      expect(codes.filter((c) => c === 'too-many-requests')).toHaveLength(5);
    } finally {
      await t.close();
    }
  });

  it('limits code guesses at one account across new codes (reset and confirmation codes)', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_GUESSES_PER_ACCOUNT: '3' } });
    try {
      const { user, token } = await registerUser(t.app);
      const check = (code: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/confirmation-code/password/check',
          headers: rotatingAddress(),
          payload: { email: user.email, code },
        });
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/confirmation-code/password/send',
        payload: { email: user.email },
      });
      const codes = [];
      for (const code of ['00001', '00002', '00003', '00004']) codes.push((await check(code)).json().code);
      expect(codes).toEqual([
        'invalid-verification-code',
        'invalid-verification-code',
        'invalid-verification-code',
        'too-many-requests',
      ]);
      // The e-mail confirmation code of the same account shares the guesses.
      const confirm = await injectAs(t.app, token, {
        method: 'POST',
        url: '/api/v1/confirmation-code/email/confirm',
        payload: { code: '00005' },
      });
      expect(confirm.json().code).toBe('too-many-requests');
    } finally {
      await t.close();
    }
  });
});

describe('as platform settings', () => {
  it('default to the environment variables, and an admin’s change applies at once, without a restart', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_GUESSES_PER_ACCOUNT: '4' } });
    try {
      const admin = await createActor(t, 'admin');
      const { user } = await registerUser(t.app);
      const settings = (payload?: object) =>
        injectAs(t.app, admin.token, { method: payload ? 'PATCH' : 'GET', url: '/api/v1/platform-settings', payload });
      const limits = { signInPerMinute: 1000, guessesPerAccount: 4, guessWindowMinutes: 10 };
      expect((await settings()).json()).toMatchObject({ values: limits, defaults: limits });

      expect((await settings({ guessesPerAccount: 2, guessWindowMinutes: 1 })).statusCode).toBe(200);
      const guesses = [];
      for (let i = 0; i < 3; i++) guesses.push((await signIn(t.app, user.email, `guess-${i}x`)).json());
      expect(guesses.map((answer) => answer.code)).toEqual(['wrong-password', 'wrong-password', 'too-many-requests']);
      expect(guesses[2]?.details.retryAfterSeconds).toBeLessThanOrEqual(60);

      expect((await settings({ signInPerMinute: 2 })).statusCode).toBe(200);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          headers: { 'x-forwarded-for': '198.51.100.20' },
          payload: { email: `nobody${i}@example.com`, password: 'wrong-pass1' },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

// Two API instances on one PostgreSQL and one Redis, as in production.

describe('across instances', () => {
  it.skipIf(noCluster)('keeps the per-account and per-client limits in Redis, shared by both instances', async () => {
    const prefix = `test-limits-${Date.now()}-${Math.random()}`;
    const first = await buildTestApp({
      env: {
        REDIS_URL: process.env.REDIS_URL ?? '',
        REDIS_CACHE_PREFIX: prefix,
        RATE_LIMIT_GUESSES_PER_ACCOUNT: '4',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '6',
        TRUST_PROXY: '1',
      },
    });
    const second = await buildSecondInstance(first);
    try {
      const { user } = await registerUser(first.app);
      const instance = (i: number) => (i % 2 === 0 ? first.app : second.app);
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await signIn(instance(i), user.email, `guess-${i}x`)).json().code);
      expect(codes).toEqual([
        'wrong-password',
        'wrong-password',
        'wrong-password',
        'wrong-password',
        'too-many-requests',
        'too-many-requests',
      ]);
      // The per-client limit: one address, alternating instances, 6 a minute in all.
      const fromOne = [];
      for (let i = 0; i < 8; i++) {
        const answer = await instance(i).inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          headers: { 'x-forwarded-for': '198.51.100.99' },
          payload: { email: `someone${i}@example.com`, password: 'wrong-pass1' },
        });
        fromOne.push(answer.statusCode);
      }
      expect(fromOne.filter((s) => s === 429)).toHaveLength(2);
    } finally {
      await second.app.close();
      await second.database.close();
      await first.close();
    }
  });
});
