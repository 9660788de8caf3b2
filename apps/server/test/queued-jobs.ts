import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/client.ts';
import type { TestApp } from './build-test-app.ts';

export interface QueuedJob<T> {
  data: T;
  startAfter: Date;
  singletonKey: string | null;
}

/**
 * The jobs of a kind waiting in the queue, oldest first: tests with `runJobs: false` read what a business
 * transaction enlisted and run it themselves with `t.app.jobs.run(name, job.data)`.
 */
export async function queuedJobs<T>(t: TestApp, name: string): Promise<QueuedJob<T>[]> {
  const result = (await t.database.db.execute(
    sql`select data, start_after, singleton_key from pgboss.job where name = ${name} order by created_on, id`,
  )) as unknown as { rows: { data: T; start_after: Date | string; singleton_key: string | null }[] };
  return result.rows.map((r) => ({ data: r.data, startAfter: new Date(r.start_after), singletonKey: r.singleton_key }));
}

export interface JobRow<T> {
  id: string;
  data: T;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
}

/** Every job of a kind, whatever its state, oldest first: what ran, what waits, what was retried. */
export async function jobRows<T>(database: Database, name: string): Promise<JobRow<T>[]> {
  const result = (await database.db.execute(
    sql`select id, data, state, retry_count as "retryCount" from pgboss.job where name = ${name} order by created_on, id`,
  )) as unknown as { rows: JobRow<T>[] };
  return result.rows;
}

/** Whether every job of a kind is finished (completed, failed or cancelled), so none can run again. */
export async function allSettled(database: Database, name: string): Promise<boolean> {
  const rows = await jobRows(database, name);
  return rows.every((r) => r.state === 'completed' || r.state === 'failed' || r.state === 'cancelled');
}
