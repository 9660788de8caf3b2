import { topicsContract } from '@darsak/domain/topics';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { TopicsService } from './topics.service.ts';

export const topicsRoutes: FastifyPluginAsync<{ topics: TopicsService }> = async (app, { topics }) => {
  bindContract(app, topicsContract.create, ({ user, body }) => topics.create(user, body));
  bindContract(app, topicsContract.list, () => topics.list());
  bindContract(app, topicsContract.update, ({ user, params, body }) => topics.update(user, params.id, body));
  bindContract(app, topicsContract.remove, ({ user, params }) => topics.remove(user, params.id));
  bindContract(app, topicsContract.ofUser, ({ user }) => topics.ofUser(user.id));
  bindContract(app, topicsContract.addOfUser, ({ user, body }) => topics.addOfUser(user.id, body.topicId));
  bindContract(app, topicsContract.replaceOfUser, ({ user, body }) => topics.replaceOfUser(user.id, body.topicIds));
  bindContract(app, topicsContract.removeOfUser, ({ user, query }) => topics.removeOfUser(user.id, query.topicId));
};
