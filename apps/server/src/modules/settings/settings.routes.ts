import { platformSettingsContract } from '@darsak/domain/settings';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  bindContract(app, platformSettingsContract.get, () => settings.view());
  bindContract(app, platformSettingsContract.update, ({ user, body }) => settings.update(user, body));
};
