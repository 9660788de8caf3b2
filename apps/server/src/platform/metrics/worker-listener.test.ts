import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { createMetrics } from './metrics.ts';
import { startWorkerListener } from './worker-listener.ts';

// worker.test.ts runs the whole worker; here its listener meets a database that stops answering, and a stop.

describe('the worker’s health check', () => {
  let database: Database;
  let listener: Awaited<ReturnType<typeof startWorkerListener>>;
  const health = async () => {
    const answer = await fetch(`http://127.0.0.1:${listener.port}/health`);
    return { status: answer.status, body: await answer.json() };
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    listener = await startWorkerListener({
      port: 0,
      host: '127.0.0.1',
      metrics: createMetrics(),
      metricsToken: undefined,
      ready: () => database.ping(),
    });
  });
  afterAll(() => listener.close());

  it('fails while the database does not answer, and once the worker is stopping', async () => {
    expect(await health()).toEqual({ status: 200, body: { ok: true } });
    await database.close();
    expect(await health()).toEqual({ status: 503, body: { ok: false, reason: 'database' } });
    listener.stopping();
    expect(await health()).toEqual({ status: 503, body: { ok: false, reason: 'stopping' } });
  });

  it('has no metrics route without METRICS_TOKEN', async () => {
    const answer = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(answer.status).toBe(404);
  });
});
