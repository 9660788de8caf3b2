import { telegramContract } from '@darsak/domain/telegram';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { TelegramService } from './telegram.service.ts';

/** Header in which Telegram echoes setWebhook's `secret_token`. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export const telegramRoutes: FastifyPluginAsync<{ telegram: TelegramService }> = async (app, { telegram }) => {
  bindContract(app, telegramContract.status, ({ user }) => telegram.status(user));
  bindContract(app, telegramContract.link, ({ user }) => telegram.createLink(user));
  bindContract(app, telegramContract.unlink, ({ user }) => telegram.unlink(user));
  bindContract(app, telegramContract.webhook, ({ raw, body }) => {
    const secret = raw.headers[TELEGRAM_SECRET_HEADER];
    return telegram.receiveUpdate(typeof secret === 'string' ? secret : undefined, body);
  });
};
