// The cost of measuring every answer: the health route bare, with the server-stats request meter (the admins' live
// page), and with both it and the Prometheus histogram (platform/metrics, labelled by route, method and status);
// then one call of each per request.
// Run: npm run bench:server-stats   (figures are printed; nothing here asserts a time)
import Fastify from 'fastify';
import { createRequestMeter, installRequestMeter } from '../apps/server/src/modules/server-stats/request-meter.ts';
import { createMetrics } from '../apps/server/src/platform/metrics/metrics.ts';
import { type LoadResult, load, printTable } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
type Hooks = 'none' | 'meter' | 'meter+prometheus';

/** A Fastify app answering GET /api/health as the API does when the database answers at once. */
async function healthApp(hooks: Hooks) {
  const app = Fastify();
  if (hooks !== 'none') installRequestMeter(app);
  if (hooks === 'meter+prometheus') createMetrics().timeAnswers(app);
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/health` };
}

const variants: Array<[Hooks, string]> = [
  ['none', 'without hooks'],
  ['meter', 'with the stats meter'],
  ['meter+prometheus', 'with the meter and the Prometheus histogram'],
];
const apps = await Promise.all(variants.map(([hooks]) => healthApp(hooks)));
console.log(`${seconds}s per run, 10 connections`);
// Two rounds in turn, so that a neighbour's load on the machine weighs on every side alike.
const runs: LoadResult[] = [];
for (let round = 1; round <= 2; round++) {
  for (const [i, [, label]] of variants.entries()) {
    runs.push(await load(`GET /api/health ${label} (${round})`, apps[i]?.url ?? '', { seconds }));
  }
}
const [first, ...rest] = runs as [LoadResult, ...LoadResult[]];
printTable(first, rest);
const rate = (variant: number) =>
  runs.filter((_, i) => i % variants.length === variant).reduce((sum, r) => sum + r.rps, 0);
console.log(`with the meter / without: ${(rate(1) / rate(0)).toFixed(3)}`);
console.log(`with the meter and the histogram / without: ${(rate(2) / rate(0)).toFixed(3)}`);
await Promise.all(apps.map(({ app }) => app.close()));

const calls = 2_000_000;
const perCall = (label: string, call: (i: number) => void) => {
  const started = performance.now();
  for (let i = 0; i < calls; i++) call(i);
  console.log(`${label}: ${(((performance.now() - started) * 1e6) / calls).toFixed(1)} ns per request`);
};
const meter = createRequestMeter();
perCall('meter.record()', (i) => meter.record(i % 50 === 0 ? 500 : 200, (i % 997) * 0.37));
// The histogram's observe, as the hook calls it: one of 40 routes, two methods, two statuses.
const { registry } = createMetrics();
const histogram = registry.getSingleMetric('darsak_http_request_duration_seconds') as unknown as {
  observe(labels: Record<string, string | number>, value: number): void;
};
const routes = Array.from({ length: 40 }, (_, i) => `/api/v1/route-${i}/:id`);
perCall('histogram.observe()', (i) =>
  histogram.observe(
    { method: i % 3 === 0 ? 'POST' : 'GET', route: routes[i % 40] as string, status_code: i % 50 === 0 ? 500 : 200 },
    ((i % 997) * 0.37) / 1000,
  ),
);
