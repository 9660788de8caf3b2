// Compiles the API server (main.ts, worker.ts for job-only instances, migrate.ts for the migrate step, and the
// operator's staff:create command) into apps/server/dist with esbuild, so production runs plain JavaScript: no
// TypeScript transpiler at start-up (issue 14: tsx made start take 2.6 s), and none in the image at all (its
// dependencies are the production ones only).
// Packages are bundled in too: resolving and reading about a thousand files of node_modules was a third of the start's
// CPU. The ones that stay in node_modules load files beside their own code at run time (NODE_MODULES_ONLY).
// Runtime files (migrations, the built front ends) are found from apps/server (platform/server-root.ts).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const server = join(import.meta.dirname, '..', 'apps', 'server');
const outdir = join(server, 'dist');
const started = performance.now();

/**
 * Native addons (argon2, sharp, pg-native), PGlite's WebAssembly and data files, swagger's UI files and its own
 * package.json, pino's transport workers, pdfkit's standard font metrics: each opens files found from its own folder.
 * fontkit stays beside pdfkit, so the receipts' fonts parsed once are the very objects pdfkit lays out with.
 */
const NODE_MODULES_ONLY = [
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'pdfkit',
  'fontkit',
];
const stays = (path) => NODE_MODULES_ONLY.some((name) => path === name || path.startsWith(`${name}/`));

// Bundled CommonJS packages call require() and read __dirname; in an ES module both are made from the bundle's
// own address. __dirname is then the bundle's folder: only ioredis reads it, to trim stack traces (socket.io
// reads it to serve its browser client, which Darsak turns off: serveClient false).
const commonJsShim = [
  "import { createRequire as __createRequire } from 'node:module';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join(' ');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: join(server, 'src', 'main.ts'),
    'job-worker': join(server, 'src', 'worker.ts'),
    'db-migrate': join(server, 'src', 'migrate.ts'),
    'staff-create': join(server, 'src', 'staff', 'create-staff.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: commonJsShim },
  plugins: [
    {
      name: 'some-packages-stay-in-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, ({ path }) => (stays(path) ? { path, external: true } : undefined));
      },
    },
  ],
});

// main.js, worker.js and migrate.js turn on Node's compile cache before loading the bundle, so a restart reuses the
// V8 code of the last start (in the system's temporary folder; a folder it cannot write only leaves the cache off).
for (const [entry, bundle] of [
  ['main.js', 'server.js'],
  ['worker.js', 'job-worker.js'],
  ['migrate.js', 'db-migrate.js'],
]) {
  writeFileSync(
    join(outdir, entry),
    `import { enableCompileCache } from 'node:module';\nenableCompileCache();\nawait import('./${bundle}');\n`,
  );
}
console.log(`server compiled into ${outdir} in ${Math.round(performance.now() - started)} ms`);
