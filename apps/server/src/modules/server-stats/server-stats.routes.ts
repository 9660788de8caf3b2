import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@darsak/domain/errors';
import { serverStatsContract } from '@darsak/domain/server-stats';
import type { FastifyPluginAsync } from 'fastify';
import { bearerOf, bindContract } from '../../platform/http/bind-contract.ts';
import { PROMETHEUS_CONTENT_TYPE, prometheusText } from './prometheus.ts';
import type { ServerStats } from './server-stats.service.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compares digests, so neither the length nor the first differing byte of the token leaks through timing. */
const sameToken = (given: string | undefined, expected: string) =>
  given !== undefined && timingSafeEqual(digest(given), digest(expected));

/** The admins' snapshot call and, only when METRICS_TOKEN is set, the Prometheus endpoint behind that token. */
export const serverStatsRoutes: FastifyPluginAsync<{
  serverStats: ServerStats;
  metricsToken: string | undefined;
}> = async (app, { serverStats, metricsToken }) => {
  bindContract(app, serverStatsContract.snapshot, async () => ({
    intervalSeconds: serverStats.intervalSeconds,
    samples: serverStats.history(),
  }));
  if (!metricsToken) return;
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(bearerOf(request), metricsToken)) throw new AppError('unauthenticated');
    const cpu = process.cpuUsage();
    const text = prometheusText({
      instanceId: serverStats.instanceId,
      startedAt: serverStats.startedAt,
      counts: serverStats.counts(),
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      latest: serverStats.latest() ?? (await serverStats.sample()),
    });
    return reply.type(PROMETHEUS_CONTENT_TYPE).send(text);
  });
};
