import { notificationsContract } from '@darsak/domain/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  bindContract(app, notificationsContract.preferences, ({ user }) => notifications.preferences(user));
  bindContract(app, notificationsContract.update, ({ user, body }) => notifications.update(user, body));
  bindContract(app, notificationsContract.dismissPrompt, ({ user }) => notifications.dismissPrompt(user));
};
