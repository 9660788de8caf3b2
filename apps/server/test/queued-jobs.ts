import { sql } from 'drizzle-orm';
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
