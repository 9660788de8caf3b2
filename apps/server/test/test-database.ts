import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';
import { createJobQueue } from '../src/platform/jobs/queue.ts';

export const TEMPLATE_ENV = 'DARSAK_PG_TEMPLATE';
/** This run's template (named by the global setup, so two runs on one server never rebuild each other's). */
const templateDb = () => process.env[TEMPLATE_ENV] ?? 'darsak_test_template';

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

/** Migrated template on the real server, built once per run by the global setup; answers how to drop it. */
export async function createTemplateDatabase(name: string): Promise<() => Promise<void>> {
  const drop = () => admin(async (c) => void (await c.query(`drop database if exists ${name} with (force)`)));
  await drop();
  await admin((c) => c.query(`create database ${name}`));
  const database = await openDatabase({ url: urlFor(name), dataDir: '' });
  await prepare(database);
  await database.close();
  return drop;
}

/** Migrations plus the job queue's own schema: what every test database starts from. */
async function prepare(database: Database): Promise<void> {
  await applyMigrations(database);
  const queue = createJobQueue(database);
  await queue.start({ work: false });
  await queue.stop();
}

export const SNAPSHOT_ENV = 'DARSAK_PGLITE_SNAPSHOT';

/** Migrates one in-memory PGlite and saves its data directory; test files load it instead of migrating. */
export async function createPgliteSnapshot(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepare(database);
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('PGlite dump failed');
  const file = join(tmpdir(), `darsak-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a copy of the template on the
 * PostgreSQL server named by DATABASE_URL (the same suites run against both).
 */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) {
    const snapshotFile = process.env[SNAPSHOT_ENV];
    if (snapshotFile) return openDatabase({ dataDir: 'memory://', snapshot: new Blob([await readFile(snapshotFile)]) });
    const database = await openDatabase({ dataDir: 'memory://' });
    await prepare(database);
    return database;
  }
  const name = await copyTemplate();
  const database = await openDatabase({ url: urlFor(name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/** A new database on the PostgreSQL server, copied from the migrated template; answers its name. */
async function copyTemplate(): Promise<string> {
  const name = `darsak_t_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`create database ${name} template ${templateDb()}`));
      return name;
    } catch (error) {
      if (attempt >= 10) throw error; // the template is briefly busy while another file copies it
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
}

const dropDatabase = async (name: string) => {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
};

/** Where a lasting test database lives: what another process needs to open it too. */
export interface DatabaseLocation {
  url?: string;
  dataDir: string;
}

export interface LastingTestDatabase {
  location: DatabaseLocation;
  /** Opens it as a (re)starting process would; the caller closes what it opened. */
  open(): Promise<Database>;
  /** Deletes it for good. */
  drop(): Promise<void>;
}

/** An empty database of its own on the PostgreSQL server named by DATABASE_URL: nothing migrated (migration tests). */
export async function createEmptyPostgresDatabase(): Promise<LastingTestDatabase> {
  const name = `darsak_empty_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const location = { url: urlFor(name), dataDir: '' };
  return { location, open: () => openDatabase(location), drop: () => dropDatabase(name) };
}

/** An unmigrated database, open, and how to be rid of it (closed and deleted). */
export interface EmptyTestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** How to open an empty database on each engine of the run: in-memory PGlite, and PostgreSQL with DATABASE_URL. */
export function emptyDatabaseEngines(): [string, () => Promise<EmptyTestDatabase>][] {
  const pglite = async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  };
  const postgres = async () => {
    const empty = await createEmptyPostgresDatabase();
    const database = await empty.open();
    return { database, dispose: () => database.close().then(empty.drop) };
  };
  return process.env.DATABASE_URL
    ? [
        ['pglite', pglite],
        ['postgres', postgres],
      ]
    : [['pglite', pglite]];
}

/**
 * A migrated test database that outlives its connections, to stop and start the app or the job queue on it:
 * an on-disk PGlite data directory (as local mode keeps it under DATA_DIR), or a copy of the template on the
 * PostgreSQL server named by DATABASE_URL.
 */
export async function createLastingTestDatabase(): Promise<LastingTestDatabase> {
  if (process.env.DATABASE_URL) {
    const name = await copyTemplate();
    const location = { url: urlFor(name), dataDir: '' };
    return { location, open: () => openDatabase(location), drop: () => dropDatabase(name) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'darsak-lasting-'));
  const location = { dataDir: join(dir, 'pglite') };
  const snapshotFile = process.env[SNAPSHOT_ENV];
  const first = snapshotFile
    ? await openDatabase({ ...location, snapshot: new Blob([await readFile(snapshotFile)]) })
    : await openDatabase(location);
  if (!snapshotFile) await prepare(first);
  await first.close();
  return { location, open: () => openDatabase(location), drop: () => rm(dir, { recursive: true, force: true }) };
}
