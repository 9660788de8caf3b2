import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import { exitOf, runEntry } from '../../../test/server-process.ts';
import { createEmptyPostgresDatabase, type LastingTestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import { type Database, openDatabase } from './client.ts';
import { hasSchema, MIGRATION_TIMEOUT_DEFAULTS, SchemaWaitError } from './migrate.ts';
import { schemaAtStart } from './schema-at-start.ts';

const silent = { info: () => undefined };
/** The status /api/health (or another health path) answers on that port, 0 when nothing listens. */
const healthOn = (port: number, path = '/api/health') =>
  fetch(`http://127.0.0.1:${port}${path}`).then(
    (r) => r.status,
    () => 0,
  );
const settings = (isLocal: boolean) => ({
  isLocal,
  SCHEMA_WAIT_SECONDS: 3, // time enough on a loaded machine to see the port answer before the wait gives up
  MIGRATION_LOCK_TIMEOUT_MS: MIGRATION_TIMEOUT_DEFAULTS.lockTimeoutMs,
  MIGRATION_STATEMENT_TIMEOUT_MS: MIGRATION_TIMEOUT_DEFAULTS.statementTimeoutMs,
});

describe('the schema at an instance’s start, on an empty database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database?.close());

  it('elsewhere than local mode is waited for, never migrated, the port answering 503 until the wait gives up', async () => {
    const port = await freePort();
    const health = () => healthOn(port);
    const start = schemaAtStart(settings(false), database, silent, { port, host: '127.0.0.1' });
    const outcome = start.then(
      () => 'started',
      (error: unknown) => error,
    );
    await waitUntil('the port answers', async () => (await health()) !== 0);
    expect(await health()).toBe(503);
    expect(await healthOn(port, '/api/health/ready')).toBe(503);
    expect(await healthOn(port, '/api/health/live')).toBe(200); // alive: a liveness probe restarts nothing
    expect(await outcome).toBeInstanceOf(SchemaWaitError);
    expect(await health()).toBe(0); // the port is free again, for the app or the next attempt
    expect(await hasSchema(database)).toBe(false);
  });

  it('in local mode is migrated by the instance itself, so npm start works on a fresh clone', async () => {
    await schemaAtStart(settings(true), database, silent);
    expect(await hasSchema(database)).toBe(true);
  });
});

// The server and the migrate command as production runs them (processes, SERVER_ENV=production) on an empty
// PostgreSQL database: the instance does not migrate, it waits, answering 503, until the migrate step has run.
describe.skipIf(!process.env.DATABASE_URL)('an API instance outside local mode', () => {
  let lasting: LastingTestDatabase;
  let database: Database;
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'darsak-schema-wait-'));

  beforeAll(async () => {
    lasting = await createEmptyPostgresDatabase();
    database = await lasting.open();
  });
  afterAll(async () => {
    if (server?.exitCode === null) {
      server.kill('SIGKILL');
      await exitOf(server);
    }
    await database?.close();
    await lasting?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('waits for the migrate step, answering 503, and starts once the schema is there', {
    timeout: 180_000,
  }, async () => {
    const url = lasting.location.url ?? '';
    const port = await freePort();
    const address = `http://127.0.0.1:${port}`;
    const instance = runEntry('main.ts', {
      SERVER_ENV: 'production',
      DATABASE_URL: url,
      // Production with a separate job worker (RUN_JOBS=false) asks for Redis; unreachable, it only degrades.
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_CACHE_PREFIX: `schema-at-start:${port}`,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'a-signing-secret-of-at-least-32-characters',
      PUBLIC_APP_URL: address,
      PUBLIC_ADMIN_URL: 'http://127.0.0.1:1',
      PUBLIC_SITE_URL: 'http://127.0.0.1:2',
      SERVE_FRONTENDS: 'false',
      RUN_JOBS: 'false',
    });
    server = instance.child;
    const health = () => healthOn(port);

    await waitUntil('the waiting instance answers 503', async () => (await health()) === 503, 90_000);
    await waitUntil('it says what it waits for', () =>
      instance.output.join('').includes('waiting for the migrate step'),
    );
    expect(await hasSchema(database)).toBe(false); // it did not migrate
    expect(server.exitCode).toBeNull();

    const migrate = runEntry('migrate.ts', { SERVER_ENV: 'production', DATABASE_URL: url, DATA_DIR: dataDir });
    expect(await exitOf(migrate.child), migrate.output.join('')).toBe(0);
    expect(migrate.output.join('')).toContain('schema migrated');
    expect(await hasSchema(database)).toBe(true);

    await waitUntil('the instance is ready', async () => (await health()) === 200, 90_000);
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
  });
});
