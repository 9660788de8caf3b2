import { overviewContract as c } from '@darsak/domain/overview';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { OverviewService } from './overview.service.ts';

export const overviewRoutes: FastifyPluginAsync<{ overview: OverviewService }> = async (app, { overview }) => {
  bindContract(app, c.get, () => overview.get());
};
