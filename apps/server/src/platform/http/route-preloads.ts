import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROUTE_PRELOADS_FILE } from '@darsak/client/vite-route-preloads';

/** Route path (`/t/:id`) → the scripts its page adds to the entry's, as the main app's build wrote them. */
export type RoutePreloads = Record<string, string[]>;

/** A built script's address: nothing else is ever written into a page. */
const isBuiltScript = (file: string) => /^\/static\/[\w.-]+\.js$/.test(file);

const patternOf = (path: string) => new RegExp(`^${path.replace(/\/:[^/]+/g, '/[^/]+').replace(/\/$/, '')}/?$`);

/** The build's `.vite/route-preloads.json` (packages/client/vite/route-preloads.mjs); none for a build without it. */
export const readRoutePreloads = (root: string): Promise<RoutePreloads> =>
  readFile(join(root, ROUTE_PRELOADS_FILE), 'utf8').then(
    (text) => JSON.parse(text) as RoutePreloads,
    () => ({}),
  );

/** The page of a requested address (its route's pattern, '' for none) and the scripts it adds to the entry's. */
export function routeOf(preloads: RoutePreloads, url: string): { pattern: string; scripts: string[] } {
  const path = url.split('?')[0] ?? '/';
  const pattern = Object.keys(preloads).find((route) => !route.includes('*') && patternOf(route).test(path)) ?? '';
  return { pattern, scripts: preloads[pattern]?.filter(isBuiltScript) ?? [] };
}

/**
 * The app's page naming its route's scripts as module preloads, so the browser fetches them beside the entry
 * instead of after running it: one round trip fewer on a phone before the page renders (issue 13).
 */
export function withPreloads(html: string, scripts: string[]): string {
  const links = scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}
