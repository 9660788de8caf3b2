import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';

export const TEMPLATE_DB = 'darsak_test_template';

/** The server URL with another database name. */
export function urlFor(database: string, base = process.env.DATABASE_URL ?? ''): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Migrated template on the real server, built once per run by the global setup. */
export async function createTemplateDatabase(): Promise<void> {
  await admin(async (c) => {
    await c.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await c.query(`create database ${TEMPLATE_DB}`);
  });
  const database = await openDatabase({ url: urlFor(TEMPLATE_DB), dataDir: '' });
  await applyMigrations(database);
  await database.close();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a copy of the template on the
 * PostgreSQL server named by DATABASE_URL (the same suites run against both).
 */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await applyMigrations(database);
    return database;
  }
  const name = `darsak_t_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`create database ${name} template ${TEMPLATE_DB}`));
      break;
    } catch (error) {
      if (attempt >= 10) throw error; // the template is briefly busy while another file copies it
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
  const database = await openDatabase({ url: urlFor(name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
