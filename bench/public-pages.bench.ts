// The public pages rendered on the server (issue 30), as main.ts serves them: the main app's build with its
// server rendering (run `npm run build` first), the demo data, 50 connections, each page in passes alternating with
// a bare Fastify route, with `accept-encoding: br, gzip` as a browser sends it. Rows: a signed-in page's shell (no
// rendering: the floor of sending index.html), then `/tutors`, a tutor's `/t/{id}`, `/plans` and `/` as kept per
// tutor-list snapshot; then what one rendering costs when nothing is kept (the renderer called directly, in a
// row, median of 40). Prints req/s, p50, p99 and the share of the bare route, and keeps the figures in
// bench/results/public-pages.json beside the previous run's. Run: npm run bench:public-pages (PostgreSQL in a
// database of its own when DATABASE_URL is set; otherwise PGlite). BENCH_SECONDS sets the seconds per row (8).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPageRenderer } from '../apps/server/src/modules/public-pages/public-pages.rendering.ts';
import { frontendDist, webServerRendering } from '../apps/server/src/platform/http/frontends.ts';
import { createDiskStorage } from '../apps/server/src/providers/storage/disk.adapter.ts';
import { seedDemoData } from '../apps/server/src/seed/demo-seed.ts';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import {
  alternating,
  bareRoute,
  baselineFigure,
  benchDatabase,
  compareAndKeep,
  type Figure,
  type LoadResult,
  load,
} from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;
const files = mkdtempSync(join(tmpdir(), 'darsak-bench-files-'));

const bare = await bareRoute();

const { database, drop } = await benchDatabase();
const t = await buildTestApp({
  database,
  checkFastResponses: false,
  frontendRoot: frontendDist('web'),
  renderPages: true,
});
await seedDemoData(t.database.db, createDiskStorage(files), t.clock.now());
const renderer = await loadPageRenderer(webServerRendering, t.app);
if (!renderer) throw new Error(`no ${webServerRendering}: run npm run build first`);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const served = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const [tutor] = (
  (await (await fetch(`${served}/api/v1/user/tutor/list/onboarded`)).json()) as { list: { id: number }[] }
).list;
if (!tutor) throw new Error('the demo data has no public tutor');

const pages: Array<[string, string]> = [
  ['signed-in page shell (not rendered)', '/lessons-schedule'],
  ['/tutors (kept)', '/tutors'],
  ['/t/{id} (kept)', `/t/${tutor.id}`],
  ['/plans (kept)', '/plans'],
  ['/ (kept)', '/'],
];
console.log(`database: ${t.database.kind}; ${seconds}s per row, ${connections} connections`);
const passes = 4;
const pass = seconds / passes;
const headers = { 'accept-encoding': 'br, gzip' };
const barePass = () => load('bare Fastify route', bare.url, { seconds: pass, connections });
const bares: LoadResult[] = [];
const figures: Figure[] = [];
for (const [name, path] of pages) {
  const page = await fetch(`${served}${path}`);
  if (!page.ok) throw new Error(`${path} answered ${page.status}`);
  const rendered = (await page.text()).includes('id="server-rendering"');
  if (rendered === name.includes('not rendered')) throw new Error(`${path} is ${rendered ? '' : 'not '}rendered`);
  const { bare: b, figure } = await alternating(
    barePass,
    () => load(name, `${served}${path}`, { seconds: pass, connections, headers }),
    passes,
  );
  bares.push(b);
  figures.push(figure);
}
compareAndKeep(
  join(import.meta.dirname, 'results', 'public-pages.json'),
  t.database.kind,
  [baselineFigure(bares), ...figures],
  { connections, seconds },
);

/** One rendering with nothing kept: the page's API calls in process and its rendering passes. */
const renderings: Record<string, string> = {};
for (const [name, path] of pages.slice(1)) {
  const times: number[] = [];
  for (let i = 0; i < 45; i++) {
    const started = performance.now();
    if (!(await renderer.renderPage(path, 'ar'))) throw new Error(`${path} was not rendered`);
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  renderings[name.replace(' (kept)', '')] = `${times[Math.floor(times.length / 2)]?.toFixed(1)} ms`;
}
console.log('one rendering, nothing kept (median of 40):', renderings);

await t.close();
await bare.close();
await drop();
rmSync(files, { recursive: true, force: true });
