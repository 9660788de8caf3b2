import { readFileSync } from 'node:fs';
import { contractsWithoutSchemas } from '@darsak/client/vite-contracts-without-schemas';
import { precompress } from '@darsak/client/vite-precompress';
import { sourceMapsOutside } from '@darsak/client/vite-source-maps-outside';
import { strictCsp } from '@darsak/client/vite-strict-csp';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The release error reports name (`releaseOf`): this package's version. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The admin app calls the API cross-origin, at the address the server hands it (`/runtime-config.js`). */
export default defineConfig({
  plugins: [react(), contractsWithoutSchemas(), tailwindcss(), strictCsp(), precompress(), sourceMapsOutside()],
  define: { 'import.meta.env.DARSAK_VERSION': JSON.stringify(version) },
  // Maps for the error tracker, kept outside the served folder (sourceMapsOutside) and named by no script.
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'static', sourcemap: 'hidden' },
  server: { port: 3001, strictPort: true },
  preview: { port: 3001, strictPort: true },
});
