// The migrate step: applies the pending migrations to the configured database and exits, once before a rollout
// (compose's one-shot `migrate` service; docs/operations.md, "Changing the database"). Instances outside local mode
// wait for it instead of migrating. Exit 0: the schema is current; 1: a migration failed (the message says which,
// and what of it stayed applied); 2: a bad setting.
import pino from 'pino';
import { ConfigError, loadMigrationConfig, migrationTimeoutsOf } from './config/env.ts';
import { openDatabase } from './platform/db/client.ts';
import { applyMigrations } from './platform/db/migrate.ts';

async function migrate() {
  const config = loadMigrationConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite`, poolSize: 1 });
  try {
    const applied = await applyMigrations(database, { timeouts: migrationTimeoutsOf(config), log });
    log.info({ applied }, applied.length > 0 ? 'schema migrated' : 'schema already current');
  } finally {
    await database.close();
  }
}

migrate().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
