// A job-only process for production: the same modules and jobs as the API, and no API listener. Run several; the
// queue gives each job to one of them. Its own small listener on WORKER_PORT answers health checks and metrics.
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadWorkerConfig } from './config/env.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db/client.ts';
import { schemaAtStart } from './platform/db/schema-at-start.ts';
import { errorReporterOf, reportProcessFailures } from './platform/error-reporting.ts';
import { startWorkerListener } from './platform/metrics/worker-listener.ts';
import { exitOnStopSignals } from './platform/shutdown.ts';
import { createGoogleVerifier, remoteGoogleKeys } from './providers/google/id-token-verifier.ts';

async function worker() {
  const config = loadWorkerConfig();
  reportProcessFailures(errorReporterOf(config));
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite`, poolSize: 4 });
  const address = { port: config.WORKER_PORT, host: config.HOST };
  // While it waits for the migrate step, its port answers 503: the health check sees a worker not ready yet.
  await schemaAtStart(config, database, pino({ level: config.LOG_LEVEL }), address);
  const google = createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID ?? 'unused',
    keys: remoteGoogleKeys(config.GOOGLE_JWKS_URL),
  });
  const app = await buildApp({ config, database, clock: systemClock, google, runJobs: true });
  await app.ready();
  const listener = await startWorkerListener({
    ...address,
    metrics: app.metrics,
    metricsToken: config.METRICS_TOKEN,
    ready: () => database.ping(),
  });
  app.log.info({ port: listener.port }, 'worker running jobs');
  // Jobs in flight get pg-boss's graceful stop (up to 10 s, then they are failed to be retried), all within the
  // drain timeout and compose's stop_grace_period.
  exitOnStopSignals(app.log, config.DRAIN_TIMEOUT_SECONDS * 1000, async () => {
    listener.stopping();
    await app.close();
    await listener.close();
    await database.close();
  });
}

worker().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
