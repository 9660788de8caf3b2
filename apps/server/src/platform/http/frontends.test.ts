import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '@darsak/client/vite-precompress';
import { routePreloads, startPreloads } from '@darsak/client/vite-route-preloads';
import { sourceMapsOutside } from '@darsak/client/vite-source-maps-outside';
import {
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
  SITE_APP_URL_PLACEHOLDER,
  SITE_URL_PLACEHOLDER,
} from '@darsak/domain/config';
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

  it("the site's sitemap and robots.txt name the configured site address", async () => {
    const site = join(root, 'site-files');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'sitemap.xml'), `<urlset><url><loc>${SITE_URL_PLACEHOLDER}/en/</loc></url></urlset>`);
    writeFileSync(join(site, 'robots.txt'), `User-agent: *\nSitemap: ${SITE_URL_PLACEHOLDER}/sitemap.xml\n`);
    const app = Fastify();
    await serveStaticSite(app, site, config);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toBe('<urlset><url><loc>http://192.0.2.10:4312/en/</loc></url></urlset>');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://192.0.2.10:4312/sitemap.xml');
    await app.close();
  });
});

describe('front ends compressed and cached', () => {
  const dist = join(root, 'built');
  const script = `export const lesson = "${'درس '.repeat(400)}";\n`;
  const hashed = '/static/tutors-Bi-StK_A.js';

  /** A build's files, compressed by the same Vite plugin the front ends use. */
  function build(files: Record<string, string>): void {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    const plugin = precompress();
    plugin.configResolved({ root: dist, build: { outDir: dist } });
    plugin.writeBundle();
  }
  build({
    'index.html': `<script src="/runtime-config.js"></script>${'<p>درسك</p>'.repeat(200)}`,
    [hashed]: script,
    'static/zod-jitless.js': script,
    'sw.js': script,
    'manifest.webmanifest': JSON.stringify({ name: 'درسك', lang: 'ar', dir: 'rtl', start_url: '/' }),
    '.vite/manifest.json': '{"index.html":{"file":"static/index-AbCd1234.js"}}'.padEnd(2048),
  });

  const get = (app: ReturnType<typeof Fastify>, url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the build’s brotli or gzip copy to a browser that takes it, and says it varies on that', async () => {
    const app = Fastify();
    await serveSpa(app, dist, config);
    const brotli = await get(app, hashed, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);
    const gzip = await get(app, hashed, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get(app, hashed);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [brotli, gzip, plain]) expect(answer.headers.vary).toContain('accept-encoding');
    await app.close();
  });

  it('caches hashed files for a year, revalidates pages and the run-time configuration', async () => {
    const app = Fastify();
    await serveSpa(app, dist, config);
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get(app, hashed, encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/tutors', '/t/12', RUNTIME_CONFIG_PATH]) {
      const answer = await get(app, url, 'br');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    // A file without a hash in its name can change under the same address.
    expect((await get(app, '/static/zod-jitless.js', 'br')).headers['cache-control']).toBe('public, max-age=3600');
    await app.close();
  });

  it('revalidates the service worker and the web manifest every time, and names the manifest’s type', async () => {
    const app = Fastify();
    await serveSpa(app, dist, config);
    for (const encoding of ['br', 'gzip', undefined]) {
      const worker = await get(app, '/sw.js', encoding);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toContain('javascript');
      expect(worker.headers['cache-control']).toBe('no-cache');
    }
    const manifest = await get(app, '/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ lang: 'ar', dir: 'rtl' });
    // The build's manifest is for scripts, not for visitors.
    expect((await get(app, '/.vite/manifest.json')).statusCode).toBe(404);
    await app.close();
  });

  it('compresses the site’s files but still writes the app’s address into its pages', async () => {
    const app = Fastify();
    writeFileSync(join(dist, 'index.html'), `<a href="${SITE_APP_URL_PLACEHOLDER}/plans">x</a>`);
    await serveStaticSite(app, dist, config);
    const page = await get(app, '/', 'br');
    // pages are finished per request (site-live.ts), then compressed as the browser accepts
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('href="http://192.0.2.10:4310/plans"');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await get(app, hashed, 'br');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });
});

describe('source maps stay private', () => {
  const script = '/static/tutors-Bi-StK_A.js';
  const map = '{"version":3,"sources":["../src/features/tutors/tutors-page.tsx"]}';
  /** A built front end with a script and its map, as Vite writes them. */
  function withMap(name: string): string {
    const dist = join(root, name, 'dist');
    mkdirSync(join(dist, 'static'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<script type="module" src="/static/tutors-Bi-StK_A.js"></script>');
    writeFileSync(join(dist, script), 'console.log(1)');
    writeFileSync(join(dist, `${script}.map`), map);
    return dist;
  }

  it('the build moves them out of the served folder, for the error tracker', () => {
    const dist = withMap('moved');
    const plugin = sourceMapsOutside();
    plugin.configResolved({ root, build: { outDir: dist } });
    plugin.writeBundle();
    expect(readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(readFileSync(join(dist, '..', 'sourcemaps', `${script}.map`), 'utf8')).toBe(map);
    expect(existsSync(join(dist, script))).toBe(true);
  });

  it('the server refuses a map left in a served folder, on the apps (main and admin) and the site', async () => {
    const main = Fastify();
    await serveSpa(main, withMap('main'), config);
    const site = Fastify();
    await serveStaticSite(site, withMap('site'), config);
    for (const app of [main, site]) {
      expect((await app.inject({ method: 'GET', url: script })).statusCode).toBe(200);
      const answer = await app.inject({ method: 'GET', url: `${script}.map` });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('tutors-page.tsx');
      await app.close();
    }
  });
});

describe('the app’s pages name their own scripts', () => {
  const dist = join(root, 'preloads');
  const router = join(root, 'router.tsx');
  const manifest = {
    'index.html': {
      file: 'static/index-AbCd1234.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/start.tsx'],
    },
    '_shared.js': { file: 'static/shared-AbCd1234.js' },
    // the start-up every page imports after the libraries ran, and what it imports: named by index.html already
    'src/start.tsx': { file: 'static/start-AbCd1234.js', imports: ['_shared.js', '_store.js'] },
    '_store.js': { file: 'static/store-AbCd1234.js' },
    '_card.js': { file: 'static/card-AbCd1234.js', imports: ['_shared.js'] },
    'src/app/routes/tutors/tutors.tsx': { file: 'static/tutors-AbCd1234.js', imports: ['_card.js', '_store.js'] },
    'src/app/routes/tutors/tutor-profile.tsx': { file: 'static/profile-AbCd1234.js', imports: ['_card.js'] },
    'src/app/routes/not-found.tsx': { file: 'static/not-found-AbCd1234.js' },
  };
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'index.html'), '<html><head><title>درسك</title></head><body></body></html>');
  writeFileSync(
    router,
    `page('tutors', 'x', async () => (await import('./routes/tutors/tutors.tsx')).TutorsPage),
     page('t/:id', 'x', async () => (await import('./routes/tutors/tutor-profile.tsx')).TutorProfilePage),
     page('*', 'x', async () => (await import('./routes/not-found.tsx')).NotFoundPage)`,
  );
  const plugin = routePreloads({ router });
  plugin.configResolved({ root: dist, build: { outDir: dist } });
  plugin.closeBundle();

  const preloaded = async (app: ReturnType<typeof Fastify>, url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    const html = brotliDecompressSync(answer.rawPayload).toString();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(([, href]) => href);
  };

  it('index.html names the start-up’s scripts, which the entry imports once the libraries ran', () => {
    const plugin = startPreloads();
    plugin.configResolved({ base: '/' });
    const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
      ({ type: 'chunk', fileName, imports, dynamicImports }) as const;
    const bundle = {
      'static/index.js': chunk('static/index.js', ['static/libs.js'], ['static/start.js']),
      'static/libs.js': chunk('static/libs.js', [], ['static/page.js']),
      'static/start.js': chunk('static/start.js', ['static/libs.js', 'static/store.js']),
      'static/store.js': chunk('static/store.js'),
      'static/page.js': chunk('static/page.js', ['static/store.js']),
    };
    const tags = plugin.transformIndexHtml.handler('', { bundle, chunk: bundle['static/index.js'] });
    // the entry's own imports are Vite's to name; a page's chunk is its route's (routePreloads)
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: 'modulepreload', crossorigin: true, href: '/static/start.js' },
      { rel: 'modulepreload', crossorigin: true, href: '/static/store.js' },
    ]);
  });

  it('preloads the requested page’s scripts beyond those every page starts with, and none for other addresses', async () => {
    const app = Fastify();
    await serveSpa(app, dist, config);
    expect(await preloaded(app, '/tutors?topicId=3')).toEqual([
      '/static/tutors-AbCd1234.js',
      '/static/card-AbCd1234.js',
    ]);
    expect(await preloaded(app, '/t/12')).toEqual(['/static/profile-AbCd1234.js', '/static/card-AbCd1234.js']);
    expect(await preloaded(app, '/t/12/more')).toEqual([]);
    expect(await preloaded(app, '/no-such-page')).toEqual([]);
    // A page's headers alone, as a link checker asks them.
    const head = await app.inject({ method: 'HEAD', url: '/tutors' });
    expect({ status: head.statusCode, type: head.headers['content-type'], body: head.body }).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: '',
    });
    await app.close();
  });

  it('writes nothing but built script addresses into a page', async () => {
    const hostile = { '/tutors': ['/static/ok-AbCd1234.js', '"><script>alert(1)</script>', 'https://x.test/a.js'] };
    writeFileSync(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(hostile));
    const app = Fastify();
    await serveSpa(app, dist, config);
    expect(await preloaded(app, '/tutors')).toEqual(['/static/ok-AbCd1234.js']);
    await app.close();
  });
});
