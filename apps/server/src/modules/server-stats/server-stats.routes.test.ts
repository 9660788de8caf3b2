import type { ServerStatsSnapshot } from '@darsak/domain/server-stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { connectAs, listen, nextEvent, noEvent } from '../../../test/sockets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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
