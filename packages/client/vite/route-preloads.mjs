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

/**
 * What every page starts with: the entry and its static imports, and the app's start-up the entry imports once the
 * libraries ran (apps/web main.tsx: its one dynamic import) with that module's static imports.
 */
export function startClosure(manifest) {
  const entry = entryOf(manifest);
  const closure = staticClosure(manifest, entry);
  for (const started of manifest[entry]?.dynamicImports ?? []) staticClosure(manifest, started, closure);
  return closure;
}

/** The chunk file names `file` imports statically, transitively, in a Rollup bundle (file name → chunk). */
function bundleClosure(bundle, file, into = new Set()) {
  if (into.has(file) || bundle[file]?.type !== 'chunk') return into;
  into.add(file);
  for (const imported of bundle[file].imports) bundleClosure(bundle, imported, into);
  return into;
}

/**
 * Vite plugin of the main app: names in index.html, as module preloads, the scripts of the start-up the entry
 * imports dynamically (startClosure), so every page fetches them beside the entry instead of after running it.
 */
export const startPreloads = () => {
  let base = '/';
  return {
    name: 'darsak-start-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const entry = bundleClosure(bundle, chunk.fileName);
        const started = new Set();
        for (const file of chunk.dynamicImports) bundleClosure(bundle, file, started);
        return [...started]
          .filter((file) => !entry.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
};

/** The file the server reads (frontends.ts): route path → the scripts its page adds to the entry's. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Vite plugin of the main app: writes, after the build, each page's own scripts beyond what every page starts with. The server
 * names them in the page's HTML (`<link rel="modulepreload">`), so a phone fetches them beside the entry instead
 * of after running it: one round trip fewer before the page can render (issue 13).
 */
export const routePreloads = ({ router }) =>
  afterBuild('darsak-route-preloads', 'closeBundle', (outDir) => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const entry = startClosure(manifest);
    const preloads = {};
    for (const { path, key } of routesOfRouter(readFileSync(router, 'utf8'))) {
      if (!manifest[key]) throw new Error(`${key} (route ${path}) is not in the build's manifest`);
      const own = [...staticClosure(manifest, key)].filter((chunk) => !entry.has(chunk));
      preloads[path] = own.map((chunk) => `/${manifest[chunk].file}`);
    }
    writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 1)}\n`);
  });
