import { z } from 'zod';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';

/** Each instance measures itself and publishes a sample this often (on the `server-stats` channel). */
export const SERVER_STATS_INTERVAL_SECONDS = 5;
/** How much history an instance keeps and the page draws: the last 10 minutes. */
export const SERVER_STATS_HISTORY_SECONDS = 10 * 60;

const Count = z.number().int().nonnegative();

/** The node-postgres pool of one instance; null on the embedded PGlite (one connection, no pool). */
export const DatabasePoolUseSchema = z.object({ total: Count, idle: Count, waiting: Count }).nullable();

/** One job queue's backlog (pg-boss's counts, refreshed by its monitor). */
export const QueueDepthSchema = z.object({
  name: z.string(),
  /** Due and waiting for a worker. */
  ready: Count,
  /** Queued to run later (reminders, a lesson's end). */
  deferred: Count,
  active: Count,
});
export type QueueDepth = z.infer<typeof QueueDepthSchema>;

/** One instance's figures over one sampling interval (rates and delays) or at its end (memory, sockets, pool). */
export const InstanceStatsSchema = z.object({
  /** hostname:pid of the process. */
  instanceId: z.string(),
  startedAt: z.string(),
  at: z.string(),
  intervalSeconds: z.number().nonnegative(),
  requestsPerSecond: z.number().nonnegative(),
  /** 95th percentile of the response times of the interval; null without requests. */
  p95Ms: z.number().nonnegative().nullable(),
  errors4xx: Count,
  errors5xx: Count,
  eventLoopDelayMs: z.object({ mean: z.number().nonnegative(), p99: z.number().nonnegative() }),
  memory: z.object({ rssBytes: Count, heapUsedBytes: Count, heapTotalBytes: Count }),
  /** Process CPU time over the interval, in percent of one core (above 100 when several threads work). */
  cpuPercent: z.number().nonnegative(),
  sockets: Count,
  databasePool: DatabasePoolUseSchema,
  /** Null when the queue could not be read this time (the database was busy or down). */
  queues: z.array(QueueDepthSchema).nullable(),
});
export type InstanceStats = z.infer<typeof InstanceStatsSchema>;

export const ServerStatsSnapshotSchema = z.object({
  intervalSeconds: z.number().int().positive(),
  /** The answering instance's samples of the last 10 minutes, oldest first; others arrive on the channel. */
  samples: z.array(InstanceStatsSchema),
});
export type ServerStatsSnapshot = z.infer<typeof ServerStatsSnapshotSchema>;

export const serverStatsContract = {
  snapshot: defineRoute({
    method: 'GET',
    path: '/api/v1/server-stats',
    summary: "The answering instance's figures of the last 10 minutes (admins), for the page's first paint",
    tags: ['server-stats'],
    auth: ROLE_GROUPS.admins,
    response: ServerStatsSnapshotSchema,
    errors: [],
  }),
} as const;
