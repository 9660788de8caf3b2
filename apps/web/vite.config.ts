import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contractsWithoutSchemas } from '@darsak/client/vite-contracts-without-schemas';
import { precompress } from '@darsak/client/vite-precompress';
import { routePreloads, startPreloads } from '@darsak/client/vite-route-preloads';
import { sourceMapsOutside } from '@darsak/client/vite-source-maps-outside';
import { strictCsp } from '@darsak/client/vite-strict-csp';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * The installable app (docs/architecture.md "Installable app"): /manifest.webmanifest, linked from index.html, and
 * the service worker src/service-worker/sw.ts built into /sw.js with the list of files it precaches: the offline
 * page, the icons, the styles and the scripts every page starts with (the pages' own scripts are cached as used, so
 * a phone on a small data plan does not download every page at install). It is registered by src/lib/
 * service-worker.ts, not by an inline script (the strict CSP).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // icon-192 (the notifications' icon) is in the precache list; the larger ones only the launcher fetches
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'درسك',
    short_name: 'درسك',
    description: 'دروس إنجليزي مباشرة وقصيرة مع معلّمين محترفين.',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // the design tokens' primary-600 and canvas (packages/ui/src/styles.css)
    theme_color: '#137a71',
    background_color: '#faf7f2',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: [
      'offline.html',
      'favicon.svg',
      'icons/icon-192.png',
      'static/{index,start,frame-libs}-*.js',
      'static/*.css',
    ],
    // the maps stay outside the served folder (sourceMapsOutside); the build's own list is never served
    globIgnores: ['**/*.map', '.vite/**'],
    sourcemap: false,
  },
});

const browser: UserConfig = {
  plugins: [
    installableApp,
    react(),
    contractsWithoutSchemas(),
    tailwindcss(),
    strictCsp(),
    precompress(),
    sourceMapsOutside(),
    routePreloads({ router: fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)) }),
    startPreloads(),
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
