/// <reference types="node" />
/**
 * Writes every page of the site as static HTML after `vite build` (which leaves dist/index.html with the
 * stylesheet): dist/<path>/index.html in Arabic, dist/en/<path>/index.html in English, the 404 pages, one page
 * per short link, the sitemap and robots.txt. Then bundles the code the server runs to render the live parts of a
 * page as it sends it.
 * Run by `node --import tsx src/prerender.ts` from apps/site.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plansContract } from '@darsak/domain/plans';
import { build, type Plugin } from 'esbuild';
import { loadSiteLocales } from './content/index.ts';
import { plansOf } from './live/server-entry.ts';
import { pageHtml } from './page-html.ts';
import { NOT_FOUND_ROUTES, SHORT_URL_ROUTES, SITE_ROUTES } from './routes.tsx';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
/** Where the server loads the live-page code from; a dot directory, which the server never sends. */
const LIVE_MODULE = '.server/live-page.mjs';

/**
 * The public plan list when the build can reach a running server (`PUBLIC_APP_URL`), else null: the pages then
 * say the prices are in the app until the server writes the live plans in as it sends them.
 */
async function buildTimePlans() {
  const api = process.env.PUBLIC_APP_URL;
  if (!api) return null;
  try {
    const answer = await fetch(`${api}${plansContract.list.path}?size=100`, { signal: AbortSignal.timeout(5000) });
    return plansOf(answer.status, await answer.json());
  } catch (error) {
    console.warn(`plans not read at build (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/**
 * Bundles src/live/server-entry.ts with the site's own code; npm packages stay imports, which the server loads from
 * its own dependencies (react, react-dom and zod are in apps/server/package.json for this module).
 */
async function bundleLiveModule(): Promise<void> {
  const npmPackagesExternal: Plugin = {
    name: 'npm-packages-external',
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@darsak/') ? undefined : { external: true },
      );
    },
  };
  await build({
    entryPoints: [join(here, 'live', 'server-entry.ts')],
    outfile: join(dist, LIVE_MODULE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    jsx: 'automatic',
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
}

await loadSiteLocales();
const template = await readFile(join(dist, 'index.html'), 'utf8');
const plans = await buildTimePlans();
for (const route of [...SITE_ROUTES, ...SHORT_URL_ROUTES, ...Object.values(NOT_FOUND_ROUTES)]) {
  const file = join(dist, route.file);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, pageHtml(template, route, plans));
}
await writeFile(join(dist, 'sitemap.xml'), sitemapXml());
await writeFile(join(dist, 'robots.txt'), robotsTxt());
await bundleLiveModule();
console.log(
  `prerendered ${SITE_ROUTES.length + SHORT_URL_ROUTES.length + 2} pages (plans at build: ${plans ? plans.length : 'not read'}); ${LIVE_MODULE} bundled`,
);
