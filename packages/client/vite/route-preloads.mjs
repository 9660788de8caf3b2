import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterBuild } from './after-build.mjs';

/**
 * What each page of the main app loads first, from the build's manifest (`.vite/manifest.json`) and the router's
 * `page('<path>', …, import('./routes/…'))` calls. Shared by the route preloads below and the bundle budget
 * (scripts/ci/bundle-budget.mjs).
 */

/** The manifest key and what it imports statically, transitively (what the browser fetches before running it). */
export function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Route path → lazy page module (a manifest key), from the router's source. */
export function routesOfRouter(routerSource) {
  const pages = routerSource.matchAll(/page\(\s*(?:'([^']*)'|undefined),[\s\S]*?import\('\.\/(routes\/[^']+)'\)/g);
  return [...pages].map(([, path, module]) => ({ path: `/${path ?? ''}`, key: `src/app/${module}` }));
}

/** The manifest's entry key. */
export const entryOf = (manifest) => Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The file the server reads (frontends.ts): route path → the scripts its page adds to the entry's. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Vite plugin of the main app: writes, after the build, each page's own scripts beyond the entry's. The server
 * names them in the page's HTML (`<link rel="modulepreload">`), so a phone fetches them beside the entry instead
 * of after running it: one round trip fewer before the page can render (issue 13).
 */
export const routePreloads = ({ router }) =>
  afterBuild('darsak-route-preloads', 'closeBundle', (outDir) => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const entry = staticClosure(manifest, entryOf(manifest));
    const preloads = {};
    for (const { path, key } of routesOfRouter(readFileSync(router, 'utf8'))) {
      if (!manifest[key]) throw new Error(`${key} (route ${path}) is not in the build's manifest`);
      const own = [...staticClosure(manifest, key)].filter((chunk) => !entry.has(chunk));
      preloads[path] = own.map((chunk) => `/${manifest[chunk].file}`);
    }
    writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 1)}\n`);
  });
