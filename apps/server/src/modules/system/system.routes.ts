import { configContract, type PublicConfigResponse, type RuntimeConfig } from '@darsak/domain/config';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import { bindContract } from '../../platform/http/bind-contract.ts';
import { directUploadOrigin } from '../../providers/storage/configured.ts';

export function publicConfigOf(config: Config): PublicConfigResponse {
  return {
    environment: config.CLIENT_ENV,
    googleClientId: config.GOOGLE_CLIENT_ID,
    analyticsId: config.ANALYTICS_ID,
    sessionRecordingId: config.SESSION_RECORDING_ID,
    errorReportingUrl: config.ERROR_REPORTING_URL,
    cardProviderAccountNumber: config.CARD_PROVIDER_ACCOUNT_NUMBER,
    supportLinks: {
      telegramNotifications: config.SUPPORT_TELEGRAM_NOTIFICATIONS_URL,
      telegramTutors: config.SUPPORT_TELEGRAM_TUTORS_URL,
      chat: config.SUPPORT_CHAT_URL,
      whatsapp: config.SUPPORT_WHATSAPP_URL,
    },
    googleSimulator: config.isLocal && !config.GOOGLE_JWKS_URL,
    ...(directUploadOrigin(config) ? { directUploads: true } : {}),
    ...(config.isLocal ? { outboxUrl: '/dev/outbox' } : {}),
  };
}

/** What each front end is handed at start: the public configuration and the public addresses. */
export const runtimeConfigOf = (config: Config): RuntimeConfig => ({
  ...publicConfigOf(config),
  urls: {
    api: config.PUBLIC_APP_URL,
    app: config.PUBLIC_APP_URL,
    admin: config.PUBLIC_ADMIN_URL,
    site: config.PUBLIC_SITE_URL,
  },
});

/** Health and public configuration. */
export const systemRoutes: FastifyPluginAsync<{ config: Config; database: Database }> = async (
  app,
  { config, database },
) => {
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await database.ping();
    return { ok: true };
  });
  const publicConfig = publicConfigOf(config);
  bindContract(app, configContract.get, async () => publicConfig);
};
