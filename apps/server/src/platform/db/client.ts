import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection URL on PostgreSQL (the job queue opens its own small pool). */
  url?: string;
  /** Runs a raw statement, for migrations locking and health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode (for the job queue adapter). */
  pglite?: PGlite;
  /** Clients of the node-postgres pool (server stats); PGlite has none. */
  poolUse?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests reuse one migrated snapshot). */
  snapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.snapshot);
}

async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dirname(dataDir), { recursive: true });
  // btree_gist backs the exclusion constraints (no double-booked tutor); the migration creates the extension.
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gist },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  refuseQueriesInsideTransactions(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/** Thrown for a query on the database itself from inside one of its open transactions. */
export class QueryInsideTransactionError extends Error {
  constructor() {
    super('a query on the database from inside an open transaction: pass the transaction (tx) on instead');
  }
}

/**
 * PGlite runs one statement or transaction at a time: a query on the database itself, made by code running inside
 * an open transaction, would wait for that transaction forever (and with it every later request). Such a query
 * fails at once instead, naming the mistake; on PostgreSQL the same code would read outside the transaction's
 * snapshot and hold a second connection. The transaction's own calls go through its own object, never these.
 */
function refuseQueriesInsideTransactions(client: PGlite): void {
  const inside = new AsyncLocalStorage<{ open: boolean }>();
  const refuseWhileOpen = () => {
    if (inside.getStore()?.open) throw new QueryInsideTransactionError();
  };
  const { query, exec, transaction } = client;
  client.query = async function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    refuseWhileOpen();
    return query.apply(this, args);
  } as PGlite['query'];
  client.exec = async function (this: PGlite, ...args: Parameters<PGlite['exec']>) {
    refuseWhileOpen();
    return exec.apply(this, args);
  };
  client.transaction = async function (this: PGlite, ...args: Parameters<PGlite['transaction']>) {
    refuseWhileOpen();
    const marker = { open: true };
    try {
      return await inside.run(marker, () => transaction.apply(this, args));
    } finally {
      marker.open = false; // work it started that outlives it may use the database again
    }
  } as PGlite['transaction'];
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead of crashing
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    ping: async () => void (await pool.query('select 1')),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

export { schema };
