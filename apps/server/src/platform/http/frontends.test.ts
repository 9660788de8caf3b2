import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig, SITE_APP_URL_PLACEHOLDER } from '@darsak/domain/config';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { runtimeConfigOf } from '../../modules/system/system.routes.ts';
import { serveSpa, serveStaticSite } from './frontends.ts';

// One build at any address: the server hands each front end the addresses it is configured with.
const config = runtimeConfigOf(
  loadConfig({
    SERVER_ENV: 'local',
    PORT: '4310',
    ADMIN_PORT: '4311',
    SITE_PORT: '4312',
    PUBLIC_APP_URL: 'http://192.0.2.10:4310',
    PUBLIC_ADMIN_URL: 'http://admin.darsak.test:4311',
    PUBLIC_SITE_URL: 'http://192.0.2.10:4312',
    DATA_DIR: join(tmpdir(), 'darsak-test'),
  }),
);
const root = mkdtempSync(join(tmpdir(), 'darsak-frontends-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the script the page would load and returns what it handed the page. */
function handedConfig(script: string): unknown {
  const page: Record<string, unknown> = {};
  new Function('globalThis', script)(page);
  return page.__DARSAK_CONFIG__;
}

describe('front ends configured at run time', () => {
  it('each app reads the configured addresses from /runtime-config.js on its own origin', async () => {
    writeFileSync(join(root, 'index.html'), '<script src="/runtime-config.js"></script>');
    const app = Fastify();
    await serveSpa(app, root, config);
    const answer = await app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/javascript');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const handed = handedConfig(answer.body) as RuntimeConfig;
    expect(handed.urls).toEqual({
      api: 'http://192.0.2.10:4310',
      app: 'http://192.0.2.10:4310',
      admin: 'http://admin.darsak.test:4311',
      site: 'http://192.0.2.10:4312',
    });
    expect(handed).toMatchObject({ environment: 'local', outboxUrl: '/dev/outbox' });
    // A page path still gets the app, which loads the script first.
    expect((await app.inject({ method: 'GET', url: '/tutors' })).body).toContain(RUNTIME_CONFIG_PATH);
    await app.close();
  });

  it('no configured value can close the script it is written into', async () => {
    const hostile = { ...config, supportLinks: { chat: 'https://x.test/</script><script>alert(1)</script>' } };
    const app = Fastify();
    await serveSpa(app, root, hostile);
    const answer = await app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH });
    expect(answer.body).not.toContain('</script>');
    expect((handedConfig(answer.body) as RuntimeConfig).supportLinks.chat).toBe(hostile.supportLinks.chat);
    await app.close();
  });

  it('the prerendered site links to the configured main app, with or without JavaScript', async () => {
    const site = join(root, 'site');
    mkdirSync(join(site, 'pricing'), { recursive: true });
    const page = (path: string) =>
      `<a href="${SITE_APP_URL_PLACEHOLDER}/register/student">ابدأ</a><a href="${SITE_APP_URL_PLACEHOLDER}${path}">x</a>`;
    writeFileSync(join(site, 'index.html'), page('/plans'));
    writeFileSync(join(site, 'pricing', 'index.html'), page('/checkout'));
    writeFileSync(join(site, '404.html'), page('/'));
    const app = Fastify();
    await serveStaticSite(app, site, config);
    for (const [url, status] of [
      ['/', 200],
      ['/pricing/', 200],
      ['/no-such-page', 404],
    ] as const) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(status);
      expect(answer.body).not.toContain(SITE_APP_URL_PLACEHOLDER);
      expect(answer.body).toContain('href="http://192.0.2.10:4310/register/student"');
      expect(Number(answer.headers['content-length'] ?? answer.body.length)).toBe(Buffer.byteLength(answer.body));
    }
    expect((await app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH })).statusCode).toBe(200);
    await app.close();
  });
});
