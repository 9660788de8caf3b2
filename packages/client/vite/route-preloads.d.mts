/** A build manifest's chunks, as far as the preloads read them. */
export type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

export function staticClosure(manifest: Manifest, key: string, into?: Set<string>): Set<string>;
export function routesOfRouter(routerSource: string): Array<{ path: string; key: string }>;
export function entryOf(manifest: Manifest): string | undefined;
export function startClosure(manifest: Manifest): Set<string>;
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

/** A chunk of a Rollup bundle, as far as the start preloads read it. */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
}
export interface HtmlTag {
  tag: string;
  attrs: Record<string, string | boolean>;
  injectTo: 'head';
}

/** Names the entry's dynamically imported start-up scripts in index.html as module preloads (see route-preloads.mjs). */
export function startPreloads(): {
  name: string;
  apply: 'build';
  configResolved(config: { base: string }): void;
  transformIndexHtml: {
    order: 'post';
    handler(html: string, context: { bundle?: Record<string, BundleChunk>; chunk?: BundleChunk }): HtmlTag[];
  };
};
