import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runForRequest } from '../request-context.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may hand us as an id: short, and nothing a log line or a header could be broken with. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the one the proxy in front gave it (so one id follows it from the proxy's log to ours), or a
 * new UUID, unique across instances (Fastify's own `req-1, req-2…` restart at each process and collide).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request, so a user's report or a browser's trace leads to the log lines; and the code run
 * for it knows the id (request-context.ts), so the jobs and messages it leaves behind carry it too.
 */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // The rest of the request (hooks, body, handler, answer) runs inside `done`.
    runForRequest(request.id, done);
  });
}
