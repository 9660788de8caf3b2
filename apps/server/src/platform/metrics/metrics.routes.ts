import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@darsak/domain/errors';
import type { FastifyPluginAsync } from 'fastify';
import { bearerOf } from '../http/bind-contract.ts';
import type { Metrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compares digests, so neither the length nor the first differing byte of the token leaks through timing. */
const sameToken = (given: string | undefined, expected: string) =>
  given !== undefined && timingSafeEqual(digest(given), digest(expected));

/**
 * The figures for Prometheus at `path`, only to the bearer of METRICS_TOKEN; without that setting the route does not
 * exist (404). The API serves it at `/api/metrics`, the worker's listener at `/metrics`.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string | undefined; path: string }> = async (
  app,
  { metrics, token, path },
) => {
  if (!token) return;
  app.get(path, { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(bearerOf(request), token)) throw new AppError('unauthenticated');
    return reply.type(metrics.contentType).send(await metrics.exposition());
  });
};
