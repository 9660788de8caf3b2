import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandling } from '../http/error-handler.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { type Metrics, withinTimeout } from './metrics.ts';

export interface WorkerListenerOptions {
  port: number;
  host: string;
  metrics: Metrics;
  metricsToken: string | undefined;
  /** Resolves when the worker can do its work (the database answers), throws when it cannot. */
  ready: () => Promise<void>;
}

/** A health check slower than this is a failed one: the probe gets its answer before its own timeout. */
const READY_TIMEOUT_MS = 2000;

/**
 * The job worker's own small listener (WORKER_PORT): no API, only what operators and Prometheus ask of it.
 * `GET /health` answers 200 while the database answers, 503 when it does not or once the worker is stopping;
 * `GET /metrics` gives its figures by the API's rule (the bearer of METRICS_TOKEN). `stopping()` turns health to 503
 * before the queue winds down, so an orchestrator stops counting on this worker first.
 */
export async function startWorkerListener(options: WorkerListenerOptions) {
  const app: FastifyInstance = Fastify({ logger: false });
  installErrorHandling(app);
  let stopping = false;
  app.get('/health', async (_request, reply) => {
    if (stopping) return reply.code(503).send({ ok: false, reason: 'stopping' });
    try {
      await withinTimeout(options.ready(), READY_TIMEOUT_MS);
    } catch {
      return reply.code(503).send({ ok: false, reason: 'database' });
    }
    return { ok: true };
  });
  await app.register(metricsRoutes, { metrics: options.metrics, token: options.metricsToken, path: '/metrics' });
  await app.listen({ port: options.port, host: options.host });
  return {
    /** The port it listens on (the one asked for, or the system's pick for 0). */
    port: (app.server.address() as { port: number }).port,
    stopping() {
      stopping = true;
    },
    close: () => app.close(),
  };
}
