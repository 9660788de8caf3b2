import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROUTE_PRELOADS_FILE } from '@darsak/client/vite-route-preloads';

/** Route path (`/t/:id`) → the scripts its page adds to the entry's, as the main app's build wrote them. */
type RoutePreloads = Record<string, string[]>;

/** A built script's address: nothing else is ever written into a page. */
const isBuiltScript = (file: string) => /^\/static\/[\w.-]+\.js$/.test(file);

const patternOf = (path: string) => new RegExp(`^${path.replace(/\/:[^/]+/g, '/[^/]+').replace(/\/$/, '')}/?$`);

/**
 * The page's own scripts for a requested address, from the build's `.vite/route-preloads.json`
 * (packages/client/vite/route-preloads.mjs); none for an address no page has, or a build without the file.
 */
export async function preloadsOf(root: string, url: string): Promise<string[]> {
  const preloads = await readFile(join(root, ROUTE_PRELOADS_FILE), 'utf8').then(
    (text) => JSON.parse(text) as RoutePreloads,
    () => ({}) as RoutePreloads,
  );
  const path = url.split('?')[0] ?? '/';
  const route = Object.keys(preloads).find((pattern) => !pattern.includes('*') && patternOf(pattern).test(path));
  return (route ? preloads[route] : undefined)?.filter(isBuiltScript) ?? [];
}

/**
 * The app's page naming its route's scripts as module preloads, so the browser fetches them beside the entry
 * instead of after running it: one round trip fewer on a phone before the page renders (issue 13).
 */
export function withPreloads(html: string, scripts: string[]): string {
  const links = scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}
