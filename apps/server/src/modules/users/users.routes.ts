import { usersContract } from '@darsak/domain/users';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  bindContract(app, usersContract.current, ({ user }) => users.current(user));
  bindContract(app, usersContract.list, ({ query }) => users.list(query));
  bindContract(app, usersContract.tutorMeta, ({ user }) => users.tutorMeta(user.id));
  bindContract(app, usersContract.get, ({ user, params }) => users.get(user, params.id));
  bindContract(app, usersContract.update, ({ user, params, body }) => users.update(user, params.id, body));
};
