import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRows } from '../../../test/queued-jobs.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import type { Database } from '../db/client.ts';
import { currentRequestId, runForRequest } from '../request-context.ts';
import { createJobQueue, JOB_REQUEST_ID, type JobQueue } from './queue.ts';

let database: Database;
let queue: JobQueue;
const seen: string[] = [];
const drained: number[] = [];
const failures: Array<{ name: string; message: string }> = [];
/** A job that queues another after it, `hops` times. */
type Relay = { hops: number; from: string };
/** What each run of `relay` was given, and the request it ran for. */
const relayed: Array<{ data: Relay; requestId: string | undefined }> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue(database, {
    onJobError: (name, error) => failures.push({ name, message: (error as Error).message }),
  });
  queue.define<{ word: string }>({ name: 'echo', handler: async ({ word }) => void seen.push(word) });
  queue.define<{ word: string }>({ name: 'once', policy: 'short', handler: async () => undefined });
  queue.define<{ n: number }>({ name: 'backlog', handler: async ({ n }) => void drained.push(n) });
  queue.define<Relay>({
    name: 'relay',
    handler: async (data) => {
      relayed.push({ data, requestId: currentRequestId() });
      if (data.hops > 0) await queue.send('relay', { hops: data.hops - 1, from: data.from });
    },
  });
  queue.define({
    name: 'fails',
    retryLimit: 0,
    handler: async () => {
      throw new Error('the provider is down');
    },
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('job queue', () => {
  it('tells error reporting of a failed run, with the job name', async () => {
    await queue.send('fails', {});
    await waitUntil('the failure was told', () => failures.length > 0);
    expect(failures).toEqual([{ name: 'fails', message: 'the provider is down' }]);
  });

  it('runs a job sent inside a committed transaction, and drops one whose transaction rolled back', async () => {
    await database.db.transaction(async (tx) => {
      await queue.send('echo', { word: 'committed' }, { tx });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send('echo', { word: 'rolled-back' }, { tx });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await waitUntil('the committed job ran', () => seen.includes('committed'));
    expect(seen).not.toContain('rolled-back');
    expect((await jobRows<{ word: string }>(database, 'echo')).map((j) => j.data.word)).toEqual(['committed']);
  });

  it('keeps one queued job per singleton key', async () => {
    const first = await queue.send(
      'once',
      { word: 'once' },
      { singletonKey: 'k1', startAfter: new Date(Date.now() + 60_000) },
    );
    const second = await queue.send(
      'once',
      { word: 'once' },
      { singletonKey: 'k1', startAfter: new Date(Date.now() + 60_000) },
    );
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });

  it('runs a job for the request that queued it, and the jobs it queues too; one no request queued, for none', async () => {
    await runForRequest('caddy-4b1d2e3f9a', () => queue.send('relay', { hops: 1, from: 'request' }));
    await queue.send('relay', { hops: 0, from: 'cron' });
    await waitUntil('the three runs ran', () => relayed.length === 3);
    const runs = (from: string) => relayed.filter((run) => run.data.from === from);
    expect(runs('request')).toEqual([
      { data: { hops: 1, from: 'request' }, requestId: 'caddy-4b1d2e3f9a' },
      { data: { hops: 0, from: 'request' }, requestId: 'caddy-4b1d2e3f9a' },
    ]);
    expect(runs('cron')).toEqual([{ data: { hops: 0, from: 'cron' }, requestId: undefined }]);
    // The id is kept in the stored data under its reserved key, which the handlers above never saw.
    const stored = (await jobRows<Record<string, unknown>>(database, 'relay')).map((job) => job.data);
    expect(stored).toHaveLength(3);
    for (const data of stored)
      expect(data[JOB_REQUEST_ID]).toBe(data.from === 'request' ? 'caddy-4b1d2e3f9a' : undefined);
  });

  it('drains a backlog at the pace of its handlers, not one job per poll interval', async () => {
    for (let n = 0; n < 30; n += 1) await queue.send('backlog', { n });
    // pg-boss polls every 2 s here: one job per poll would take a minute.
    await waitUntil('30 jobs ran', () => drained.length >= 30, 10_000);
    expect(drained.sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
  });
});
