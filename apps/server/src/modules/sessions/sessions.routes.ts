import { callOwnerOf, sessionsContract } from '@darsak/domain/sessions';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { SessionsService } from './sessions.service.ts';

export const sessionsRoutes: FastifyPluginAsync<{ sessions: SessionsService }> = async (app, { sessions }) => {
  bindContract(app, sessionsContract.token, ({ user, query }) => sessions.issueToken(user, callOwnerOf(query)));
  bindContract(app, sessionsContract.get, ({ user, params }) => sessions.get(user, params.id));
};
