import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allSettled, jobRows } from '../../../test/queued-jobs.ts';
import { createLastingTestDatabase, type LastingTestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import type { Database } from '../db/client.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './queue.ts';

// Restarts on a database that outlives the process: an on-disk PGlite data directory (local mode) by default,
// a PostgreSQL database with DATABASE_URL. Each "instance" opens the database and a queue as a server does.

type Probe = { key: string };
type Settings = Omit<JobDefinition<Probe>, 'handler'>;

let lasting: LastingTestDatabase;
let running: { queue: JobQueue; database: Database }[] = [];

// One database for the file (creating an on-disk one takes seconds); each test has its own kind of job.
beforeAll(async () => {
  lasting = await createLastingTestDatabase();
});
afterEach(async () => {
  for (const instance of running) await stop(instance);
});
afterAll(() => lasting.drop());

async function startInstance(settings: Settings, handler: (data: Probe) => Promise<void>, work = true) {
  const database = await lasting.open();
  const queue = createJobQueue(database, { checkEverySeconds: 1 });
  queue.define<Probe>({ ...settings, handler });
  await queue.start({ work });
  const instance = { queue, database };
  running.push(instance);
  return instance;
}

/** A clean shutdown, as main.ts does it: the queue (waiting for runs in progress), then the database. */
async function stop(instance: { queue: JobQueue; database: Database }) {
  running = running.filter((i) => i !== instance);
  await instance.queue.stop();
  await instance.database.close();
}

const noop = async () => undefined;

describe('jobs survive a restart', () => {
  it('a job due later, queued before the server stopped, runs once on the next server when due', async () => {
    const name = 'durability.due-later';
    const runs: { by: string; at: number }[] = [];
    const first = await startInstance({ name }, async () => void runs.push({ by: 'first', at: Date.now() }));
    const dueAt = Date.now() + 5_000;
    await first.queue.send(name, { key: 'later' }, { startAfter: new Date(dueAt) });
    await stop(first); // one instance at a time: a PGlite data directory has a single owner

    const second = await startInstance({ name }, async () => void runs.push({ by: 'second', at: Date.now() }));
    await waitUntil('the job ran and settled', async () => runs.length > 0 && allSettled(second.database, name));
    expect(runs.map((r) => r.by)).toEqual(['second']);
    expect(runs[0]?.at).toBeGreaterThanOrEqual(dueAt - 1_000); // not before it was due (by the database's clock)
    expect(await jobRows(second.database, name)).toMatchObject([{ state: 'completed', retryCount: 0 }]);
  });

  it('a run cut off by the process being killed is retried once by the next server, after its expiry', async () => {
    const settings = { name: 'durability.killed-mid-run', expireInSeconds: 2, retryLimit: 2 };
    const seeder = await startInstance(settings, noop, false);
    await seeder.queue.send(settings.name, { key: 'k1' });
    await stop(seeder);

    await killMidRun(settings, lasting);

    const runs: string[] = [];
    const next = await startInstance(settings, async ({ key }) => void runs.push(key));
    await waitUntil(
      'the cut-off job ran again and settled',
      async () => runs.length > 0 && allSettled(next.database, settings.name),
      20_000,
    );
    expect(runs).toEqual(['k1']);
    const [row] = await jobRows(next.database, settings.name);
    expect(row).toMatchObject({ state: 'completed', retryCount: 1 }); // the killed attempt counts as one failure
  }, 45_000); // a process start and an expiry: about 7-12 s, more on a loaded machine

  it('settings changed in code apply to a queue that already exists when the server starts again', async () => {
    const name = 'durability.settings';
    await stop(await startInstance({ name, retryLimit: 1 }, noop));
    const next = await startInstance({ name, retryLimit: 6, expireInSeconds: 90 }, noop);
    const queue = (await next.database.db.execute(
      sql`select retry_limit, expire_seconds from pgboss.queue where name = ${name}`,
    )) as unknown as { rows: unknown[] };
    expect(queue.rows).toEqual([{ retry_limit: 6, expire_seconds: 90 }]);
  });
});

/**
 * Runs a server process that claims the one queued job and is killed (SIGKILL) while running it: the job is
 * left active in the database, as after a crash or a power cut.
 */
async function killMidRun(settings: Settings, database: LastingTestDatabase) {
  const script = fileURLToPath(new URL('../../../test/job-queue-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../../../../..', import.meta.url)),
    env: {
      ...process.env,
      JOB_DEFINITION: JSON.stringify(settings),
      DB_URL: database.location.url ?? '',
      DB_DIR: database.location.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await waitUntil(
      'the process claimed the job',
      () => output.includes('claimed {"key":"k1"}') || child.exitCode !== null,
      20_000,
    );
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  expect(output).toContain('claimed {"key":"k1"}');
}
