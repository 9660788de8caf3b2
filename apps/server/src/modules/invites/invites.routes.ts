import { invitesContract } from '@darsak/domain/invites';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract, type PerMinuteLimit } from '../../platform/http/bind-contract.ts';
import type { InvitesService } from './invites.service.ts';

export const invitesRoutes: FastifyPluginAsync<{ invites: InvitesService; publicPerMinute: PerMinuteLimit }> = async (
  app,
  { invites, publicPerMinute },
) => {
  bindContract(app, invitesContract.create, ({ user, body }) => invites.create(user, body));
  bindContract(app, invitesContract.list, ({ query }) => invites.list(query));
  const limited = { ratePerMinute: publicPerMinute };
  bindContract(app, invitesContract.preview, ({ params }) => invites.preview(params.token), limited);
  bindContract(
    app,
    invitesContract.accept,
    ({ params, body, raw }) => invites.accept(params.token, body, raw.headers['user-agent']),
    limited,
  );
  bindContract(app, invitesContract.get, ({ params }) => invites.get(params.id));
  bindContract(app, invitesContract.update, ({ user, params, body }) => invites.update(user, params.id, body));
  bindContract(app, invitesContract.revoke, ({ user, params }) => invites.revoke(user, params.id));
};
