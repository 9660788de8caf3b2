import { usersContract } from '@darsak/domain/users';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { UsersService } from './users.service.ts';
import type { StaffUsersService } from './users.staff.ts';

export const usersRoutes: FastifyPluginAsync<{ users: UsersService; staff: StaffUsersService }> = async (
  app,
  { users, staff },
) => {
  bindContract(app, usersContract.current, ({ user }) => users.current(user));
  bindContract(app, usersContract.list, ({ query }) => users.list(query));
  bindContract(app, usersContract.tutorMeta, ({ user }) => users.tutorMeta(user.id));
  bindContract(app, usersContract.get, ({ user, params }) => users.get(user, params.id));
  bindContract(app, usersContract.update, ({ user, params, body }) => users.update(user, params.id, body));
  bindContract(app, usersContract.account, ({ params }) => users.account(params.id));
  bindContract(app, usersContract.setStatus, ({ user, params, body }) => staff.setStatus(user, params.id, body));
  bindContract(app, usersContract.markVerified, ({ user, params, body }) => staff.markVerified(user, params.id, body));
  bindContract(app, usersContract.changeRole, ({ user, params, body }) => staff.changeRole(user, params.id, body));
};
