import type { ParamsOf, ResponseOf, RouteContract } from '@darsak/domain/contract';
import { AppError, type ErrorCode } from '@darsak/domain/errors';
import { Role } from '@darsak/domain/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Authenticator, AuthUser } from './auth-user.ts';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteRequest<C extends RouteContract> {
  params: ParamsOf<C>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  user: C['auth'] extends 'public' ? AuthUser | null : AuthUser;
  raw: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<C extends RouteContract> = (req: RouteRequest<C>) => Promise<ResponseOf<C>>;

export type PerMinuteLimit = () => Promise<number>;

export interface BindOptions {
  /** Requests allowed per minute per client for this route (sign-in, codes), read per request (a setting). */
  ratePerMinute?: PerMinuteLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: Authenticator;
  }
  interface FastifyContextConfig {
    /** The codes the route's contract lists, for the error handler (a field fault the spec names). */
    contractErrors?: readonly ErrorCode[];
  }
}

/** Registers a contract's route: schemas from the contract validate input and output and feed OpenAPI. */
export function bindContract<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<C>,
  options: BindOptions = {},
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { [contract.status ?? 200]: contract.response },
    },
    config: {
      contractErrors: contract.errors,
      ...(options.ratePerMinute ? { rateLimit: { max: options.ratePerMinute, timeWindow: 60_000 } } : {}),
    },
    // Before validation: whoever may not call a route learns nothing of its schema, and an expired or revoked
    // token answers 401 whatever the body (DESIGN §3).
    preValidation: async (request) => {
      request.user = await resolveUser(app.authenticator, request, contract);
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as ParamsOf<C>,
        query: request.query as Infer<C['query']>,
        body: request.body as Infer<C['body']>,
        user: request.user as RouteRequest<C>['user'],
        raw: request,
        reply,
      });
      reply.code(contract.status ?? 200);
      return contract.status === 204 ? reply.send() : result;
    },
  });
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

async function resolveUser(authenticator: Authenticator, request: FastifyRequest, contract: RouteContract) {
  const token = bearerOf(request);
  if (contract.auth === 'public') {
    return token ? authenticator.authenticate(token).catch(() => null) : null;
  }
  if (!token) throw new AppError('unauthenticated');
  const user = await authenticator.authenticate(token);
  if (contract.auth !== 'signedIn' && !contract.auth.some((name) => Role[name] === user.role)) {
    throw new AppError('forbidden');
  }
  return user;
}
