import { serverStatsContract } from '@darsak/domain/server-stats';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { ServerStats } from './server-stats.service.ts';

/** The admins' snapshot call (Prometheus reads `GET /api/metrics`, platform/metrics). */
export const serverStatsRoutes: FastifyPluginAsync<{ serverStats: ServerStats }> = async (app, { serverStats }) => {
  bindContract(app, serverStatsContract.snapshot, async () => ({
    intervalSeconds: serverStats.intervalSeconds,
    samples: serverStats.history(),
  }));
};
