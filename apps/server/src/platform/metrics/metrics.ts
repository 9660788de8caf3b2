import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, type LabelValues, Registry } from 'prom-client';
import type { RedisState } from '../redis.ts';
import { SERVER_RELEASE } from '../server-root.ts';

/**
 * The Prometheus figures of one process (docs/operations.md, "Metrics"), through prom-client. Events that happen in
 * this process are counters, incremented by the named functions below (modules call them, nothing else of
 * prom-client leaks out). Figures that are the same for every instance (payments, the outbox) are gauges read from
 * the database when Prometheus scrapes: no instance's restart loses them and every instance reports the same value.
 */

/** Seconds: from a cached read to a slow report, around what the latency alert reads (p95 above 1 s). */
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape-time read slower than this is given up: the scrape answers without its figures. */
const READ_TIMEOUT_MS = 2000;
/** The route label of a request no route matched (a 404): never the raw URL, which may carry ids and tokens. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;
/**
 * The process's own figures (CPU, memory, heap, event loop, GC, handles), collected once per process: every app
 * built in it (tests build many) exposes the same ones.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type CallbackRefusal = 'signature' | 'mismatch' | 'unknown-transaction';
export type DeliveryFailure = 'retrying' | 'given-up';

export interface PaymentCount {
  /** The transaction status's name (`paid`, `expired`…). */
  status: string;
  method: string;
  count: number;
}
export interface OutboxBacklog {
  channel: string;
  pending: number;
  oldestAgeSeconds: number;
}
export interface QueueCount {
  name: string;
  ready: number;
  deferred: number;
  active: number;
}

/** Where the scrape-time gauges read from; each read is made once per scrape. */
export interface ScrapeSources {
  /** Payments by status and method, counted in the database. */
  payments: () => Promise<PaymentCount[]>;
  /** Messages waiting to be sent, per channel, and how long the oldest has waited. */
  outboxBacklog: () => Promise<OutboxBacklog[]>;
  jobQueues: () => Promise<QueueCount[]>;
  /** Realtime sockets connected to this instance. */
  openSockets: () => number;
  /** Resolves when the database answers. */
  pingDatabase: () => Promise<void>;
  /** Redis's state; `off` (no Redis configured) leaves its gauge out. */
  redis: RedisState;
  /** The node-postgres pool's clients; undefined on PGlite (no pool). */
  poolUse?: (() => { total: number; idle: number; waiting: number }) | undefined;
}

/** `read`, or a rejection once it has taken longer than `ms`. */
export const withinTimeout = <T>(read: Promise<T>, ms = READ_TIMEOUT_MS): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
};

/**
 * One read shared by every gauge that needs it within a scrape: prom-client collects all gauges at once, so the
 * first starts the read and the others of the same scrape wait for it; the next scrape reads again.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= withinTimeout(read()).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];

  new Gauge({
    name: 'darsak_build_info',
    help: 'The release this process runs (the one its error reports name); always 1.',
    labelNames: ['release'],
    registers,
  }).set({ release: SERVER_RELEASE }, 1);

  const httpDuration = new Histogram({
    name: 'darsak_http_request_duration_seconds',
    help: 'Time to answer, by route pattern (never the raw URL), method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_SECONDS,
    registers,
  });
  const callbacksRefused = new Counter({
    name: 'darsak_payment_callbacks_refused_total',
    help: 'Payment provider callbacks refused: a bad signature, a report not bound to its payment, an unknown payment.',
    labelNames: ['provider', 'reason'],
    registers,
  });
  const deliveryFailures = new Counter({
    name: 'darsak_outbox_delivery_failures_total',
    help: 'Failed sends of outbox messages: retrying (tried again later) or given-up (the message is failed).',
    labelNames: ['channel', 'outcome'],
    registers,
  });
  const jobFailures = new Counter({
    name: 'darsak_job_failures_total',
    // Labelled by queue (the job's name): `job` is Prometheus's own target label.
    help: 'Job runs that threw, by queue (the queue retries them as the job says).',
    labelNames: ['queue'],
    registers,
  });
  const lessonsBooked = new Counter({
    name: 'darsak_lessons_booked_total',
    help: 'Lessons booked: new bookings and moves (rebooked).',
    labelNames: ['kind'],
    registers,
  });
  const noShows = new Counter({
    name: 'darsak_lesson_no_shows_total',
    help: "Lessons ended as the tutor's no-show: ended by the student, or by the lesson's end job.",
    labelNames: ['ended_by'],
    registers,
  });
  const callConnections = new Counter({
    name: 'darsak_call_connections_total',
    help: "Call members' connections by how their media went: direct, or relayed by TURN (and over what to it).",
    labelNames: ['path', 'relay_protocol'],
    registers,
  });
  const callIceFailures = new Counter({
    name: 'darsak_call_ice_failures_total',
    help: 'Call connections that failed (ICE failed) and were restarted, as the members reported them.',
    registers,
  });
  const callDrops = new Counter({
    name: 'darsak_call_drops_total',
    help: "Drops in calls: a member's socket lost (socket), or their media to the other member stopped (media).",
    labelNames: ['kind'],
    registers,
  });
  const turnCredentials = new Counter({
    name: 'darsak_turn_credentials_issued_total',
    help: 'Time-limited TURN credentials handed to call members.',
    registers,
  });

  return {
    /** This app's own figures (the process's are added in `exposition`). */
    registry,
    contentType: registry.contentType,
    /** The text Prometheus scrapes: the process's figures and this app's, the scrape-time gauges read now. */
    exposition: () => Registry.merge([processMetrics(), registry]).metrics(),

    /** Times every answer of `app`: register before any route plugin, whose hooks are copied at creation. */
    timeAnswers(app: FastifyInstance) {
      app.addHook('onResponse', (request, reply, done) => {
        httpDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? UNMATCHED_ROUTE,
            status_code: reply.statusCode,
          },
          reply.elapsedTime / 1000,
        );
        done();
      });
    },

    paymentCallbackRefused: (provider: string, reason: CallbackRefusal) => callbacksRefused.inc({ provider, reason }),
    deliveryFailed: (channel: string, outcome: DeliveryFailure) => deliveryFailures.inc({ channel, outcome }),
    jobFailed: (queue: string) => jobFailures.inc({ queue }),
    lessonBooked: (kind: 'booked' | 'rebooked') => lessonsBooked.inc({ kind }),
    tutorNoShow: (endedBy: 'student' | 'lesson-end') => noShows.inc({ ended_by: endedBy }),
    turnCredentialsIssued: () => turnCredentials.inc(),
    callConnected: (path: { candidateType: string; relayProtocol: string | null }) =>
      callConnections.inc({
        path: path.candidateType === 'relay' ? 'relay' : 'direct',
        relay_protocol: path.relayProtocol ?? 'none',
      }),
    callIceFailed: (times: number) => callIceFailures.inc(times),
    callDropped: (kind: 'socket' | 'media') => callDrops.inc({ kind }),

    /** The gauges read at each scrape, from the database and this process; a failed read leaves its gauges out. */
    readAtScrape(sources: ScrapeSources, log: Pick<FastifyBaseLogger, 'warn'>) {
      const payments = oncePerScrape(sources.payments);
      const outbox = oncePerScrape(sources.outboxBacklog);
      const queues = oncePerScrape(sources.jobQueues);
      /** A gauge whose samples are set from one read at each scrape. */
      const readGauge = <T, L extends string>(
        config: { name: string; help: string; labelNames: readonly L[] },
        read: () => Promise<T[]>,
        samples: (row: T) => Array<[LabelValues<L>, number]>,
      ) =>
        new Gauge<L>({
          ...config,
          registers,
          async collect() {
            this.reset();
            let rows: T[];
            try {
              rows = await read();
            } catch (err) {
              log.warn({ err, metric: config.name }, 'metric not read');
              return;
            }
            for (const row of rows) for (const [labels, value] of samples(row)) this.set(labels, value);
          },
        });

      readGauge(
        {
          name: 'darsak_payments',
          help: 'Payments by status and method, counted in the database (the same on every instance).',
          labelNames: ['status', 'method'],
        },
        payments,
        (row) => [[{ status: row.status, method: row.method }, row.count]],
      );
      readGauge(
        {
          name: 'darsak_outbox_pending_messages',
          help: 'Outbox messages not yet sent, per channel (the same on every instance).',
          labelNames: ['channel'],
        },
        outbox,
        (row) => [[{ channel: row.channel }, row.pending]],
      );
      readGauge(
        {
          name: 'darsak_outbox_oldest_pending_age_seconds',
          help: 'How long the oldest unsent outbox message of each channel has waited (the same on every instance).',
          labelNames: ['channel'],
        },
        outbox,
        (row) => [[{ channel: row.channel }, row.oldestAgeSeconds]],
      );
      readGauge(
        {
          name: 'darsak_job_queue_jobs',
          help: "Jobs per queue and state, as pg-boss's monitor last counted them (about once a minute).",
          labelNames: ['queue', 'state'],
        },
        queues,
        (q) => [
          [{ queue: q.name, state: 'ready' }, q.ready],
          [{ queue: q.name, state: 'deferred' }, q.deferred],
          [{ queue: q.name, state: 'active' }, q.active],
        ],
      );
      const { poolUse } = sources;
      if (poolUse) {
        new Gauge({
          name: 'darsak_database_pool_clients',
          help: "The node-postgres pool's clients.",
          labelNames: ['state'],
          registers,
          collect() {
            const pool = poolUse();
            this.set({ state: 'total' }, pool.total);
            this.set({ state: 'idle' }, pool.idle);
            this.set({ state: 'waiting' }, pool.waiting);
          },
        });
      }
      new Gauge({
        name: 'darsak_open_sockets',
        help: 'Realtime sockets connected to this instance.',
        registers,
        collect() {
          this.set(sources.openSockets());
        },
      });
      new Gauge({
        name: 'darsak_database_up',
        help: 'Whether the database answered this scrape within 2 s (1) or not (0).',
        registers,
        async collect() {
          const up = await withinTimeout(sources.pingDatabase()).then(
            () => 1,
            () => 0,
          );
          this.set(up);
        },
      });
      // Without Redis (one instance) there is nothing to report: a 0 would read as an outage.
      if (sources.redis() === 'off') return;
      new Gauge({
        name: 'darsak_redis_up',
        help: 'Whether Redis is connected (1) or not (0).',
        registers,
        collect() {
          this.set(sources.redis() === 'up' ? 1 : 0);
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus figures (the worker's listener exposes them too). */
    metrics: Metrics;
  }
}
