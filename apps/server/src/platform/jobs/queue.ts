import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss, type QueueResult } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import { currentRequestId, runForRequest } from '../request-context.ts';

export interface JobOptions {
  /** Run no earlier than this moment. */
  startAfter?: Date;
  /** With the `short` policy, at most one queued job with this key (e.g. `lesson-reminder:42:1h`). */
  singletonKey?: string;
  /** Enlist in the caller's transaction: the job exists only if the business change commits. */
  tx?: Db;
}

export interface JobDefinition<T> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** A 5-field cron in Africa/Cairo for recurring jobs (minute granularity). */
  cron?: string;
  retryLimit?: number;
  /**
   * How long one run may take before it counts as lost (its process died while running it) and is retried by
   * another instance; 15 minutes by default.
   */
  expireInSeconds?: number;
  /** `short`: at most one queued job per singleton key (reminders, syncs); default `standard`. */
  policy?: 'standard' | 'short' | 'exclusive';
}

export interface JobQueueOptions {
  /** Connections of the queue's own pool on PostgreSQL. */
  poolSize?: number;
  /**
   * How often idle workers look for jobs, expired runs are looked for and cron schedules are checked (tests
   * shorten it); pg-boss's own intervals otherwise (2 s, 60 s, 30 s).
   */
  checkEverySeconds?: number;
  /** Told of every failed run (the queue retries it as its definition says): error reporting. */
  onJobError?: (name: string, error: unknown) => void;
  /** Each run logs through a child of it, named by the job and by the request that queued it (`reqId`). */
  log?: Pick<FastifyBaseLogger, 'child'>;
}

/**
 * A key of every job's data reserved for the id of the request it was queued for (request-context.ts); absent
 * when no request queued it (a cron job). Handlers never see it: they run for that request instead.
 */
export const JOB_REQUEST_ID = '$requestId';

/** A job's data as its handler takes it, and the request the job was queued for. */
interface QueuedJob {
  requestId: string | undefined;
  data: unknown;
}

/** Takes the reserved key out of a job's stored data (a cron job's is null). */
function unpack(stored: unknown): QueuedJob {
  if (typeof stored !== 'object' || stored === null || !(JOB_REQUEST_ID in stored)) {
    return { requestId: undefined, data: stored };
  }
  const { [JOB_REQUEST_ID]: requestId, ...data } = stored as Record<string, unknown>;
  return { requestId: typeof requestId === 'string' ? requestId : undefined, data };
}

/** Runs a job's handler for the request that queued it, if one did: the jobs and messages it leaves carry its id. */
const runFor = (handler: (data: never) => Promise<void>, job: QueuedJob): Promise<void> =>
  runForRequest(job.requestId, () => handler(job.data as never));

const DEFAULT_EXPIRE_SECONDS = 15 * 60;

type QueueSettings = Pick<QueueResult, 'retryLimit' | 'retryBackoff' | 'expireInSeconds'>;
const changedSettings = (stored: QueueSettings, wanted: QueueSettings) =>
  (Object.keys(wanted) as (keyof QueueSettings)[]).some((key) => stored[key] !== wanted[key]);

/**
 * The durable job queue (pg-boss on PostgreSQL, or on the embedded PGlite). Jobs survive restarts, and a job is
 * claimed by one worker even when several server instances run (docs/architecture.md, "Jobs").
 */
export function createJobQueue(database: Database, options: JobQueueOptions = {}) {
  const every = options.checkEverySeconds;
  const intervals =
    every === undefined
      ? {}
      : {
          superviseIntervalSeconds: every,
          monitorIntervalSeconds: every, // expiry is checked in the monitor pass, claimed once per interval
          cronMonitorIntervalSeconds: every,
          cronWorkerIntervalSeconds: every,
        };
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...intervals })
      : new PgBoss({
          connectionString: database.url,
          max: options.poolSize ?? 4,
          application_name: 'darsak-jobs',
          ...intervals,
        });
  const definitions: JobDefinition<never>[] = [];
  let started = false;

  boss.on('error', (error: unknown) => {
    process.stderr.write(`job queue error: ${error instanceof Error ? error.message : String(error)}\n`);
  });

  /** One run of a job as the worker runs it, logged by a child logger named by the job and by its request. */
  async function perform({ name, handler }: JobDefinition<never>, job: { id: string; data: unknown }) {
    const queued = unpack(job.data);
    const log = options.log?.child({ reqId: queued.requestId, job: name, jobId: job.id });
    const startedAt = performance.now();
    try {
      await runFor(handler, queued);
    } catch (error) {
      log?.error({ err: error }, 'job failed');
      options.onJobError?.(name, error);
      throw error;
    }
    log?.info({ ms: Math.round(performance.now() - startedAt) }, 'job completed');
  }

  /**
   * Creates a defined job's queue, or updates the stored one when its settings changed; with `work`, runs its
   * jobs here and keeps its schedule.
   */
  async function prepare(definition: JobDefinition<never>, stored: QueueResult | undefined, work: boolean) {
    const { name, cron, retryLimit, expireInSeconds, policy } = definition;
    const settings: QueueSettings = {
      retryLimit: retryLimit ?? 3,
      retryBackoff: true,
      expireInSeconds: expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
    };
    if (!stored) await boss.createQueue(name, { ...settings, policy: policy ?? 'standard' });
    // createQueue leaves an existing queue as it was: a restart with changed settings applies them here.
    else if (changedSettings(stored, settings)) await boss.updateQueue(name, settings);
    // An empty insert loads the queue into pg-boss's cache now. Otherwise the first send looks it up on
    // pg-boss's own connection, which on PGlite (one connection) waits forever behind the caller's transaction.
    await boss.insert(name, []);
    if (!work) return;
    let worker: string | undefined;
    worker = await boss.work<Record<string, unknown>>(
      name,
      every ? { pollingIntervalSeconds: every } : {},
      async (jobs) => {
        for (const job of jobs) await perform(definition, job);
        // pg-boss waits a poll interval after every fetch, even one that found a job: ask for the next one at
        // once, so a backlog (the reminders of every lesson starting at 8 pm) drains at the handlers' pace.
        if (worker) boss.notifyWorker(worker);
      },
    );
    if (cron) await boss.schedule(name, cron, null, { tz: 'Africa/Cairo' });
  }

  return {
    /** Declares a job kind; call before start(). */
    define<T>(definition: JobDefinition<T>) {
      definitions.push(definition as JobDefinition<never>);
    },

    /** Creates the queues; with `work` (the default) this instance also runs jobs and keeps the schedules. */
    async start({ work = true }: { work?: boolean } = {}) {
      await boss.start();
      // One read of the stored queues, then every queue side by side: one after another, with a create and an
      // update each, they took 0.3–0.9 s of a restart on PostgreSQL (about 0.1 s now).
      const stored = new Map((await boss.getQueues(definitions.map((d) => d.name))).map((q) => [q.name, q]));
      await Promise.all(definitions.map((definition) => prepare(definition, stored.get(definition.name), work)));
      started = true;
    },

    /** Queues a job; one queued while handling a request (or a job queued by one) is run for that request. */
    async send<T extends object>(name: string, data: T, job: JobOptions = {}): Promise<string | null> {
      const requestId = currentRequestId();
      return boss.send(name, requestId ? { ...data, [JOB_REQUEST_ID]: requestId } : data, {
        ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        ...(job.tx ? { db: fromDrizzle(job.tx as never, sql as never) } : {}),
      });
    },

    /** Each defined queue's jobs by state: pg-boss's counts, which its monitor refreshes about once a minute. */
    async depths(): Promise<Array<{ name: string; ready: number; deferred: number; active: number }>> {
      if (!started || definitions.length === 0) return [];
      const queues = await boss.getQueues(definitions.map((d) => d.name));
      return queues.map((q) => ({
        name: q.name,
        ready: q.readyCount,
        deferred: q.deferredCount,
        active: q.activeCount,
      }));
    },

    /** Runs a defined job's handler now, in this process (tests with a fixed clock; this is not the worker). */
    async run<T>(name: string, data: T): Promise<void> {
      const definition = definitions.find((d) => d.name === name);
      if (!definition) throw new Error(`no job named ${name}`);
      await runFor(definition.handler, unpack(data));
    },

    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: modules define their jobs on it; tests run them with `run`. */
    jobs: JobQueue;
  }
}
