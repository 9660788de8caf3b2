import { pushContract } from '@darsak/domain/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { PushService } from './push.service.ts';

export const pushRoutes: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  bindContract(app, pushContract.settings, ({ user }) => push.settings(user));
  bindContract(app, pushContract.updateKinds, ({ user, body }) => push.updateKinds(user, body));
  bindContract(app, pushContract.subscribe, ({ user, body }) => push.subscribe(user, body));
  bindContract(app, pushContract.unsubscribe, ({ user, body }) => push.unsubscribe(user, body));
};
