import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SERVER_ROOT } from '../server-root.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/**
 * The first line of a migration that runs outside a transaction, statement by statement (`CREATE INDEX
 * CONCURRENTLY` cannot run inside one). Such a migration is not undone when a statement fails, and the next run
 * repeats it from its first statement: write each statement so that running it again is harmless (docs/operations.md).
 */
export const NO_TRANSACTION_MARK = '-- darsak:no-transaction';

/** PostgreSQL's lock_timeout and statement_timeout for each migration statement, in ms (0: no limit). */
export interface MigrationTimeouts {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * A statement waiting 3 s for a lock gives up rather than queue every query on its table behind it (a sign-in once
 * waited 11 s); one running a minute is stopped. The README's MIGRATION_* settings change them.
 */
export const MIGRATION_TIMEOUT_DEFAULTS: MigrationTimeouts = { lockTimeoutMs: 3000, statementTimeoutMs: 60_000 };

/** Whatever logs (pino, Fastify's logger). */
export interface MigrationLog {
  info(details: object, message: string): void;
}

interface JournalEntry {
  tag: string;
  /** drizzle-kit's `when`, which drizzle records as `created_at`: a migration is applied when one this late is. */
  createdAt: number;
}

interface Migration extends JournalEntry {
  hash: string;
  statements: string[];
  transactional: boolean;
}

/** The migrations the code needs, in order, from drizzle-kit's journal. */
function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, createdAt: entry.when }));
}

/** Each migration as drizzle's own migrator reads it: the same hash and the same statement breakpoints. */
function readMigrations(folder: string): Migration[] {
  return readJournal(folder).map((entry) => {
    const text = readFileSync(join(folder, `${entry.tag}.sql`), 'utf8');
    return {
      ...entry,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((statement) => statement.trim() !== ''),
      transactional: !text.trimStart().startsWith(NO_TRANSACTION_MARK),
    };
  });
}

/** drizzle's table of applied migrations: drizzle-kit reads and writes the same one. */
const APPLIED_TABLE = 'drizzle.__drizzle_migrations';
/**
 * The session advisory lock that makes concurrent runs take turns: the key earlier releases locked per transaction,
 * so an instance of the release before starting during the first rollout of this one takes turns with it too.
 */
const LOCK_KEY = 727274;

/** One connection for a whole run: its lock, its settings and each migration's transaction live on it. */
interface Session {
  run(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function openSession(database: Database): Promise<Session> {
  const { pglite } = database;
  if (pglite) {
    return {
      run: async (text) => void (await pglite.exec(text)),
      rows: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
      // The embedded database's one connection serves the app next: take back what this run set on it.
      close: async () =>
        void (await pglite.exec(`reset lock_timeout; reset statement_timeout; select pg_advisory_unlock(${LOCK_KEY})`)),
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => undefined); // a lost connection fails the query in progress, which reports it
  await client.connect();
  return {
    run: async (text) => void (await client.query(text)),
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(), // ends the session, and with it the lock
  };
}

/** What PostgreSQL's error means for the one who runs the step. */
function reasonOf(cause: unknown): string {
  const { code, message } = cause as { code?: string; message?: string };
  if (code === '55P03') return 'a lock it needed stayed held by another connection past lock_timeout: run it again';
  if (code === '57014') return 'a statement ran past statement_timeout (MIGRATION_STATEMENT_TIMEOUT_MS)';
  if (code === '25001') return `${message} (a migration whose first line is "${NO_TRANSACTION_MARK}" runs outside one)`;
  return message ?? String(cause);
}

export class MigrationError extends Error {
  constructor(tag: string, transactional: boolean, cause: unknown) {
    const left = transactional
      ? 'nothing of it was applied'
      : 'its statements before the failing one stay applied, and the next run repeats them';
    super(`migration ${tag} failed: ${reasonOf(cause)}; ${left}`, { cause });
  }
}

export interface MigrateOptions {
  /** A migrations folder other than the committed one (tests). */
  folder?: string;
  timeouts?: MigrationTimeouts;
  log?: MigrationLog;
}

/**
 * Applies the pending migrations and answers their tags. Concurrent runs take turns under a session advisory lock,
 * so each migration is applied once. Each migration runs in a transaction of its own, or, marked with
 * NO_TRANSACTION_MARK, statement by statement; every statement under `lock_timeout` and `statement_timeout`. A
 * failure stops the run at that migration (MigrationError); the ones before it stay applied.
 */
export async function applyMigrations(database: Database, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = readMigrations(options.folder ?? MIGRATIONS_FOLDER);
  const { lockTimeoutMs, statementTimeoutMs } = options.timeouts ?? MIGRATION_TIMEOUT_DEFAULTS;
  const session = await openSession(database);
  try {
    // Waiting for the lock is not bounded by the timeouts: a second run waits for the first, then finds nothing to do.
    await session.run(`select pg_advisory_lock(${LOCK_KEY})`);
    // Session settings: this connection is the run's own, and they must cover the statements outside transactions.
    await session.run(`set lock_timeout = ${lockTimeoutMs}; set statement_timeout = ${statementTimeoutMs}`);
    await session.run(`create schema if not exists drizzle; create table if not exists ${APPLIED_TABLE} (
      id serial primary key, hash text not null, created_at bigint)`);
    const [last] = await session.rows<{ at: string | null }>(`select max(created_at) as at from ${APPLIED_TABLE}`);
    const pending = migrations.filter((migration) => migration.createdAt > Number(last?.at ?? 0));
    if (pending.length > 0) options.log?.info({ pending: pending.map((m) => m.tag) }, 'applying migrations');
    for (const migration of pending) {
      const started = performance.now();
      await applyOne(session, migration);
      options.log?.info({ migration: migration.tag, ms: Math.round(performance.now() - started) }, 'migration applied');
    }
    return pending.map((migration) => migration.tag);
  } finally {
    await session.close();
  }
}

async function applyOne(session: Session, migration: Migration): Promise<void> {
  const record = () =>
    session.rows(`insert into ${APPLIED_TABLE} (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.createdAt,
    ]);
  try {
    if (!migration.transactional) {
      for (const statement of migration.statements) await session.run(statement);
      await record();
      return;
    }
    await session.run('begin');
    try {
      for (const statement of migration.statements) await session.run(statement);
      await record();
      await session.run('commit');
    } catch (error) {
      await session.run('rollback').catch(() => undefined); // a broken connection has rolled back already
      throw error;
    }
  } catch (error) {
    throw new MigrationError(migration.tag, migration.transactional, error);
  }
}

/**
 * Whether the database has the journal's last migration, or a later one (a migration only expands the schema, so
 * the code of the release before it runs on it too: docs/operations.md).
 */
export async function hasSchema(database: Database, folder = MIGRATIONS_FOLDER): Promise<boolean> {
  const needed = readJournal(folder).at(-1);
  if (!needed) return true;
  const { rows } = (await database.db.execute(
    sql`select to_regclass(${APPLIED_TABLE}) is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!rows[0]?.present) return false;
  const applied = (await database.db.execute(
    sql`select max(created_at) as at from ${sql.raw(APPLIED_TABLE)}`,
  )) as unknown as { rows: { at: string | null }[] };
  return Number(applied.rows[0]?.at ?? 0) >= needed.createdAt;
}

export class SchemaWaitError extends Error {}

export interface SchemaWaitOptions {
  timeoutMs: number;
  log: MigrationLog;
  folder?: string;
  pollMs?: number;
}

/**
 * Waits, polling, until the migrate step has applied the schema this code needs; fails after `timeoutMs`. An
 * instance outside local mode never migrates: a bad migration then fails once, in its own step, instead of
 * crash-looping every instance.
 */
export async function waitForSchema(database: Database, options: SchemaWaitOptions): Promise<void> {
  const folder = options.folder ?? MIGRATIONS_FOLDER;
  const needed = readJournal(folder).at(-1)?.tag;
  const deadline = Date.now() + options.timeoutMs;
  let nextLog = 0;
  while (!(await hasSchema(database, folder))) {
    if (Date.now() >= deadline) {
      const step = 'npm run migrate, or node apps/server/dist/migrate.js';
      throw new SchemaWaitError(
        `the database still lacks migration ${needed} after ${options.timeoutMs / 1000} s: run the migrate step (${step})`,
      );
    }
    if (Date.now() >= nextLog) {
      options.log.info({ migration: needed }, 'waiting for the migrate step to apply the schema this code needs');
      nextLog = Date.now() + 10_000;
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
  }
  if (nextLog > 0) options.log.info({ migration: needed }, 'the schema is there: starting');
}
