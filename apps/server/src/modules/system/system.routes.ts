import { setTimeout as sleep } from 'node:timers/promises';
import { configContract, type PublicConfigResponse, type RuntimeConfig } from '@darsak/domain/config';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { Drain } from '../../platform/http/drain.ts';
import type { RedisState } from '../../platform/redis.ts';
import { paymentProvidersOf } from '../../providers/payments/payment-gateways.ts';
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
    paymentProviders: paymentProvidersOf(config),
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

/** A database that has not answered `select 1` within this is down, as far as readiness goes. */
const DATABASE_PING_TIMEOUT_MS = 2000;

/** Whether the database answers, within the ping timeout. */
const databaseAnswers = (database: Pick<Database, 'ping'>) =>
  Promise.race([
    database.ping().then(
      () => true,
      () => false,
    ),
    sleep(DATABASE_PING_TIMEOUT_MS, false, { ref: false }),
  ]);

/** Health (liveness and readiness) and public configuration. */
export const systemRoutes: FastifyPluginAsync<{
  config: Config;
  database: Database;
  drain: Drain;
  redisState: RedisState;
}> = async (app, { config, database, drain, redisState }) => {
  // Liveness: the process answers (an orchestrator restarts one that does not).
  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ ok: true }));
  // Readiness: whether this instance should get traffic. Not while it drains (a deploy stopping it), nor while its
  // database does not answer. Redis away is a degradation, not an outage (caches, limits and fan-out fall back): the
  // instance stays ready and says so, for monitoring. /api/health is its first name, still answered.
  const readiness = async (_request: FastifyRequest, reply: FastifyReply) => {
    const redis = redisState();
    const degraded = redis === 'down' ? { degraded: ['redis'] } : {};
    if (drain.draining) return reply.code(503).send({ ok: false, draining: true, redis, ...degraded });
    if (!(await databaseAnswers(database)))
      return reply.code(503).send({ ok: false, database: 'down', redis, ...degraded });
    return { ok: true, redis, ...degraded };
  };
  app.get('/api/health/ready', { schema: { hide: true } }, readiness);
  app.get('/api/health', { schema: { hide: true } }, readiness);
  const publicConfig = publicConfigOf(config);
  bindContract(app, configContract.get, async () => publicConfig);
};
