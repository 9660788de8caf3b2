import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { MIGRATIONS_FOLDER } from '../src/platform/db/migrate.ts';

/**
 * One upgrade run over data written before it: a fresh database migrated up to the migration whose file name ends
 * with `suffix`, where a test writes its rows, then that migration alone.
 */
export function migrationUpgrade(suffix: string) {
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const upgrade = files.findIndex((f) => f.endsWith(suffix));
  let database: Database | undefined;
  const db = () => {
    if (!database) throw new Error('the database is not open: call before() first');
    return database.db;
  };
  const run = async (file: string) => {
    const text = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await db().execute(sql.raw(statement));
    }
  };
  return {
    /** Where the upgrade is in the list (above 0 when found). */
    index: upgrade,
    /** Opens the database at the migration before the upgrade. */
    async before() {
      database = await openDatabase({ dataDir: 'memory://' });
      for (const file of files.slice(0, upgrade)) await run(file);
    },
    execute: async (statement: string) => {
      await db().execute(sql.raw(statement));
    },
    /** Runs the upgrade itself. */
    upgrade: () => run(files[upgrade] ?? ''),
    rows: async (query: string) => ((await db().execute(sql.raw(query))) as { rows: unknown[] }).rows,
    close: () => database?.close(),
  };
}
