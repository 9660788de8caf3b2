import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type Database, openDatabase } from '../apps/server/src/platform/db/client.ts';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.ts';
import { createTemplateDatabase, urlFor } from '../apps/server/test/test-database.ts';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The baseline every bench measures against: a bare Fastify route that does no work, on a port of its own. */
export async function bareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`,
    close: () => bare.close(),
  };
}

/** Runs autocannon against one request for a fixed time and returns requests/s and p99 latency (ms). */
export async function load(
  name: string,
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    seconds?: number;
    connections?: number;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? 8,
    connections: options.connections ?? 10,
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function printTable(baseline: LoadResult, results: LoadResult[]) {
  const rows = [baseline, ...results].map((r) => ({
    route: r.name,
    'req/s': Math.round(r.rps),
    'p99 ms': r.p99,
    'vs bare': `${((r.rps / baseline.rps) * 100).toFixed(1)}%`,
    'non-2xx': r.errors,
  }));
  console.table(rows);
}

/** One row of a figures file: a route's throughput and latency, and its share of the bare route's throughput. */
export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  share: number;
  errors: number;
}

/** Several runs of one route as one: mean req/s and p50, the worst p99, every error. */
const merged = (runs: LoadResult[]): LoadResult => ({
  name: runs[0]?.name ?? '',
  rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
  p50: Math.round((runs.reduce((sum, r) => sum + r.p50, 0) / runs.length) * 10) / 10,
  p99: Math.max(...runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

/**
 * A route against the bare route in alternating passes (bare, route, bare, route…): on a shared machine the
 * load of the neighbours drifts over a minute, and a share of bare taken from passes seconds apart drifts less.
 */
export async function alternating(
  bare: () => Promise<LoadResult>,
  route: () => Promise<LoadResult>,
  passes: number,
): Promise<{ route: LoadResult; bare: LoadResult; figure: Figure }> {
  const bares: LoadResult[] = [];
  const routes: LoadResult[] = [];
  for (let i = 0; i < passes; i++) {
    bares.push(await bare());
    routes.push(await route());
  }
  const [b, r] = [merged(bares), merged(routes)];
  return { route: r, bare: b, figure: { ...r, rps: Math.round(r.rps), share: r.rps / b.rps } };
}

export const baselineFigure = (bares: LoadResult[]): Figure => {
  const b = merged(bares);
  return { ...b, rps: Math.round(b.rps), share: 1 };
};

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const signed = (x: number, digits = 0) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/**
 * Prints the figures beside the previous run's of the same kind (`key`, e.g. the database) from `file`, then
 * keeps these in its place (unless `keep` is false: a partial run): a regression shows as a negative delta of req/s or
 * share, or a positive one of p99.
 */
export function compareAndKeep(
  file: string,
  key: string,
  figures: Figure[],
  context: Record<string, unknown>,
  { keep = true } = {},
) {
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { figures: Figure[] }>)
    : {};
  const before = new Map((kept[key]?.figures ?? []).map((f) => [f.name, f]));
  console.table(
    figures.map((f) => {
      const was = before.get(f.name);
      return {
        route: f.name,
        'req/s': f.rps,
        'p50 ms': f.p50,
        'p99 ms': f.p99,
        'of bare': percent(f.share),
        'non-2xx': f.errors,
        ...(was
          ? {
              'Δ req/s': `${signed(((f.rps - was.rps) / was.rps) * 100)}%`,
              'Δ of bare': `${signed((f.share - was.share) * 100, 1)} pt`,
              'Δ p99': `${signed(f.p99 - was.p99)} ms`,
            }
          : {}),
      };
    }),
  );
  if (!keep) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...kept, [key]: { ...context, figures } }, null, 2)}\n`);
}

/** How the server starts: from its TypeScript sources through tsx (development), or compiled (`npm run serve`). */
export const SERVER_ENTRY = {
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
  compiled: ['apps/server/dist/main.js'],
};

/** CPU time (user and system, ms) a process has used so far, from /proc (Linux): a figure a busy machine skews less. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of stat
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * Starts the server (without the front ends) and times it to a healthy /api/health: wall time, and the CPU
 * time the server used until then (on a shared machine the wall time mostly measures the neighbours).
 */
export async function timeToReady(
  env: Record<string, string>,
  port: number,
  entry: string[] = SERVER_ENTRY.tsx,
): Promise<{ wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn('node', entry, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', SERVE_FRONTENDS: 'false' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
          return { wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid as number) };
        }
      } catch {}
      if (performance.now() - started > 120_000) throw new Error('server did not start in 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** A migrated database of the bench's own: on the PostgreSQL server when DATABASE_URL is set, else PGlite. */
export async function benchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await applyMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `darsak_bench_${randomBytes(4).toString('hex')}`;
  const dropDatabase = await createTemplateDatabase(name);
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10); // production's default
  const database = await openDatabase({ url: urlFor(name), dataDir: '', poolSize });
  const drop = async () => {
    await database.close();
    await dropDatabase();
  };
  return { database, drop };
}
