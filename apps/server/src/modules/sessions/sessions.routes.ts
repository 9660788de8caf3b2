import { callOwnerOf, sessionsContract } from '@darsak/domain/sessions';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { SessionsService } from './sessions.service.ts';

export const UPLOAD_CHECKS_PER_MINUTE = 60;

export const sessionsRoutes: FastifyPluginAsync<{ sessions: SessionsService }> = async (app, { sessions }) => {
  bindContract(app, sessionsContract.token, ({ user, query }) => sessions.issueToken(user, callOwnerOf(query)));
  // per address: a school's students share one, each check is one or two uploads (up to 320 KB read and dropped)
  bindContract(app, sessionsContract.uploadCheck, async ({ body }) => ({ receivedChars: body.data.length }), {
    ratePerMinute: async () => UPLOAD_CHECKS_PER_MINUTE,
  });
  bindContract(app, sessionsContract.get, ({ user, params }) => sessions.get(user, params.id));
};
