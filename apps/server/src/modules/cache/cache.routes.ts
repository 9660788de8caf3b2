import { cacheContract } from '@darsak/domain/cache';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { CacheService } from './cache.service.ts';

export const cacheRoutes: FastifyPluginAsync<{ cache: CacheService }> = async (app, { cache }) => {
  bindContract(app, cacheContract.flush, ({ user }) => cache.flush(user));
};
