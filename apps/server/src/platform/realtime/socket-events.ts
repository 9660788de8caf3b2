import { AppError } from '@darsak/domain/errors';
import type { Ack, ClientToServerEvents } from '@darsak/domain/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type AppSocket, toAck } from './realtime.ts';
import type { LimitedEvent } from './socket-limits.ts';

type ClientEvent = keyof ClientToServerEvents;
type AckDataOf<E extends ClientEvent> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (result: Ack<infer T>) => void ? T : never;

/** `{ "messageId": "…", "signal.sdp": "…" }`, as HTTP's `details.fields`. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) fields[path ? `${path}.${key}` : key] = 'invalid';
    else fields[path || 'payload'] = issue.message;
  }
  return fields;
}

/**
 * Binds a client → server event: the payload is parsed with its schema, the handler's result is acknowledged,
 * and every failure (bad payload, a rule, a bug) answers with the coded `{code, message}` body of HTTP, so
 * nothing a client sends can crash the process. Events sent without an ack still run; their errors are dropped.
 * Each counts against the user's limit for its kind first (`too-many-requests` past it, the event not run).
 */
export function onEvent<E extends LimitedEvent, S extends z.ZodType>(
  socket: AppSocket,
  log: FastifyBaseLogger,
  event: E,
  schema: S,
  handler: (input: z.infer<S>) => Promise<AckDataOf<E>>,
): void {
  const listener = async (payload: unknown, ack?: unknown) => {
    const reply = (result: Ack<AckDataOf<E>>) => {
      if (typeof ack === 'function') ack(result);
    };
    const input = schema.safeParse(payload);
    if (!input.success) return reply(toAck(new AppError('bad-request', { fields: fieldErrors(input.error) })));
    try {
      await socket.data.limit(event);
      reply({ ok: true, data: await handler(input.data) });
    } catch (error) {
      const body = toAck(error);
      if (body.code === 'unexpected') log.error({ err: error, event }, 'socket event failed');
      reply(body);
    }
  };
  socket.on(event, listener as never);
}
