import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contractsWithoutSchemas } from '@darsak/client/vite-contracts-without-schemas';
import { precompress } from '@darsak/client/vite-precompress';
import { routePreloads } from '@darsak/client/vite-route-preloads';
import { sourceMapsOutside } from '@darsak/client/vite-source-maps-outside';
import { strictCsp } from '@darsak/client/vite-strict-csp';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions, type UserConfig } from 'vite';

const API = 'http://localhost:3000';
/** The release error reports name (`releaseOf`): this package's version. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The API owns /api, /assets (uploads and receipts), /socket.io and the local-mode /dev pages. */
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API },
  '/assets': { target: API },
  '/socket.io': { target: API, ws: true },
  '/dev': { target: API },
};

const browser: UserConfig = {
  plugins: [
    react(),
    contractsWithoutSchemas(),
    tailwindcss(),
    strictCsp(),
    precompress(),
    sourceMapsOutside(),
    routePreloads({ router: fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)) }),
  ],
  define: { 'import.meta.env.DARSAK_VERSION': JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // built files live under /static so they never collide with the API's /assets/uploads
    assetsDir: 'static',
    // Maps for the error tracker, kept outside the served folder (sourceMapsOutside) and named by no script.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: what each route loads first (scripts/ci/bundle-budget.mjs, route preloads)
    manifest: true,
    // The libraries every page runs in one chunk, not the dozen Rolldown would share out: a phone on HTTP/1.1
    // fetches six files at a time, and one file compresses better than twelve.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'frame-libs', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
};

/**
 * The public pages' server rendering (`vite build --ssr src/entry-server.tsx`): one module for Node in dist-ssr/,
 * beside the served folder, with its libraries inside, so the server needs nothing of this app's dependencies.
 */
const serverRendering: UserConfig = {
  plugins: [react(), contractsWithoutSchemas()],
  define: { 'import.meta.env.DARSAK_VERSION': JSON.stringify(version) },
  ssr: { noExternal: true },
  publicDir: false,
  build: { outDir: 'dist-ssr', emptyOutDir: true },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendering : browser));
