import { precompress } from '@darsak/client/vite-precompress';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The marketing site's stylesheet and files; `src/prerender.ts` then writes each page's HTML. The pages ship
 * no JavaScript (nothing is hydrated), so there is no script entry and no React plugin.
 */
export default defineConfig({
  plugins: [tailwindcss(), precompress()],
  // static pages: no SPA fallback to index.html
  appType: 'mpa',
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'static' },
  server: { port: 3002, strictPort: true },
  preview: { port: 3002, strictPort: true },
});
