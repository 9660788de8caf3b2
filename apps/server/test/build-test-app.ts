import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { mainAppPageShell } from '../src/modules/public-pages/public-pages.shell.ts';
import { runtimeConfigOf } from '../src/modules/system/system.routes.ts';
import { manualClock } from '../src/platform/clock.ts';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { serveSpa } from '../src/platform/http/frontends.ts';
import { createGoogleVerifier, createLocalGoogleIssuer } from '../src/providers/google/id-token-verifier.ts';
import { storageTestEnv } from './s3-stand-in.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_GOOGLE_CLIENT_ID = 'darsak-test.apps.googleusercontent.com';

/** Two instances share a real PostgreSQL and Redis: their tests skip on the embedded database. */
export const noCluster = !process.env.REDIS_URL || !process.env.DATABASE_URL;
/** Joins an instance to the run's Redis, when it has one. */
export const redisEnv = (): Record<string, string> =>
  process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};

export interface TestAppOptions {
  now?: string;
  env?: Record<string, string>;
  /** An open database to run on (e.g. a lasting one, to restart the app on it); the caller closes it. */
  database?: Database;
  /** Whether this instance works the job queue (off by default: tests run job handlers themselves). */
  runJobs?: boolean;
  /** Keep the app's warnings and errors as parsed JSON lines in `logs` (off: tests log nothing). */
  captureLogs?: boolean;
  /** A built main app to serve beside the API, as `npm start` does. */
  frontendRoot?: string;
  /** Its public pages rendered on the server by its build, as `npm start` does (off: sent as built). */
  renderPages?: boolean;
  /** Whether hot answers are also serialized by zod and compared (on: tests; off: benches measure production). */
  checkFastResponses?: boolean;
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The real app on a fresh database, with a settable clock and a local Google issuer. */
export async function buildTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await openTestDatabase());
  const clock = manualClock(options.now ?? new Date());
  const google = await createLocalGoogleIssuer(TEST_GOOGLE_CLIENT_ID);
  const config = loadConfig({
    SERVER_ENV: 'local',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    DATA_DIR: join(tmpdir(), 'darsak-test'),
    LOG_LEVEL: 'silent',
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    // Required outside local mode (tests of staging and production set only what they are about): the local
    // default address, and one process that may go without Redis.
    PUBLIC_SITE_URL: 'http://localhost:3002',
    SINGLE_INSTANCE: 'true',
    // Each test app is a deployment of its own (its own database): on a shared Redis, its own keys and channels.
    REDIS_CACHE_PREFIX: `darsak:test:${randomUUID()}`,
    ...(options.captureLogs ? { LOG_LEVEL: 'warn' } : {}),
    ...(await storageTestEnv()),
    ...options.env,
  });
  const logs: LogLine[] = [];
  const app = await buildApp({
    config,
    database,
    clock,
    google: createGoogleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, keys: google.keys }),
    localGoogle: google,
    logger: options.captureLogs ? { write: (line) => logs.push(JSON.parse(line) as LogLine) } : false,
    runJobs: options.runJobs ?? false,
    checkFastResponses: options.checkFastResponses ?? true,
  });
  if (options.frontendRoot) {
    const pages = options.renderPages ? await mainAppPageShell(app, config.PUBLIC_APP_URL) : undefined;
    await serveSpa(app, options.frontendRoot, runtimeConfigOf(config), pages);
  }
  await app.ready();
  return {
    app,
    database,
    logs,
    clock,
    google,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * A second API instance beside `first`, as in production: the same PostgreSQL database (its own pool), config,
 * clock and Google keys. Only with DATABASE_URL; close its database after the app.
 */
export async function buildSecondInstance(first: TestApp) {
  const database = await openDatabase({ url: first.database.url, dataDir: '' });
  const app = await buildApp({
    config: first.config,
    database,
    clock: first.clock,
    google: createGoogleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, keys: first.google.keys }),
    logger: false,
    runJobs: false,
  });
  await app.ready();
  return { app, database };
}

/** `app.inject` with a bearer token. */
export function injectAs(app: FastifyInstance, token: string | undefined, request: InjectOptions) {
  return app.inject({
    ...request,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
