// A server process working one kind of job, for tests that kill it in the middle of a run (SIGKILL, no
// shutdown): it prints `claimed <data>` when its handler starts, and the run never ends.
// Env: JOB_DEFINITION (JSON of the JobDefinition settings), DB_URL or DB_DIR (a DatabaseLocation).
import { openDatabase } from '../src/platform/db/client.ts';
import { createJobQueue, type JobDefinition } from '../src/platform/jobs/queue.ts';

const settings = JSON.parse(process.env.JOB_DEFINITION ?? '{}') as Omit<JobDefinition<unknown>, 'handler'>;
const database = await openDatabase({ url: process.env.DB_URL || undefined, dataDir: process.env.DB_DIR ?? '' });
const queue = createJobQueue(database, { checkEverySeconds: 1 });
queue.define({
  ...settings,
  handler: async (data) => {
    process.stdout.write(`claimed ${JSON.stringify(data)}\n`);
    await new Promise(() => undefined);
  },
});
await queue.start();
