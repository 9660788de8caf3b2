import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { REGISTERED_ROUTES } from '../../../test/harness/contracts.ts';
import { CROSS_ORIGIN_METHODS } from './cors.ts';

// What a browser asks before the admin app (or the site) writes to the API from its own origin, sent as the
// browser sends it: an OPTIONS preflight naming the method and the headers of the call it is about to make.
const APP = 'https://app.darsak.test';
const ADMIN = 'https://admin.darsak.test';
const SITE = 'https://www.darsak.test';
const HOSTILE = 'https://darsak-admin.example';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_APP_URL: APP, PUBLIC_ADMIN_URL: ADMIN, PUBLIC_SITE_URL: SITE } });
});
afterAll(() => t.close());

const preflight = (origin: string, method: string, headers = 'authorization,content-type') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/topic/7',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const listed = (value: string | number | string[] | undefined) =>
  String(value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

describe('CORS preflights', () => {
  it('allows every method a contract uses', () => {
    const used = new Set(REGISTERED_ROUTES.map((route) => route.contract.method));
    for (const method of used) expect(CROSS_ORIGIN_METHODS).toContain(method);
  });

  for (const origin of [ADMIN, SITE, APP]) {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      it(`lets ${origin} send ${method} with authorization and content-type`, async () => {
        const answer = await preflight(origin, method);
        expect(answer.statusCode).toBe(204);
        expect(answer.headers['access-control-allow-origin']).toBe(origin);
        expect(listed(answer.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
        expect(listed(answer.headers['access-control-allow-headers'])).toEqual(
          expect.arrayContaining(['authorization', 'content-type']),
        );
        expect(answer.headers.vary).toMatch(/origin/i);
      });
    }
  }

  it('lets a checkout carry its idempotency key', async () => {
    const answer = await preflight(ADMIN, 'POST', 'idempotency-key,content-type');
    expect(listed(answer.headers['access-control-allow-headers'])).toContain('idempotency-key');
  });

  it('allows nothing to another origin', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST', 'GET']) {
      const answer = await preflight(HOSTILE, method);
      const granted = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
      expect(granted, `${method} from ${HOSTILE}`).toEqual([]);
    }
  });

  it('does not allow headers the front ends never send', async () => {
    const answer = await preflight(ADMIN, 'PUT', 'authorization,x-forwarded-for');
    expect(listed(answer.headers['access-control-allow-headers'])).not.toContain('x-forwarded-for');
  });

  it('answers the write itself with the origin it allowed, and nothing to another', async () => {
    const fromAdmin = await t.app.inject({ method: 'DELETE', url: '/api/v1/topic/7', headers: { origin: ADMIN } });
    expect(fromAdmin.statusCode).toBe(401);
    expect(fromAdmin.headers['access-control-allow-origin']).toBe(ADMIN);
    const fromHostile = await t.app.inject({ method: 'DELETE', url: '/api/v1/topic/7', headers: { origin: HOSTILE } });
    expect(fromHostile.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an OPTIONS that is no preflight with a coded 400', async () => {
    for (const headers of [{}, { origin: ADMIN }, { 'access-control-request-method': 'PUT' }]) {
      const answer = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/topic/7', headers });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'bad-request' });
    }
  });
});
