import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { Direction } from '@darsak/domain/common';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig, runtimeConfigScript } from '@darsak/domain/config';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { SERVER_ROOT } from '../server-root.ts';
import { type RoutePreloads, readRoutePreloads, routeOf, withPreloads } from './route-preloads.ts';
import { type HeaderSettings, installSecurityHeaders } from './security-headers.ts';
import { encodePage, type SentPage, sendPage, sendPrivatePage, sentPage } from './sent-pages.ts';
import { type SiteApi, siteLive } from './site-live.ts';

export const frontendDist = (app: 'web' | 'admin' | 'site') => join(SERVER_ROOT, '..', app, 'dist');
/** The main app's server rendering of its public pages, built beside its served folder (apps/web/vite.config.ts). */
export const webServerRendering = join(SERVER_ROOT, '..', 'web', 'dist-ssr', 'entry-server.js');

/** Paths that must never fall back to index.html (APIs, files, robots.txt and the like). */
const isFilePath = (url: string) => /\.([a-z0-9]{1,8}|webmanifest)$/i.test(url.split('?')[0] ?? '');
const isServerPath = (url: string) => /^\/(api|assets\/uploads|assets\/receipts|socket\.io|dev)(\/|$)/.test(url);

/** A file Vite named after its content (`static/<name>-<8-character hash>.<ext>`, or its .br/.gz): it never changes. */
const isHashedAsset = (path: string) => /[/\\]static[/\\][^/\\]+-[\w-]{8}\.[a-z0-9]+(\.br|\.gz)?$/i.test(path);

/**
 * The main app's service worker and manifest (apps/web/vite.config.ts): revalidated every time like HTML, so a new
 * worker is found on the next visit, not an hour later.
 */
const isAppEntry = (path: string) => /[/\\](sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/.test(path);

/**
 * Hashed files are cached for a year without revalidation; HTML, the service worker and the manifest are
 * revalidated every time, so a new build is seen on the next page load; anything else (favicon, robots.txt, the
 * zod-jitless script) for an hour.
 */
function cacheControlOf(reply: FastifyReply, path: string): void {
  const policy = isHashedAsset(path)
    ? 'public, max-age=31536000, immutable'
    : /\.html$/.test(path) || isAppEntry(path)
      ? 'no-cache'
      : 'public, max-age=3600';
  reply.header('cache-control', policy);
}

/**
 * How every front end's built files are sent: the build's .br or .gz beside a text file (packages/client/vite/
 * precompress.mjs) when the browser takes it, with `Vary: Accept-Encoding`; dotfiles (the build's .vite/
 * manifest) and source maps never. The build keeps its maps outside the served folder (packages/client/vite/
 * source-maps-outside.mjs); one left in a folder by an older build or another tool would still hand out the sources.
 */
const builtFiles = (root: string): FastifyStaticOptions => ({
  root,
  preCompressed: true,
  cacheControl: false,
  setHeaders: cacheControlOf,
  dotfiles: 'ignore',
  allowedPath: (path) => !/\.map$/i.test(path),
});

/** `/runtime-config.js` on a front end's origin: the configuration it reads before its own script runs. */
function serveRuntimeConfig(app: FastifyInstance, config: RuntimeConfig): void {
  const script = runtimeConfigScript(config);
  app.get(RUNTIME_CONFIG_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}

/**
 * What a page's shell is sent with: its status, the head that replaces index.html's marked one and, for a page
 * rendered on the server, the app's HTML, the data block it hydrates from and its language.
 */
export interface PageShell {
  status: number;
  head?: string;
  app?: { html: string; data: string; lang: string; dir: Direction };
  /** Rendered for one signed-in reader: sent to her only, never stored by a cache on the way. */
  private?: boolean;
}
/** The part of index.html a page's own head replaces (the title and description between these comments). */
const PAGE_HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
/** index.html's loading screen in #root, which a server-rendered page replaces, and where its data block goes. */
const APP_BODY = /<!--app-->[\s\S]*?<!--\/app-->/;
const APP_DATA = '<!--app-data-->';
const HTML_TAG = /<html [^>]*>/;

/** The app's scripts: its entry and the modules preloaded with it. */
const APP_SCRIPTS = /<(script type="module"|link rel="modulepreload")/g;

/**
 * index.html made into a page's shell (see PageShell). A page rendered on the server is read before its scripts
 * run: they are fetched at low priority, so on a slow link its stylesheet and images (the LCP) come first, and
 * hydration follows.
 */
function shellPage(built: string, shell: PageShell | undefined): string {
  const app = shell?.app;
  const withHead = shell?.head ? built.replace(PAGE_HEAD, () => shell.head ?? '') : built;
  return app
    ? withHead
        .replace(HTML_TAG, `<html lang="${app.lang}" dir="${app.dir}">`)
        .replace(APP_SCRIPTS, '<$1 fetchpriority="low"')
        .replace(APP_BODY, () => app.html)
        .replace(APP_DATA, () => app.data)
    : withHead;
}

/** The built app's index.html and route preloads, with the pages made of them (see `serveSpa`). */
interface BuiltApp {
  changedAt: number;
  html: string;
  preloads: RoutePreloads;
  /** A page with no shell of its own, by its route's pattern. */
  plain: Map<string, SentPage>;
  /** A page with its own shell, by the shell (`shellOf` keeps one per page while its data is current). */
  shelled: WeakMap<PageShell, SentPage>;
}

/** The build in `root`, read again when its index.html changes: a rebuilt front end is served without a restart. */
function builtApp(root: string): () => Promise<BuiltApp> {
  let built: BuiltApp | undefined;
  return async () => {
    const index = join(root, 'index.html');
    const { mtimeMs } = await stat(index);
    if (built?.changedAt !== mtimeMs) {
      const [html, preloads] = await Promise.all([readFile(index, 'utf8'), readRoutePreloads(root)]);
      built = { changedAt: mtimeMs, html, preloads, plain: new Map(), shelled: new WeakMap() };
    }
    return built;
  };
}

/**
 * Serves a built single-page app: its files, and index.html for any other page path, naming the path's page
 * scripts (route-preloads.ts), with the page's own head, status and server-rendered HTML when `shellOf` knows the
 * page. Each page is made, tagged and compressed once and sent as kept while the build and its shell are current.
 */
export async function serveSpa(
  app: FastifyInstance,
  root: string,
  config: RuntimeConfig,
  shellOf?: (url: string, cookie?: string) => Promise<PageShell | undefined>,
): Promise<void> {
  if (!existsSync(root)) {
    app.log.warn({ root }, 'front end not built; run npm run build');
    return;
  }
  serveRuntimeConfig(app, config);
  // Files are looked up per request (wildcard), so a rebuilt front end is served without a restart.
  await app.register(fastifyStatic, { ...builtFiles(root), wildcard: true, index: false });
  const current = builtApp(root);
  app.addHook('onRequest', async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD'; // HEAD: link checkers, uptime probes
    if (!isRead || isServerPath(request.url) || isFilePath(request.url)) return;
    const [built, shell] = await Promise.all([current(), shellOf?.(request.url, request.headers.cookie)]);
    const route = routeOf(built.preloads, request.url);
    const html = () => shellPage(withPreloads(built.html, route.scripts), shell);
    if (shell?.private) return sendPrivatePage(request, reply, shell.status, html());
    const make = () => sentPage(html());
    let page = shell ? built.shelled.get(shell) : built.plain.get(route.pattern);
    if (!page) {
      page = make();
      if (shell) built.shelled.set(shell, page);
      else built.plain.set(route.pattern, page);
    }
    return sendPage(request, reply, shell?.status ?? 200, page);
  });
}

/**
 * Serves a prerendered static site: `/about` → `about/index.html`, `/en/...` the English pages, unknown pages →
 * the 404 page of their language. Pages are finished as they are sent (site-live.ts): the live plans and support
 * links rendered in, the configured addresses written in, so they work without JavaScript. They are never
 * answered 304 from the file's date or tag, which do not change when the live parts do.
 */
export async function serveStaticSite(
  app: FastifyInstance,
  root: string,
  config: RuntimeConfig,
  api?: SiteApi,
): Promise<void> {
  if (!existsSync(root)) {
    app.log.warn({ root }, 'site not built; run npm run build');
    return;
  }
  serveRuntimeConfig(app, config);
  const live = await siteLive(app, { root, config, api });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type'));
    const isPage = type.startsWith('text/html');
    // the sitemap and robots.txt name the site's address too
    const hasAddresses = isPage || /^(application\/xml|text\/plain)/.test(type);
    if (!hasAddresses || !(payload instanceof Readable || typeof payload === 'string')) return payload;
    reply.removeHeader('content-length');
    const body = typeof payload === 'string' ? payload : await text(payload);
    return encodePage(
      request.headers['accept-encoding'],
      reply,
      isPage ? await live.finish(body) : live.addresses(body),
    );
  });
  await app.register(fastifyStatic, {
    ...builtFiles(root),
    index: ['index.html'],
    redirect: true,
    etag: false,
    lastModified: false,
  });
  // Short links: one prerendered page per name (/url/<name>/index.html, a meta refresh), case-insensitive.
  app.get<{ Params: { '*': string } }>('/url/*', (request, reply) => {
    const name = shortLinkName(request.params['*']);
    return name && existsSync(join(root, 'url', name, 'index.html'))
      ? reply.sendFile(`url/${name}/index.html`)
      : reply.code(404).sendFile('url/index.html');
  });
  app.setNotFoundHandler((request, reply) => {
    const page = /^\/en(\/|$|\?)/.test(request.url) ? 'en/404.html' : '404.html';
    return existsSync(join(root, page)) ? reply.code(404).sendFile(page) : reply.code(404).send('Not found');
  });
}

/** The name of a short link (already decoded), lower case, or undefined when it cannot be one (never leaves url/). */
function shortLinkName(path: string): string | undefined {
  const name = path.replace(/\/+$/, '').toLowerCase();
  return /^[a-z0-9-]+$/.test(name) ? name : undefined;
}

/** The admin app or the site on a bare server of its own port (they call the API cross-origin), with its headers. */
export async function staticServer(
  front: 'admin' | 'site',
  options: { logger: boolean | object; headers: HeaderSettings; config: RuntimeConfig; root?: string; api?: SiteApi },
) {
  const app = Fastify({ logger: options.logger });
  installSecurityHeaders(app, front, options.headers);
  const root = options.root ?? frontendDist(front);
  await (front === 'admin'
    ? serveSpa(app, root, options.config)
    : serveStaticSite(app, root, options.config, options.api));
  return app;
}
