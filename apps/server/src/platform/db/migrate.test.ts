import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmptyPostgresDatabase,
  type EmptyTestDatabase,
  emptyDatabaseEngines,
  type LastingTestDatabase,
} from '../../../test/test-database.ts';
import type { Database } from './client.ts';
import {
  applyMigrations,
  hasSchema,
  MigrationError,
  NO_TRANSACTION_MARK,
  SchemaWaitError,
  waitForSchema,
} from './migrate.ts';

// The migration runner on migrations folders of the tests' own (drizzle-kit's layout: a journal and SQL files),
// written to a temporary folder from the SQL below.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A drizzle-kit migrations folder holding these migrations, in this order. */
function migrationsFolder(migrations: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'darsak-migrations-'));
  folders.push(folder);
  mkdirSync(join(folder, 'meta'));
  const entries = Object.entries(migrations).map(([tag, text], idx) => {
    writeFileSync(join(folder, `${tag}.sql`), text);
    return { idx, version: '7', when: 1_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return folder;
}

const BREAK = '\n--> statement-breakpoint\n';
const WORDS = [
  'create table words (id serial primary key, word text not null);',
  "insert into words (word) select 'word ' || n from generate_series(1, 2000) n;",
].join(BREAK);
/** Repeatable, as a migration outside a transaction must be: an index a failed run left invalid is built again. */
const WORDS_INDEX = [
  `${NO_TRANSACTION_MARK}\ndrop index concurrently if exists words_by_word;`,
  'create index concurrently words_by_word on words (word);',
].join(BREAK);

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
/** drizzle's record of applied migrations (PGlite reads bigint as a number, node-postgres as a string). */
const recorded = async (database: Database) =>
  (
    await rows<{ hash: string; created_at: string | number }>(
      database,
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
    )
  ).map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
const exists = async (database: Database, name: string) =>
  (await rows<{ found: boolean }>(database, sql`select to_regclass(${name}) is not null as found`))[0]?.found;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const silent = { info: () => undefined };

describe.each(emptyDatabaseEngines())('migrations on %s', (_name, openEmpty) => {
  let empty: EmptyTestDatabase;
  beforeAll(async () => {
    empty = await openEmpty();
  });
  afterAll(() => empty?.dispose());
  afterEach(async () => {
    await empty.database.db.execute(sql`drop schema if exists drizzle cascade`);
    await empty.database.db.execute(sql`drop table if exists words`);
  });

  it('runs a marked migration outside a transaction (CREATE INDEX CONCURRENTLY), records each in drizzle’s table, and applies nothing twice', async () => {
    const { database } = empty;
    const folder = migrationsFolder({ '0000_words': WORDS, '0001_words_by_word': WORDS_INDEX });
    expect(await applyMigrations(database, { folder })).toEqual(['0000_words', '0001_words_by_word']);

    const [index] = await rows<{ valid: boolean }>(
      database,
      sql`select indisvalid as valid from pg_index where indexrelid = 'words_by_word'::regclass`,
    );
    expect(index).toEqual({ valid: true });
    // What drizzle's own migrator (and drizzle-kit) writes and reads: the file's hash, the journal's `when`.
    expect(await recorded(database)).toEqual([
      { hash: sha256(WORDS), createdAt: 1000 },
      { hash: sha256(WORDS_INDEX), createdAt: 1001 },
    ]);
    expect(await applyMigrations(database, { folder })).toEqual([]);
    expect(await recorded(database)).toHaveLength(2);
  });

  it('runs each other migration in a transaction of its own: CONCURRENTLY unmarked fails and leaves nothing of it', async () => {
    const { database } = empty;
    const unmarked = `create table notes (id int);${BREAK}${WORDS_INDEX.replace(`${NO_TRANSACTION_MARK}\n`, '')}`;
    const folder = migrationsFolder({ '0000_words': WORDS, '0001_notes_and_index': unmarked });
    const failure = applyMigrations(database, { folder });
    await expect(failure).rejects.toThrow(MigrationError);
    await expect(failure).rejects.toThrow(/0001_notes_and_index.*cannot run inside a transaction block.*nothing of it/);
    expect(await exists(database, 'words')).toBe(true); // the migration before it stays applied
    expect(await exists(database, 'notes')).toBe(false);
    expect(await recorded(database)).toHaveLength(1);
  });

  it('lets an instance wait until the schema it needs is there, and not longer than its bound', async () => {
    const { database } = empty;
    const folder = migrationsFolder({ '0000_words': WORDS, '0001_words_by_word': WORDS_INDEX });
    expect(await hasSchema(database, folder)).toBe(false);
    const waited = waitForSchema(database, { folder, timeoutMs: 300, pollMs: 50, log: silent });
    await expect(waited).rejects.toThrow(SchemaWaitError);
    await expect(waited).rejects.toThrow(/lacks migration 0001_words_by_word after 0.3 s: run the migrate step/);

    await applyMigrations(database, { folder: migrationsFolder({ '0000_words': WORDS }) });
    expect(await hasSchema(database, folder)).toBe(false); // not the last one yet
    await applyMigrations(database, { folder });
    expect(await hasSchema(database, folder)).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the migrate step on PostgreSQL', () => {
  let lasting: LastingTestDatabase;
  let database: Database;
  beforeAll(async () => {
    lasting = await createEmptyPostgresDatabase();
    database = await lasting.open();
  });
  afterAll(async () => {
    await database?.close();
    await lasting?.drop();
  });
  afterEach(async () => {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop table if exists words, word_counts`);
  });

  it('fails promptly on lock_timeout while another connection holds the table, applies nothing of it, then succeeds on a rerun', async () => {
    await applyMigrations(database, { folder: migrationsFolder({ '0000_words': WORDS }) });
    const twoSteps = `create table word_counts (n int);${BREAK}alter table words add column lang text;`;
    const folder = migrationsFolder({ '0000_words': WORDS, '0001_word_language': twoSteps });
    const timeouts = { lockTimeoutMs: 300, statementTimeoutMs: 20_000 };

    const reader = new pg.Client({ connectionString: lasting.location.url });
    await reader.connect();
    try {
      await reader.query('begin; select count(*) from words'); // a long read holds the table's share lock
      const started = Date.now();
      const failure = applyMigrations(database, { folder, timeouts });
      await expect(failure).rejects.toThrow(
        /0001_word_language failed: a lock .* lock_timeout.*nothing of it was applied/,
      );
      expect(Date.now() - started).toBeLessThan(5_000); // the lock timeout, not the reader, ended the wait
      expect(await exists(database, 'word_counts')).toBe(false); // its first statement was rolled back
      expect(await recorded(database)).toHaveLength(1);
    } finally {
      await reader.query('commit');
      await reader.end();
    }
    expect(await applyMigrations(database, { folder, timeouts })).toEqual(['0001_word_language']);
    expect(await exists(database, 'word_counts')).toBe(true);
    await database.db.execute(sql`select lang from words limit 1`);
  });

  it('lets two runs at once take turns under the lock: each migration is applied once', async () => {
    // The first migration takes a second, so the second run starts while the first is still applying it; without
    // the lock it would find nothing recorded and create the table again (and fail), or insert the row twice.
    const folder = migrationsFolder({
      '0000_words': `select pg_sleep(1);${BREAK}${WORDS}`,
      '0001_word_counts': `create table word_counts (n int);${BREAK}insert into word_counts values (1);`,
    });
    const other = await lasting.open();
    try {
      const runs = await Promise.all([applyMigrations(database, { folder }), applyMigrations(other, { folder })]);
      expect(runs.map((tags) => tags.length).sort()).toEqual([0, 2]);
    } finally {
      await other.close();
    }
    expect(await rows(database, sql`select n from word_counts`)).toEqual([{ n: 1 }]);
    expect(await recorded(database)).toHaveLength(2);
  });
});
