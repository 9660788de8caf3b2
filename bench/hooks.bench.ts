// What each hook on every request costs: a bare Fastify route against the same route with one of the app's global
// hooks (CORS, the security headers, the request meter) and with all three, in passes alternating with the bare
// one, 50 connections. Run: npm run bench:hooks (figures printed; nothing asserts a time).
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { installRequestMeter } from '../apps/server/src/modules/server-stats/request-meter.ts';
import { headerSettingsOf, installSecurityHeaders } from '../apps/server/src/platform/http/security-headers.ts';
import { alternating, type Figure, load } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;
const passes = 4;
const config = loadConfig({ SERVER_ENV: 'local', DATA_DIR: '/tmp/darsak-bench-hooks', LOG_LEVEL: 'silent' });

const hooks: Record<string, (app: FastifyInstance) => Promise<unknown> | unknown> = {
  'CORS (onRequest)': (app) => app.register(cors, { origin: [config.PUBLIC_APP_URL], credentials: true }),
  'security headers (onSend)': (app) => installSecurityHeaders(app, 'app', headerSettingsOf(config, undefined)),
  'request meter (onResponse)': (app) => installRequestMeter(app),
};

async function serve(install: (app: FastifyInstance) => Promise<unknown> | unknown): Promise<string> {
  const app = Fastify();
  await install(app);
  app.get('/api/bare', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/bare`;
}

const bareUrl = await serve(() => undefined);
const bare = () => load('bare', bareUrl, { seconds: seconds / passes, connections });
const rows: Figure[] = [];
const all = async (app: FastifyInstance) => {
  for (const install of Object.values(hooks)) await install(app);
};
for (const [name, install] of [...Object.entries(hooks), ['all three', all] as const]) {
  const url = await serve(install);
  const { figure } = await alternating(bare, () => load(name, url, { seconds: seconds / passes, connections }), passes);
  rows.push(figure);
}
console.table(
  rows.map((r) => ({ hook: r.name, 'req/s': r.rps, 'p99 ms': r.p99, 'of bare': `${(r.share * 100).toFixed(1)}%` })),
);
process.exit(0); // the servers are left listening: the process ends with the figures
