// Compiles the API server (main.ts, and worker.ts for job-only instances) into apps/server/dist with esbuild, so
// production runs plain JavaScript: no TypeScript transpiler at start-up (issue 14: tsx made start take 2.6 s).
// The workspace packages (@darsak/*, TypeScript sources) are bundled in; every other package stays in
// node_modules (native modules, PGlite's files and pg-boss are loaded from there as they are in development).
// Runtime files (migrations, the built front ends) are found from apps/server (platform/server-root.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const server = join(import.meta.dirname, '..', 'apps', 'server');
const outdir = join(server, 'dist');
const started = performance.now();

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(server, 'src', 'main.ts'), join(server, 'src', 'worker.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-in-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          path.startsWith('@darsak/') ? undefined : { path, external: true },
        );
      },
    },
  ],
});
console.log(`server compiled into ${outdir} in ${Math.round(performance.now() - started)} ms`);
