import type { FastifyInstance } from 'fastify';

/**
 * Whether this instance is leaving (SIGTERM in a rolling deploy). From `begin()` its readiness answers 503, so the
 * proxy's health check stops sending it new requests and sockets.
 */
export function createDrain() {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}
export type Drain = ReturnType<typeof createDrain>;

/**
 * While draining, every answer closes its connection: no keep-alive connection is left for the proxy to send a
 * request on just as the listener closes it (a race a retry cannot always cover: a POST is not retried).
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, drain: Drain): void {
  app.addHook('onSend', async (_request, reply) => {
    if (drain.draining) reply.header('connection', 'close');
  });
}

/**
 * Leaves a rolling deploy without dropping anything (docs/operations.md, "A release, in order"): readiness turns 503
 * at once; after the `delay` (DRAIN_DELAY_SECONDS), by when the proxy's health check has stopped sending here, the listeners close, the front
 * ends' first (the site's pages call the API in process). Closing the app tells its sockets to reconnect (realtime's
 * preClose: they come back through the proxy, to another instance), stops accepting, lets the requests in flight
 * finish, and then runs the onClose hooks: the job queue, Redis, the error reporter's flush.
 */
export async function drainThenClose(
  app: FastifyInstance,
  frontEnds: FastifyInstance[],
  delay: () => Promise<unknown>,
) {
  app.drain.begin();
  await delay();
  await Promise.allSettled(frontEnds.map((front) => front.close()));
  await app.close();
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}
