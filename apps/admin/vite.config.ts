import { strictCsp } from '@darsak/client/vite-strict-csp';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The admin app calls the API cross-origin (VITE_API_URL, else port 3000 of this host), as in production. */
export default defineConfig({
  plugins: [react(), tailwindcss(), strictCsp()],
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'static', sourcemap: true },
  server: { port: 3001, strictPort: true },
  preview: { port: 3001, strictPort: true },
});
