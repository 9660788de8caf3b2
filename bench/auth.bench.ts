// Sign-in and current-user throughput against a bare Fastify route in the same process, and start-up time.
// Run: npm run bench   (figures are printed; nothing here asserts a time)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import { registerUser, validPassword } from '../apps/server/test/factories.ts';
import { bareRoute, load, printTable, timeToReady } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const bare = await bareRoute();

const t = await buildTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const { token, user } = await registerUser(t.app);

console.log(`database: ${t.database.kind}; ${seconds}s per route, 10 connections`);
const baseline = await load('GET /bare (Fastify, no work)', bare.url, { seconds });
const current = await load('GET /api/v1/user/current', `${appUrl}/api/v1/user/current`, {
  seconds,
  headers: { authorization: `Bearer ${token}` },
});
const signIn = await load('POST /api/v1/auth/password', `${appUrl}/api/v1/auth/password`, {
  seconds,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: user.email, password: validPassword }),
});
printTable(baseline, [current, signIn]);
await t.close();
await bare.close();

const dataDir = mkdtempSync(join(tmpdir(), 'darsak-bench-'));
const first = await timeToReady({ DATA_DIR: dataDir }, 3950);
const second = await timeToReady({ DATA_DIR: dataDir }, 3950);
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `start to ready (server only, PGlite): first start with migrations and seed ${(first.wallMs / 1000).toFixed(2)} s;`,
);
console.log(
  `  restart on existing data ${(second.wallMs / 1000).toFixed(2)} s (npm run bench:start compares the build)`,
);
