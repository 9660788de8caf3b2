import { createServer } from 'node:http';
import { type Config, migrationTimeoutsOf } from '../../config/env.ts';
import type { Database } from './client.ts';
import { applyMigrations, type MigrationLog, waitForSchema } from './migrate.ts';

type StartConfig = Pick<
  Config,
  'isLocal' | 'SCHEMA_WAIT_SECONDS' | 'MIGRATION_LOCK_TIMEOUT_MS' | 'MIGRATION_STATEMENT_TIMEOUT_MS'
>;

/**
 * The schema an instance needs, at its start. Local mode applies the migrations itself, so `npm start` works on a
 * fresh clone. Elsewhere the migrate step applies them before a rollout (docs/operations.md) and the instance
 * waits for them: a bad migration fails once, in that step, while the running instances go on with the old schema.
 * With `notReadyOn`, that port answers 503 meanwhile (liveness 200), so readiness probes see an instance not ready yet.
 */
export async function schemaAtStart(
  config: StartConfig,
  database: Database,
  log: MigrationLog,
  notReadyOn?: { port: number; host: string },
): Promise<void> {
  if (config.isLocal) {
    await applyMigrations(database, { timeouts: migrationTimeoutsOf(config), log });
    return;
  }
  const wait = () => waitForSchema(database, { timeoutMs: config.SCHEMA_WAIT_SECONDS * 1000, log });
  await (notReadyOn ? answeringNotReady(notReadyOn, wait) : wait());
}

/** Runs `wait` with the port answering every request but liveness 503, then frees the port for the app. */
async function answeringNotReady(address: { port: number; host: string }, wait: () => Promise<void>): Promise<void> {
  const server = createServer((request, response) => {
    // Alive (liveness answers 200), not ready: a probe restarts nothing while the instance waits.
    const live = request.url === '/api/health/live';
    response.writeHead(live ? 200 : 503, { 'content-type': 'application/json', connection: 'close' });
    response.end(JSON.stringify({ ok: live, waiting: 'schema' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject).listen(address.port, address.host, resolve);
  });
  try {
    await wait();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
