// First-load JavaScript of every main-app route (issue 13: at most 150 KB gzip): the entry chunk and what it
// imports statically, plus the route's lazy chunk and its static imports, read from the build's manifest
// (apps/web/dist/.vite/manifest.json). Prints a table and exits 1 when a route is over budget.
// Usage: node scripts/ci/bundle-budget.mjs (after `npm run build`)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const web = join(import.meta.dirname, '..', '..', 'apps', 'web');
const manifestPath = join(web, 'dist', '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`no ${manifestPath}: run npm run build first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The manifest key and what it imports statically, transitively (what the browser fetches before running it). */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into);
  return into;
}

const gzipBytes = new Map();
const gzipOf = (key) => {
  const file = manifest[key].file;
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(join(web, 'dist', file)), { level: 9 }).length);
  return gzipBytes.get(file);
};

/** Route path → lazy page module, from the router's `page('<path>', …, import('./routes/…'))` calls. */
function routesOfRouter() {
  const source = readFileSync(join(web, 'src', 'app', 'router.tsx'), 'utf8');
  const pages = source.matchAll(/page\(\s*(?:'([^']*)'|undefined),[\s\S]*?import\('\.\/(routes\/[^']+)'\)/g);
  return [...pages].map(([, path, module]) => ({ path: `/${path ?? ''}`, key: `src/app/${module}` }));
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = staticClosure(entry);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = routesOfRouter().map(({ path, key }) => {
  if (!manifest[key]) throw new Error(`${key} (route ${path}) is not in the build's manifest`);
  const keys = staticClosure(key, new Set(entryKeys));
  const total = [...keys].reduce((sum, k) => sum + gzipOf(k), 0);
  return { path, total, own: total - [...entryKeys].reduce((sum, k) => sum + gzipOf(k), 0), chunks: keys.size };
});

const entryTotal = [...entryKeys].reduce((sum, k) => sum + gzipOf(k), 0);
console.log(`entry (${entryKeys.size} chunks): ${kb(entryTotal)} KB gzip; budget per route ${BUDGET_KB} KB gzip\n`);
console.log(`${'route'.padEnd(28)}${'first load'.padStart(12)}${'route only'.padStart(12)}  chunks`);
for (const row of rows.sort((a, b) => b.total - a.total)) {
  const flag = row.total > BUDGET_KB * 1024 ? '  OVER BUDGET' : '';
  console.log(`${row.path.padEnd(28)}${kb(row.total).padStart(12)}${kb(row.own).padStart(12)}  ${row.chunks}${flag}`);
}
const over = rows.filter((row) => row.total > BUDGET_KB * 1024);
if (over.length > 0) {
  console.error(`\n${over.length} route(s) load more than ${BUDGET_KB} KB gzip of JavaScript first`);
  process.exit(1);
}
