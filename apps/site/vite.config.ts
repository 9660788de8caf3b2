import { precompress } from '@darsak/client/vite-precompress';
import { strictCsp } from '@darsak/client/vite-strict-csp';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The client bundle of the marketing site; `src/prerender.ts` then writes each page's HTML. */
export default defineConfig({
  plugins: [react(), tailwindcss(), strictCsp(), precompress()],
  // static pages: no SPA fallback to index.html
  appType: 'mpa',
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'static' },
  server: { port: 3002, strictPort: true },
  preview: { port: 3002, strictPort: true },
});
