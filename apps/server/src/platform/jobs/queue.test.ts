import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { createJobQueue, type JobQueue } from './queue.ts';

let database: Database;
let queue: JobQueue;
const seen: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue(database);
  queue.define<{ word: string }>({ name: 'echo', handler: async ({ word }) => void seen.push(word) });
  queue.define<{ word: string }>({ name: 'once', policy: 'short', handler: async () => undefined });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const waitFor = async (predicate: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!predicate() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
};

describe('job queue', () => {
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
    await waitFor(() => seen.includes('committed'));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toContain('committed');
    expect(seen).not.toContain('rolled-back');
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
});
