/** A build manifest's chunks, as far as the preloads read them. */
export type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export function staticClosure(manifest: Manifest, key: string, into?: Set<string>): Set<string>;
export function routesOfRouter(routerSource: string): Array<{ path: string; key: string }>;
export function entryOf(manifest: Manifest): string | undefined;
export const ROUTE_PRELOADS_FILE: string;

/** The Vite plugin's hooks this project calls (Vite's own types are not a dependency of this package). */
export interface RoutePreloadsPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  closeBundle(): void;
}

/** Writes each page's own scripts beyond the entry's to `.vite/route-preloads.json` (see route-preloads.mjs). */
export function routePreloads(options: { router: string }): RoutePreloadsPlugin;
