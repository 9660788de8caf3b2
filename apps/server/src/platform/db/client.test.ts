import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, QueryInsideTransactionError } from './client.ts';

describe('embedded PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  const one = async (db = database.db) => (await db.execute(sql`select 1 as n`)) as unknown as { rows: unknown[] };

  /** Drizzle wraps a failed query's error as its cause. */
  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => undefined,
      (error: Error) => (error.cause instanceof Error ? error.cause : error),
    );

  it('refuses at once a query on the database from inside its open transaction, instead of waiting forever', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await one(tx);
      await one(); // the mistake: the database, not tx
    });
    expect(await refusal(attempt)).toBeInstanceOf(QueryInsideTransactionError);
    const nested = database.db.transaction(async () => database.db.transaction(async (tx) => one(tx)));
    expect(await refusal(nested)).toBeInstanceOf(QueryInsideTransactionError);
  });

  it('serves the transaction itself, queries after it, and concurrent requests outside it', async () => {
    let later: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await one(tx);
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() => one()); // work that outlives it
    });
    await expect(later).resolves.toMatchObject({ rows: [{ n: 1 }] });
    const [inside, outside] = await Promise.all([database.db.transaction((tx) => one(tx)), one()]);
    expect([inside.rows, outside.rows]).toEqual([[{ n: 1 }], [{ n: 1 }]]);
  });
});
