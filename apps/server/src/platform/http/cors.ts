import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import { errorBody } from './error-handler.ts';

/**
 * What the front ends send across origins (the admin app and the site call the API from their own origins). The
 * CORS plugin's default allows only GET, HEAD and POST, which left every PUT, PATCH and DELETE of the admin app
 * refused by the browser; so the methods and headers are named here, exactly.
 */
export const CROSS_ORIGIN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** `Authorization` (the session), `Content-Type` (JSON bodies), `Idempotency-Key` (checkout attempts). */
export const CROSS_ORIGIN_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'] as const;
/** How long a browser may reuse a preflight's answer: one preflight per call shape per ten minutes. */
const PREFLIGHT_MAX_AGE_S = 600;

/** The origins the front ends are served from: the only ones a browser lets call the API. */
const frontEndOrigins = (config: Config): string[] => [
  config.PUBLIC_APP_URL,
  config.PUBLIC_ADMIN_URL,
  config.PUBLIC_SITE_URL,
];

export async function installCors(app: FastifyInstance, config: Config): Promise<void> {
  // An OPTIONS that is no preflight (no Origin or no requested method) is bad input like any other: a coded JSON
  // 400, not the plugin's plain-text one.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    if (request.headers.origin && request.headers['access-control-request-method']) return;
    return reply.code(400).send(errorBody('bad-request'));
  });
  const allowed = new Set(frontEndOrigins(config));
  await app.register(cors, {
    // Another origin gets no CORS header at all (not even the methods), and its preflight finds no route.
    origin: (origin, allow) => allow(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    methods: [...CROSS_ORIGIN_METHODS],
    allowedHeaders: [...CROSS_ORIGIN_HEADERS],
    // The front ends' error reports quote the request id the API answered with.
    exposedHeaders: ['X-Request-Id'],
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
}
