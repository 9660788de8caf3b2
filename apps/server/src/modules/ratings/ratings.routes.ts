import { ratingsContract as c } from '@darsak/domain/ratings';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { RatingsService } from './ratings.service.ts';

export const ratingsRoutes: FastifyPluginAsync<{ ratings: RatingsService }> = async (app, { ratings }) => {
  bindContract(app, c.create, ({ user, body }) => ratings.create(user, body));
  bindContract(app, c.get, ({ params }) => ratings.get(params.id));
  bindContract(app, c.update, ({ user, params, body }) => ratings.update(user, params.id, body));
  bindContract(app, c.remove, ({ user, params }) => ratings.remove(user, params.id));
  bindContract(app, c.listByRater, ({ user, params, query }) => ratings.listByRater(user, params.id, query));
  bindContract(app, c.listByRatee, ({ user, params, query }) => ratings.listByRatee(user, params.id, query));
  bindContract(app, c.listForTutor, ({ params, query }) => ratings.listForTutor(params.id, query));
};
