import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allSettled, jobRows } from '../../../test/queued-jobs.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import type { Database } from '../db/client.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './queue.ts';

// Several server instances (API and workers) on one PostgreSQL database, each with its own pool, as in
// production. Local mode (PGlite) is one process by design, so this runs only with DATABASE_URL.

let database: Database;
let queues: JobQueue[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await openTestDatabase();
  return () => database?.close();
});
afterEach(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  queues = [];
});

async function startInstance<T>(definition: JobDefinition<T>, work = true) {
  const queue = createJobQueue(database, { checkEverySeconds: 1 });
  queue.define(definition);
  queues.push(queue);
  await queue.start({ work });
  return queue;
}

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.skipIf(!process.env.DATABASE_URL)('several instances on one database', () => {
  it('two workers run each of 200 jobs exactly once, and both take part', async () => {
    const name = 'instances.tally';
    const runs = new Map<number, string[]>();
    const worker = (by: string) => ({
      name,
      handler: async ({ n }: { n: number }) => {
        runs.set(n, [...(runs.get(n) ?? []), by]);
        await new Promise((r) => setTimeout(r, 5)); // a little work, so claims interleave
      },
    });
    const api = await startInstance(worker('api'), false);
    for (let n = 0; n < 200; n += 1) await api.send(name, { n });
    await Promise.all([startInstance(worker('a')), startInstance(worker('b'))]);
    await waitUntil('200 jobs ran and settled', async () => runs.size >= 200 && allSettled(database, name), 20_000);

    expect(runs.size).toBe(200);
    expect([...runs].filter(([, by]) => by.length !== 1)).toEqual([]); // no job ran twice
    const byInstance = [...runs.values()].flat();
    expect(byInstance.filter((by) => by === 'a').length).toBeGreaterThan(0);
    expect(byInstance.filter((by) => by === 'b').length).toBeGreaterThan(0);
    expect(byInstance).not.toContain('api');
    expect((await jobRows(database, name)).every((r) => r.state === 'completed' && r.retryCount === 0)).toBe(true);
  });

  it('a cron schedule kept by two instances sends one job per tick, which runs once', async () => {
    const name = 'instances.every-minute';
    const runs: string[] = [];
    const ticking = (by: string) => ({ name, cron: '* * * * *', handler: async () => void runs.push(by) });
    await Promise.all([startInstance(ticking('a')), startInstance(ticking('b'))]);
    // On start each instance checks the schedule at once, and then every second: the current minute's tick is
    // due for the whole observation, so every pass (from either instance) tries to send it again.
    await waitUntil('the first tick ran', () => runs.length > 0);
    const passes = new Set<string>();
    await waitUntil(
      'five more schedule passes',
      async () => {
        const [version] = await rowsOf<{ cron_on: string }>(sql`select cron_on::text from pgboss.version`);
        if (version) passes.add(version.cron_on);
        return passes.size > 5;
      },
      15_000,
    );
    // Stop scheduling (what unschedule does), let what was sent run, then compare the ticks with the runs.
    await database.db.execute(sql`delete from pgboss.schedule where name = ${name}`);
    await waitUntil(
      'every sent tick ran',
      async () => (await allSettled(database, '__pgboss__send-it')) && allSettled(database, name),
    );
    const ticks = await rowsOf<{ slot: string }>(
      sql`select data->>'slot' as slot from pgboss.job where name = '__pgboss__send-it' and data->>'name' = ${name}`,
    );
    const slots = new Set(ticks.map((t) => t.slot));
    expect(slots.size).toBeGreaterThanOrEqual(1); // one per minute the test spanned (a minute may turn over)
    expect(ticks.length).toBe(slots.size); // two instances, many passes: still one send per tick
    expect(runs.length).toBe(slots.size); // and one run per tick
    expect((await jobRows(database, name)).length).toBe(slots.size);
  });
});
