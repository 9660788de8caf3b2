// Start to the first healthy /api/health: the server from its sources through tsx (as `npm run dev`) against
// the compiled build (as `npm run serve` and the image). On PGlite: a first start (migrations and the demo seed)
// and a restart on the same data. On PostgreSQL when DATABASE_URL is set (a database of its own, migrated
// beforehand, dropped after): a restart with an empty compile cache (the first start after a build) and one with
// the cache it wrote (in the temporary folder: Node's compile cache, which the compiled build turns on, and tsx's),
// BENCH_STARTS times each (3), the median kept.
// Run after a build: npm run build && npm run bench:start. Figures are printed beside the previous run's and kept
// in bench/results/start.json; nothing asserts a time.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTemplateDatabase, urlFor } from '../apps/server/test/test-database.ts';
import { SERVER_ENTRY, timeToReady } from './support.ts';

if (!existsSync('apps/server/dist/main.js')) throw new Error('no apps/server/dist/main.js: run npm run build first');
const port = Number(process.env.BENCH_PORT ?? 4400);
// Another server on the port would answer the health checks at once (a browser journey's, say): 0.02 s starts.
const portTaken = await fetch(`http://127.0.0.1:${port}/api/health`).then(Boolean, () => false);
if (portTaken) throw new Error(`port ${port} is taken: set BENCH_PORT to a free one`);
const starts = Number(process.env.BENCH_STARTS ?? 3);
const resultsFile = new URL('./results/start.json', import.meta.url).pathname;

type Timing = { wallMs: number; cpuMs: number };
const seconds = ({ wallMs, cpuMs }: Timing) => `${(wallMs / 1000).toFixed(2)} s (CPU ${(cpuMs / 1000).toFixed(2)} s)`;
const median = (timings: Timing[]): Timing => {
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { wallMs: middle(timings.map((t) => t.wallMs)), cpuMs: middle(timings.map((t) => t.cpuMs)) };
};
const scratch = () => mkdtempSync(join(tmpdir(), 'darsak-bench-start-'));

/** Starts `entry` with an empty compile cache (its own temporary folder), then again with the cache it wrote. */
async function coldThenWarm(env: Record<string, string>, entry: string[]): Promise<[Timing, Timing]> {
  const cacheHome = scratch();
  try {
    const withCache = { ...env, TMPDIR: cacheHome };
    return [await timeToReady(withCache, port, entry), await timeToReady(withCache, port, entry)];
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
}

const figures: Record<string, Record<string, Timing>> = {};
for (const [name, entry] of Object.entries(SERVER_ENTRY)) {
  const dataDir = scratch();
  const [first, restart] = await coldThenWarm({ DATA_DIR: dataDir, DATABASE_URL: '' }, entry);
  rmSync(dataDir, { recursive: true, force: true });
  const row: Record<string, Timing> = { 'PGlite first start': first, 'PGlite restart': restart };
  if (process.env.DATABASE_URL) {
    // A database of its own, migrated beforehand: the figure is a restart of an instance of a deployment, which
    // publishes no API document unless told (API_DOCS is on only in local mode).
    const database = `darsak_bench_${randomBytes(4).toString('hex')}`;
    const drop = await createTemplateDatabase(database);
    const pgDir = scratch();
    const pgEnv = { DATA_DIR: pgDir, DATABASE_URL: urlFor(database), SEED_DEMO: 'false', API_DOCS: 'false' };
    const runs: [Timing, Timing][] = [];
    for (let i = 0; i < starts; i++) runs.push(await coldThenWarm(pgEnv, entry));
    row['PostgreSQL restart, empty compile cache'] = median(runs.map(([cold]) => cold));
    row['PostgreSQL restart'] = median(runs.map(([, warm]) => warm));
    rmSync(pgDir, { recursive: true, force: true });
    await drop();
  }
  figures[name] = row;
}

const previous = existsSync(resultsFile)
  ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { figures: typeof figures }).figures
  : {};
console.table(
  Object.entries(figures).flatMap(([entry, row]) =>
    Object.entries(row).map(([start, timing]) => {
      const before = previous[entry]?.[start];
      return { entry, start, now: seconds(timing), 'previous run': before ? seconds(before) : '' };
    }),
  ),
);
mkdirSync(join(resultsFile, '..'), { recursive: true });
const context = { at: new Date().toISOString(), loadAverage: loadavg()[0]?.toFixed(1), node: process.version };
writeFileSync(resultsFile, `${JSON.stringify({ ...context, figures }, null, 2)}\n`);
