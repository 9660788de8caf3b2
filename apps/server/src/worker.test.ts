import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { samplesOf, sampleValue } from '../test/metrics.ts';
import { exitOf, runEntry } from '../test/server-process.ts';
import { createLastingTestDatabase, type LastingTestDatabase } from '../test/test-database.ts';
import { waitUntil } from '../test/wait-until.ts';
import { SERVER_RELEASE } from './platform/server-root.ts';

// The job worker as production runs it, a process of its own, on a migrated database: PostgreSQL in production mode
// when the run has one (DATABASE_URL), else the embedded PGlite of local mode. No API, a listener of its own.

const METRICS_TOKEN = 'metrics-token-of-the-worker-test';

describe('the job worker’s listener (WORKER_PORT)', () => {
  let lasting: LastingTestDatabase;
  let worker: { child: ChildProcess; output: string[] };
  let base: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'darsak-worker-'));

  beforeAll(async () => {
    lasting = await createLastingTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { url } = lasting.location;
    const mode = url
      ? {
          SERVER_ENV: 'production',
          DATABASE_URL: url,
          REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          REDIS_CACHE_PREFIX: `worker-test:${port}`,
          DATA_DIR: dataDir,
          JWT_SECRET: 'a-signing-secret-of-at-least-32-characters',
          PUBLIC_APP_URL: 'http://127.0.0.1:1',
          PUBLIC_ADMIN_URL: 'http://127.0.0.1:2',
          PUBLIC_SITE_URL: 'http://127.0.0.1:3',
        }
      : // Local mode keeps PGlite under DATA_DIR/pglite, where the lasting database is.
        {
          SERVER_ENV: 'local',
          DATA_DIR: dirname(lasting.location.dataDir),
          DATABASE_URL: undefined,
          REDIS_URL: undefined,
        };
    worker = runEntry('worker.ts', {
      ...mode,
      HOST: '127.0.0.1',
      WORKER_PORT: String(port),
      METRICS_TOKEN,
      SERVE_FRONTENDS: 'false',
      LOG_LEVEL: 'warn',
    });
    await waitUntil(
      'the worker answers its health check',
      async () => (await fetch(`${base}/health`).catch(() => undefined))?.status === 200,
      120_000,
    );
  }, 180_000);
  afterAll(async () => {
    if (worker?.child.exitCode === null) {
      worker.child.kill('SIGKILL');
      await exitOf(worker.child);
    }
    await lasting?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers its health check, and no API', async () => {
    const health = await fetch(`${base}/health`);
    expect(await health.json()).toEqual({ ok: true });
    const api = await fetch(`${base}/api/v1/plan`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'route-not-found' });
  });

  it('gives its metrics to the bearer of METRICS_TOKEN only: the process, the release, the jobs', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const refused = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(await refused.json()).toMatchObject({ code: 'unauthenticated' });

    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    const samples = samplesOf(await answer.text());
    expect(sampleValue(samples, 'darsak_build_info', { release: SERVER_RELEASE })).toBe(1);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'darsak_database_up')).toBe(1);
    expect(
      sampleValue(samples, 'darsak_job_queue_jobs', { queue: 'verification.password-code', state: 'active' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('stops on SIGTERM with exit 0 and frees its port', { timeout: 60_000 }, async () => {
    worker.child.kill('SIGTERM');
    expect(await exitOf(worker.child), worker.output.join('')).toBe(0);
    expect(
      await fetch(`${base}/health`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
  });
});
