import type { ServerStatsSnapshot } from '@darsak/domain/server-stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { connectAs, listen, nextEvent, noEvent } from '../../../test/sockets.ts';

const METRICS_TOKEN = 'metrics-token-of-the-tests';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN } });
});
afterAll(() => t.close());

const scrape = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

/** PGlite has no pool; node-postgres reports its clients. */
const poolOrNone = () =>
  t.database.kind === 'pglite'
    ? null
    : { total: expect.any(Number), idle: expect.any(Number), waiting: expect.any(Number) };

describe('server stats snapshot', () => {
  it("gives admins this instance's samples: requests, errors by class and p95 of the interval", async () => {
    const admin = await createActor(t, 'admin');
    await t.app.serverStats.sample(); // start a fresh interval
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    await t.app.inject({ method: 'GET', url: '/api/v1/server-stats' }); // anonymous: 401
    const sample = await t.app.serverStats.sample();
    expect(sample.requestsPerSecond * sample.intervalSeconds).toBeCloseTo(5);
    expect(sample).toMatchObject({ errors4xx: 2, errors5xx: 0, databasePool: poolOrNone(), sockets: 0 });
    expect(sample.p95Ms).toBeGreaterThan(0);
    expect(sample.memory.rssBytes).toBeGreaterThan(sample.memory.heapUsedBytes);
    expect(sample.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(sample.queues?.map((q) => q.name)).toContain('verification.password-code');

    const answer = await injectAs(t.app, admin.token, { method: 'GET', url: '/api/v1/server-stats' });
    expect(answer.statusCode).toBe(200);
    const snapshot = answer.json() as ServerStatsSnapshot;
    expect(snapshot.intervalSeconds).toBe(5);
    expect(snapshot.samples.at(-1)).toEqual(sample);
  });

  it('is refused to other staff and to students', async () => {
    for (const role of ['tutorManager', 'student'] as const) {
      const someone = await createActor(t, role);
      const answer = await injectAs(t.app, someone.token, { method: 'GET', url: '/api/v1/server-stats' });
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('Prometheus endpoint', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('not-the-metrics-token')).json()).toMatchObject({ code: 'unauthenticated' });
    const admin = await createActor(t, 'admin');
    expect((await scrape(admin.token)).statusCode).toBe(401);
  });

  it('publishes counters, the latency histogram and the sampled figures in the text format', async () => {
    await t.app.serverStats.sample();
    const answer = await scrape(METRICS_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = answer.body;
    expect(text).toMatch(/^darsak_http_requests_total \d+$/m);
    expect(text).toMatch(/^darsak_http_errors_total\{class="4xx"\} [1-9]\d*$/m);
    expect(text).toMatch(/^darsak_http_request_duration_seconds_bucket\{le="0.001"\} \d+$/m);
    expect(text).toMatch(/^darsak_http_request_duration_seconds_bucket\{le="\+Inf"\} \d+$/m);
    expect(text).toMatch(/^darsak_event_loop_delay_seconds\{stat="p99"\} [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^darsak_job_queue_jobs\{queue="verification.password-code",state="ready"\} \d+$/m);
    if (t.database.kind === 'pglite')
      expect(text).not.toContain('darsak_db_pool'); // PGlite has no pool
    else expect(text).toMatch(/^darsak_db_pool\{state="total"\} [1-9]\d*$/m);
    // every sample line belongs to a declared family
    const declared = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
    const sampled = text.split('\n').filter((line) => line && !line.startsWith('#'));
    const family = (name: string) => name.replace(/_(bucket|sum|count)$/, '');
    expect(sampled.filter((line) => !declared.has(family(line.split(/[{ ]/)[0] as string)))).toEqual([]);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      const answer = await plain.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'route-not-found' });
    } finally {
      await plain.close();
    }
  });
});

describe('server-stats channel', () => {
  it('sends admins who follow it each sample, and refuses students', async () => {
    const baseUrl = await listen(t.app);
    const admin = await createActor(t, 'admin');
    const student = await registerUser(t.app);
    const adminSocket = await connectAs(baseUrl, admin.token);
    const studentSocket = await connectAs(baseUrl, student.token);
    try {
      expect(await adminSocket.emitWithAck('channel:subscribe', { channel: 'server-stats' })).toEqual({
        ok: true,
        data: null,
      });
      expect(await studentSocket.emitWithAck('channel:subscribe', { channel: 'server-stats' })).toMatchObject({
        ok: false,
        code: 'forbidden',
      });
      const received = nextEvent(adminSocket, 'server:stats');
      const leaked = noEvent(studentSocket, 'server:stats', 500);
      await t.app.serverStats.publishSample();
      const stats = await received;
      expect(stats.instanceId).toBe(t.app.serverStats.instanceId);
      expect(stats.sockets).toBe(2);
      expect(await leaked).toBe('nothing');
    } finally {
      adminSocket.close();
      studentSocket.close();
    }
  });
});
