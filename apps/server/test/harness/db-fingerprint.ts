import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.ts';

/** Rows of a raw query; both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A digest of every row of every table in the public schema, per table: equal fingerprints mean nothing was
 * inserted, updated or deleted in between.
 */
export async function dbFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (tables.length === 0) return {};
  const digests = tables.map(
    ({ name }) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
  );
  const rows = await rowsOf<{ name: string; digest: string }>(db, sql.join(digests, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** Names of the tables whose digests differ. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
