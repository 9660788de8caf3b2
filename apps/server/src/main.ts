import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config/env.ts';
import { runtimeConfigOf } from './modules/system/system.routes.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db/client.ts';
import { schemaAtStart } from './platform/db/schema-at-start.ts';
import { errorReporterOf, reportProcessFailures } from './platform/error-reporting.ts';
import { closeConnectionsWhileDraining, drainThenClose } from './platform/http/drain.ts';
import { headerSettingsOf } from './platform/http/security-headers.ts';
import { loggerOptions } from './platform/logger.ts';
import { exitOnStopSignals } from './platform/shutdown.ts';
import {
  createGoogleVerifier,
  createLocalGoogleIssuer,
  type LocalGoogleIssuer,
  remoteGoogleKeys,
} from './providers/google/id-token-verifier.ts';
import { storageOf } from './providers/storage/configured.ts';

const LOCAL_GOOGLE_CLIENT_ID = 'darsak-local.apps.googleusercontent.com';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  reportProcessFailures(errorReporterOf(config));
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: `${config.DATA_DIR}/pglite`,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await schemaAtStart(config, database, pino({ level: config.LOG_LEVEL }), { port: config.PORT, host: config.HOST });

  // Local mode without Google settings signs in through a local issuer that the same verifier checks.
  const localGoogle =
    config.isLocal && !config.GOOGLE_JWKS_URL
      ? await createLocalGoogleIssuer(config.GOOGLE_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID)
      : undefined;
  const googleConfig = {
    ...config,
    GOOGLE_CLIENT_ID: config.GOOGLE_CLIENT_ID ?? (localGoogle ? LOCAL_GOOGLE_CLIENT_ID : undefined),
  };
  const google = createGoogleVerifier({
    clientId: googleConfig.GOOGLE_CLIENT_ID ?? 'google-sign-in-not-configured',
    keys: localGoogle?.keys ?? remoteGoogleKeys(config.GOOGLE_JWKS_URL),
  });

  const storage = storageOf(config);
  // The seed (and sharp, which draws its pictures) loads only where it runs: production starts without it.
  const demoSignIns = config.SEED_DEMO
    ? await (await import('./seed/demo-seed.ts')).seedDemoData(database.db, storage, new Date())
    : [];
  const app = await buildApp({
    storage,
    config: googleConfig,
    database,
    clock: systemClock,
    google,
    localGoogle,
    runJobs: config.RUN_JOBS,
  });
  const frontEnds = config.SERVE_FRONTENDS ? await serveFrontEnds(app, googleConfig, localGoogle) : [];

  await app.listen({ port: config.PORT, host: config.HOST });
  for (const [front, port] of frontEnds) await front.listen({ port, host: config.HOST });
  await app.ready();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  printBanner(config, seconds, demoSignIns);

  exitOnStopSignals(app.log, config.DRAIN_TIMEOUT_SECONDS * 1000, async () => {
    await drainThenClose(
      app,
      frontEnds.map(([front]) => front),
      () => sleep(config.DRAIN_DELAY_SECONDS * 1000),
    );
    await database.close();
  });
}

/**
 * The main app on the API's server; the admin app and the site on servers of their own, with the ports to listen
 * on. Loaded and built only when this instance serves them: file serving (@fastify/static and glob) and the
 * site's prerendered live page module cost about a fifth of a start.
 */
async function serveFrontEnds(
  app: FastifyInstance,
  config: Config,
  localGoogle: LocalGoogleIssuer | undefined,
): Promise<[FastifyInstance, number][]> {
  const { frontendDist, serveSpa, staticServer } = await import('./platform/http/frontends.ts');
  const { mainAppPageShell } = await import('./modules/public-pages/public-pages.shell.ts');
  const runtimeConfig = runtimeConfigOf(config);
  await serveSpa(app, frontendDist('web'), runtimeConfig, await mainAppPageShell(app, config.PUBLIC_APP_URL));
  const logger = loggerOptions(config) ?? false;
  const headers = headerSettingsOf(config, localGoogle);
  const admin = await staticServer('admin', { logger, headers, config: runtimeConfig });
  // The site's pages show the live plans and post the contact form through the API, in process.
  const site = await staticServer('site', { logger, headers, config: runtimeConfig, api: app });
  for (const front of [admin, site]) closeConnectionsWhileDraining(front, app.drain);
  return [
    [admin, config.ADMIN_PORT],
    [site, config.SITE_PORT],
  ];
}

function printBanner(config: Config, seconds: string, demo: { role: string; email: string; password: string }[]) {
  const lines = [
    '',
    `Darsak is ready in ${seconds}s (${config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`})`,
    `  Main app and API   ${config.PUBLIC_APP_URL}${config.API_DOCS ? `   (API docs ${config.PUBLIC_APP_URL}/api/docs)` : ''}`,
    `  Admin app          ${config.PUBLIC_ADMIN_URL}`,
    `  Marketing site     ${config.PUBLIC_SITE_URL}`,
    ...(config.isLocal ? [`  Outbox (local)     ${config.PUBLIC_APP_URL}/dev/outbox`] : []),
    ...(demo.length > 0
      ? ['  Demo sign-ins:', ...demo.map((d) => `    ${d.role.padEnd(14)} ${d.email}  ${d.password}`)]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Darsak failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
