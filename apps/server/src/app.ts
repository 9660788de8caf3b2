import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type GoogleVerifier } from './modules/auth/auth.service.ts';
import { createTokenSigner } from './modules/auth/auth.tokens.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db/client.ts';
import { registerConstraintCodes } from './platform/http/db-errors.ts';
import { installErrorHandling } from './platform/http/error-handler.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { loggerOptions } from './platform/logger.ts';
import type { LocalGoogleIssuer } from './providers/google/id-token-verifier.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  google: GoogleVerifier;
  /** Local mode's stand-in for Google's issuer, used by the sign-in simulator page. */
  localGoogle?: LocalGoogleIssuer | undefined;
  /** Logs in tests are noise; main passes the configured logger. */
  logger?: boolean;
}

registerConstraintCodes({ users_email_key: 'user-exists', users_google_sub_key: 'user-exists' });

/** Builds the HTTP API with every module; never listens (main.ts and tests decide). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: !config.isLocal,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.decorateRequest('user', null);

  await app.register(cors, {
    origin: [config.PUBLIC_APP_URL, config.PUBLIC_ADMIN_URL, config.PUBLIC_SITE_URL],
    credentials: true,
  });
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app);

  const db = database.db;
  const uploadUrl = (name: string) => `/assets/uploads/${encodeURIComponent(name)}`;
  const users = createUsersService({ db, clock, uploadUrl, countFavouriteTopics: async () => 0 });
  const auth = createAuthService({
    db,
    clock,
    signer: createTokenSigner(config.JWT_SECRET),
    tokenTtlSeconds: config.TOKEN_TTL_HOURS * 3600,
    google: deps.google,
    users,
  });
  app.decorate('authenticator', auth.authenticator);

  await app.register(systemRoutes, { config, database });
  await app.register(authRoutes, { auth, signInPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE });
  await app.register(usersRoutes, { users });
  // modules: more modules register here
  return app;
}
