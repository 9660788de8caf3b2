// The cost of the server-stats request meter: the health route with and without the hook, and one record() call.
// Run: npm run bench:server-stats   (figures are printed; nothing here asserts a time)
import Fastify from 'fastify';
import { createRequestMeter, installRequestMeter } from '../apps/server/src/modules/server-stats/request-meter.ts';
import { type LoadResult, load, printTable } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

/** A Fastify app answering GET /api/health as the API does when the database answers at once. */
async function healthApp(metered: boolean) {
  const app = Fastify();
  if (metered) installRequestMeter(app);
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/health` };
}

const plain = await healthApp(false);
const metered = await healthApp(true);
console.log(`${seconds}s per run, 10 connections`);
// Two rounds in turn, so that a neighbour's load on the machine weighs on both sides alike.
const runs: LoadResult[] = [];
for (let round = 1; round <= 2; round++) {
  runs.push(await load(`GET /api/health without the hook (${round})`, plain.url, { seconds }));
  runs.push(await load(`GET /api/health with the stats hook (${round})`, metered.url, { seconds }));
}
const [first, ...rest] = runs as [LoadResult, ...LoadResult[]];
printTable(first, rest);
const rate = (hooked: boolean) => runs.filter((_, i) => i % 2 === (hooked ? 1 : 0)).reduce((sum, r) => sum + r.rps, 0);
console.log(`with / without the hook: ${(rate(true) / rate(false)).toFixed(3)}`);
await plain.app.close();
await metered.app.close();

const meter = createRequestMeter();
const calls = 10_000_000;
const started = performance.now();
for (let i = 0; i < calls; i++) meter.record(i % 50 === 0 ? 500 : 200, (i % 997) * 0.37);
console.log(`record(): ${(((performance.now() - started) * 1e6) / calls).toFixed(1)} ns per request`);
