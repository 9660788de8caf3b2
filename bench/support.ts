import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p99: number;
  errors: number;
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
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
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

/** Starts `main.ts` as `npm start` does (without the front-end build) and times it to a healthy /api/health. */
export async function timeToReady(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', SERVE_FRONTENDS: 'false' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {}
      if (performance.now() - started > 120_000) throw new Error('server did not start in 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
