// A job-only process for production: the same modules and jobs as the API, no HTTP listener. Run several;
// the queue gives each job to one of them.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { systemClock } from './platform/clock.ts';
import { openDatabase } from './platform/db/client.ts';
import { applyMigrations } from './platform/db/migrate.ts';
import { errorReporterOf, reportProcessFailures } from './platform/error-reporting.ts';
import { createGoogleVerifier, remoteGoogleKeys } from './providers/google/id-token-verifier.ts';

async function worker() {
  const config = loadConfig();
  reportProcessFailures(errorReporterOf(config));
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite`, poolSize: 4 });
  await applyMigrations(database);
  const google = createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID ?? 'unused',
    keys: remoteGoogleKeys(config.GOOGLE_JWKS_URL),
  });
  const app = await buildApp({ config, database, clock: systemClock, google, runJobs: true });
  await app.ready();
  app.log.info('worker running jobs');
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

worker().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
