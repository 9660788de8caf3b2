import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { runtimeConfigOf } from '../../modules/system/system.routes.ts';
import { staticServer } from './frontends.ts';
import { contentSecurityPolicy, headerSettingsOf } from './security-headers.ts';

// Headers of the four origins one process answers on: the API, the main app, the admin app and the site.
const STAGING = {
  SERVER_ENV: 'staging',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
  PUBLIC_APP_URL: 'https://app.darsak.test',
  PUBLIC_ADMIN_URL: 'https://admin.darsak.test',
  PUBLIC_SITE_URL: 'https://darsak.test',
  SINGLE_INSTANCE: 'true',
};

/** A built front end's shape: an index.html and a script file. */
function builtFront(): string {
  const root = mkdtempSync(join(tmpdir(), 'darsak-front-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><script type="module" src="/app.js"></script>');
  writeFileSync(join(root, 'app.js'), 'console.log(1)');
  return root;
}

const directives = (policy: string | undefined) =>
  Object.fromEntries((policy ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

const opened: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of opened) await server.close();
});

/** The headers of a 304: the page asked again with the ETag of its first answer. */
async function revalidated(app: FastifyInstance, url: string) {
  const first = await app.inject({ method: 'GET', url });
  const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
  expect(again.statusCode).toBe(304);
  return again.headers;
}

async function origins(env: Record<string, string>) {
  const root = builtFront();
  const t = await buildTestApp({ env, frontendRoot: root });
  opened.push(t);
  const headers = headerSettingsOf(t.config, undefined);
  const config = runtimeConfigOf(t.config);
  const admin = await staticServer('admin', { logger: false, headers, config, root });
  const site = await staticServer('site', { logger: false, headers, config, root });
  opened.push(admin, site);
  const get = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).headers;
  return {
    api: await get(t.app, '/api/health'),
    apiError: await get(t.app, '/api/v1/no-such-route'),
    app: await get(t.app, '/lessons'),
    appScript: await get(t.app, '/app.js'),
    appRevalidated: await revalidated(t.app, '/lessons'),
    admin: await get(admin, '/users'),
    site: await get(site, '/'),
  };
}

describe('security headers', () => {
  it('on all four origins: nosniff, referrer policy, never framed, camera and microphone for the main app only', async () => {
    const all = await origins({});
    for (const [name, headers] of Object.entries(all)) {
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], name).toBe('DENY');
      expect(directives(headers['content-security-policy'] as string)['frame-ancestors'], name).toEqual(["'none'"]);
      // Local mode is plain HTTP: no HSTS.
      expect(headers['strict-transport-security'], name).toBeUndefined();
    }
    expect(all.app['permissions-policy']).toContain('camera=(self), microphone=(self)');
    for (const name of ['admin', 'site'] as const) {
      expect(all[name]['permissions-policy']).toContain('camera=(), microphone=()');
    }
    // API answers (errors too) are data: nothing may load from them.
    for (const headers of [all.api, all.apiError]) {
      expect(directives(headers['content-security-policy'] as string)['default-src']).toEqual(["'none'"]);
    }
    // Pages run their own scripts only, and reach the API and its socket. The policy follows the path, not the
    // content type: a 304 of a page (no content type) must not give the cached page the API's policy.
    for (const name of ['app', 'appScript', 'appRevalidated', 'admin', 'site'] as const) {
      const policy = directives(all[name]['content-security-policy'] as string);
      expect(policy['script-src'], name).toEqual(["'self'"]);
      expect(policy['object-src'], name).toEqual(["'none'"]);
      expect(policy['connect-src'], name).toEqual(
        expect.arrayContaining(["'self'", 'http://localhost:3000', 'ws://localhost:3000']),
      );
    }
  });

  it('outside local mode: HSTS, and only the configured API origin', async () => {
    const all = await origins(STAGING);
    for (const [name, headers] of Object.entries(all)) {
      expect(headers['strict-transport-security'], name).toBe('max-age=31536000; includeSubDomains');
    }
    const admin = directives(all.admin['content-security-policy'] as string);
    expect(admin['connect-src']).toEqual(["'self'", 'https://app.darsak.test', 'wss://app.darsak.test']);
    expect(admin['img-src']).toContain('https://app.darsak.test');
    expect(admin['media-src']).toContain('https://app.darsak.test');
  });

  it('allows analytics, session recording, error reporting and Google sign-in hosts only when configured', () => {
    const bare = loadConfig(STAGING);
    const policy = (env: Record<string, string>, googleSignIn = false) =>
      contentSecurityPolicy('app', { config: loadConfig({ ...STAGING, ...env }), googleSignIn });
    const plain = contentSecurityPolicy('app', { config: bare, googleSignIn: false });
    for (const host of ['googletagmanager', 'clarity', 'accounts.google.com', 'errors.example.com']) {
      expect(plain).not.toContain(host);
    }
    expect(directives(policy({ ANALYTICS_ID: 'G-ABCDEFGHIJ' }))['script-src']).toContain(
      'https://www.googletagmanager.com',
    );
    expect(directives(policy({ SESSION_RECORDING_ID: 'abcdefghij' }))['script-src']).toContain(
      'https://www.clarity.ms',
    );
    expect(
      directives(policy({ ERROR_REPORTING_URL: 'https://errors.example.com/api/1/store' }))['connect-src'],
    ).toContain('https://errors.example.com');
    const google = directives(policy({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' }, true));
    expect(google['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(google['frame-src']).toContain('https://accounts.google.com/gsi/');
  });

  it("lets the main app send uploads straight to object storage's origin, only on the s3 driver", () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'darsak-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    const config = loadConfig({ ...STAGING, ...s3 });
    const connect = (front: 'app' | 'admin') =>
      directives(contentSecurityPolicy(front, { config, googleSignIn: false }))['connect-src'];
    expect(connect('app')).toContain('https://darsak-files.s3.eu-central-1.amazonaws.com');
    expect(connect('admin')).not.toContain('https://darsak-files.s3.eu-central-1.amazonaws.com');
    expect(contentSecurityPolicy('app', { config: loadConfig(STAGING), googleSignIn: false })).not.toContain('s3.');
  });
});
