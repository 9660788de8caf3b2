import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { publicConfigOf } from './system.routes.ts';

const STAGING = {
  SERVER_ENV: 'staging',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
  PUBLIC_APP_URL: 'https://app.darsak.test',
  PUBLIC_ADMIN_URL: 'https://admin.darsak.test',
  PUBLIC_SITE_URL: 'https://darsak.test',
  SINGLE_INSTANCE: 'true',
};
const PAYMOB = {
  PAYMOB_SECRET_KEY: 'egy_sk_test_x',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_x',
  PAYMOB_HMAC_SECRET: 'HMAC',
  PAYMOB_INTEGRATION_IDS: '4097558',
};
const FAWRY = { FAWRY_MERCHANT_CODE: 'merchant', FAWRY_SECURE_KEY: 'secure' };

const providersOf = (env: Record<string, string>) => publicConfigOf(loadConfig(env)).paymentProviders;

describe('public configuration: the payment providers the checkout may offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('offers both in local mode, where the gateway simulator stands in for each', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().paymentProviders).toEqual({ fawry: true, paymob: true });
  });

  it('outside local mode, offers only the providers whose credentials are all set', () => {
    expect(providersOf(STAGING)).toEqual({ fawry: false, paymob: false });
    expect(providersOf({ ...STAGING, ...PAYMOB })).toEqual({ fawry: false, paymob: true });
    expect(providersOf({ ...STAGING, ...FAWRY })).toEqual({ fawry: true, paymob: false });
    // a Paymob account without an integration id cannot take a payment
    expect(providersOf({ ...STAGING, ...PAYMOB, PAYMOB_INTEGRATION_IDS: '' })).toEqual({ fawry: false, paymob: false });
  });
});

describe('health', () => {
  it('is alive and ready on a database that answers, alive and not ready on one that does not', async () => {
    const t = await buildTestApp();
    try {
      const get = async (url: string) => {
        const answer = await t.app.inject({ method: 'GET', url });
        return [answer.statusCode, answer.json()];
      };
      expect(await get('/api/health/live')).toEqual([200, { ok: true }]);
      expect(await get('/api/health/ready')).toEqual([200, { ok: true, redis: 'off' }]);
      await t.database.close();
      expect(await get('/api/health/live')).toEqual([200, { ok: true }]);
      expect(await get('/api/health/ready')).toEqual([503, { ok: false, database: 'down', redis: 'off' }]);
      expect(await get('/api/health')).toEqual([503, { ok: false, database: 'down', redis: 'off' }]);
    } finally {
      await t.app.close();
    }
  });
});
