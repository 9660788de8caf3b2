import { authContract } from '@darsak/domain/auth';
import { usersContract } from '@darsak/domain/users';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract, type PerMinuteLimit } from '../../platform/http/bind-contract.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsync<{ auth: AuthService; signInPerMinute: PerMinuteLimit }> = async (
  app,
  { auth, signInPerMinute },
) => {
  const limited = { ratePerMinute: signInPerMinute };
  bindContract(app, usersContract.register, ({ body, raw }) => auth.register(body, raw.headers['user-agent']), limited);
  bindContract(
    app,
    authContract.password,
    ({ body, raw }) => auth.signInWithPassword(body.email, body.password, raw.headers['user-agent']),
    limited,
  );
  bindContract(
    app,
    authContract.google,
    ({ body, raw }) => auth.signInWithGoogle(body.credential, body.role, raw.headers['user-agent']),
    limited,
  );
  bindContract(app, authContract.refreshToken, ({ user }) => auth.refresh(user));
  bindContract(app, authContract.logout, ({ user }) => auth.logout(user));
  bindContract(app, authContract.changePassword, ({ user, body }) => auth.changePassword(user, body), limited);
};
