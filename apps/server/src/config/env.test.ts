import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadWorkerConfig } from './env.ts';

// What production must be told before it starts: a missing setting stops it with a message naming the setting.
const PRODUCTION = {
  SERVER_ENV: 'production',
  JWT_SECRET: 'a-signing-secret-of-at-least-32-characters',
  DATABASE_URL: 'postgres://darsak@db/darsak',
  PUBLIC_APP_URL: 'https://app.darsak.example',
  PUBLIC_ADMIN_URL: 'https://admin.darsak.example',
  PUBLIC_SITE_URL: 'https://darsak.example',
  REDIS_URL: 'redis://redis:6379',
};
const without = (key: keyof typeof PRODUCTION, env: Record<string, string> = PRODUCTION) =>
  Object.fromEntries(Object.entries(env).filter(([k]) => k !== key));

describe('production configuration', () => {
  it('starts with every required setting', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ PUBLIC_SITE_URL: 'https://darsak.example', SINGLE_INSTANCE: false });
  });

  it.each(['JWT_SECRET', 'DATABASE_URL', 'PUBLIC_APP_URL', 'PUBLIC_ADMIN_URL', 'PUBLIC_SITE_URL'] as const)(
    'refuses to start without %s, naming it',
    (key) => {
      expect(() => loadConfig(without(key))).toThrow(new RegExp(`${key} must be set when SERVER_ENV=production`));
    },
  );

  it('refuses staging without the site’s address too, rather than linking to localhost', () => {
    expect(() => loadConfig({ ...without('PUBLIC_SITE_URL'), SERVER_ENV: 'staging' })).toThrow(
      /PUBLIC_SITE_URL must be set when SERVER_ENV=staging/,
    );
  });

  it('refuses to start without Redis, naming it, unless told this process is the only one', () => {
    expect(() => loadConfig(without('REDIS_URL'))).toThrow(/REDIS_URL must be set when SERVER_ENV=production/);
    const alone = loadConfig({ ...without('REDIS_URL'), SINGLE_INSTANCE: 'true' });
    expect([alone.SINGLE_INSTANCE, alone.REDIS_URL, alone.RUN_JOBS]).toEqual([true, undefined, true]);
  });

  it('refuses SINGLE_INSTANCE in a process that leaves the jobs to another, and in the job worker', () => {
    const alone = { ...without('REDIS_URL'), SINGLE_INSTANCE: 'true' };
    expect(() => loadConfig({ ...alone, RUN_JOBS: 'false' })).toThrow(/SINGLE_INSTANCE=true cannot go with RUN_JOBS/);
    expect(() => loadWorkerConfig(alone)).toThrow(/SINGLE_INSTANCE=true cannot go with a job worker/);
    expect(loadWorkerConfig(PRODUCTION).REDIS_URL).toBe('redis://redis:6379');
  });

  it('asks nothing of local mode: the embedded defaults, in process', () => {
    const local = loadConfig({ DATA_DIR: join(tmpdir(), 'darsak-test') });
    expect([local.REDIS_URL, local.PUBLIC_SITE_URL]).toEqual([undefined, 'http://localhost:3002']);
  });

  it('drains a stopping instance for the proxy to notice outside local mode, where Ctrl-C stops at once', () => {
    const local = loadConfig({ DATA_DIR: join(tmpdir(), 'darsak-test') });
    expect([local.DRAIN_DELAY_SECONDS, local.DRAIN_TIMEOUT_SECONDS]).toEqual([0, 20]);
    expect(loadConfig(PRODUCTION).DRAIN_DELAY_SECONDS).toBe(5);
    expect(loadConfig({ ...PRODUCTION, DRAIN_DELAY_SECONDS: '0.5' }).DRAIN_DELAY_SECONDS).toBe(0.5);
    expect(() => loadConfig({ ...PRODUCTION, DRAIN_DELAY_SECONDS: '20' })).toThrow(
      /DRAIN_DELAY_SECONDS must be shorter than DRAIN_TIMEOUT_SECONDS/,
    );
  });
});

describe('Web Push settings (VAPID)', () => {
  const VAPID = {
    VAPID_PUBLIC_KEY: `B${'x'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'y'.repeat(43),
    VAPID_SUBJECT: 'mailto:support@darsak.example',
  };

  it('leaves push off in production without them, and takes all three together', () => {
    const off = loadConfig(PRODUCTION);
    expect([off.VAPID_PUBLIC_KEY, off.VAPID_PRIVATE_KEY, off.VAPID_SUBJECT]).toEqual([undefined, undefined, undefined]);
    expect(loadConfig({ ...PRODUCTION, ...VAPID })).toMatchObject(VAPID);
  });

  it.each(Object.keys(VAPID))('refuses production with %s missing from the three, naming them', (key) => {
    const partial = Object.fromEntries(Object.entries(VAPID).filter(([k]) => k !== key));
    expect(() => loadConfig({ ...PRODUCTION, ...partial })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/,
    );
  });

  it('refuses keys of the wrong length and a subject that is no mailto: or https: address', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...VAPID, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...PRODUCTION, ...VAPID, VAPID_SUBJECT: 'http://darsak.example' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });

  it('makes a key pair in local mode, kept in DATA_DIR so subscriptions outlive a restart', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'darsak-vapid-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.VAPID_PUBLIC_KEY).toMatch(/^B[\w-]{86}$/);
    expect(first.VAPID_PRIVATE_KEY).toMatch(/^[\w-]{43}$/);
    expect(first.VAPID_SUBJECT).toMatch(/^mailto:/);
    expect(loadConfig({ DATA_DIR: dataDir }).VAPID_PUBLIC_KEY).toBe(first.VAPID_PUBLIC_KEY);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
