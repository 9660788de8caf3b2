// First-load JavaScript of every main-app route (at most 210 KB gzip): the entry chunk and what it
// imports statically, and the start-up it imports (apps/web main.tsx) with its static imports, plus the route's lazy
// chunk and its static imports, read from the build's manifest
// (apps/web/dist/.vite/manifest.json). Prints a table (gzip, the budget's measure, and brotli, what the server sends
// to a browser that takes it) against the budget, and exits 1 when a route loads more than it. The budget is issue 13's
// 150 KB, set when the app ran on Preact, plus what React needs (issue 30): react-dom and the scheduler are 57.5 KB
// gzip more than Preact's compatibility layer, and the heaviest route (the profile form) loaded 203 KB with them.
// Usage: node scripts/ci/bundle-budget.mjs (after `npm run build`)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { routesOfRouter, startClosure, staticClosure } from '../../packages/client/vite/route-preloads.mjs';

const GOAL_KB = 210;
const web = join(import.meta.dirname, '..', '..', 'apps', 'web');
const manifestPath = join(web, 'dist', '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`no ${manifestPath}: run npm run build first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
/** A chunk's size gzip (level 9) and brotli (quality 11, as packages/client/vite/precompress.mjs writes it). */
const sizeOf = (key) => {
  const file = manifest[key].file;
  if (!sizes.has(file)) {
    const source = readFileSync(join(web, 'dist', file));
    const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    sizes.set(file, { gzip: gzipSync(source, { level: 9 }).length, brotli: brotli.length });
  }
  return sizes.get(file);
};
const total = (keys, measure) => [...keys].reduce((sum, key) => sum + sizeOf(key)[measure], 0);

const entryKeys = startClosure(manifest);
const routes = routesOfRouter(readFileSync(join(web, 'src', 'app', 'router.tsx'), 'utf8'));
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = routes.map(({ path, key }) => {
  if (!manifest[key]) throw new Error(`${key} (route ${path}) is not in the build's manifest`);
  const keys = staticClosure(manifest, key, new Set(entryKeys));
  const gzip = total(keys, 'gzip');
  return { path, gzip, brotli: total(keys, 'brotli'), own: gzip - total(entryKeys, 'gzip'), chunks: keys.size };
});

console.log(
  `entry (${entryKeys.size} chunks): ${kb(total(entryKeys, 'gzip'))} KB gzip, ${kb(total(entryKeys, 'brotli'))} KB ` +
    `brotli; at most ${GOAL_KB} KB gzip per route\n`,
);
console.log(`${'route'.padEnd(28)}${'gzip'.padStart(8)}${'brotli'.padStart(8)}${'route only'.padStart(12)}  chunks`);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  const flag = row.gzip > GOAL_KB * 1024 ? '  OVER THE BUDGET' : '';
  console.log(
    `${row.path.padEnd(28)}${kb(row.gzip).padStart(8)}${kb(row.brotli).padStart(8)}${kb(row.own).padStart(12)}` +
      `  ${row.chunks}${flag}`,
  );
}
const over = rows.filter((row) => row.gzip > GOAL_KB * 1024);
if (over.length > 0) {
  console.error(`\n${over.length} route(s) load more than ${GOAL_KB} KB gzip of JavaScript first`);
  process.exit(1);
}
