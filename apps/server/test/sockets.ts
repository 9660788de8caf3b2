import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@darsak/domain/realtime';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The base URL of an app listening on a random loopback port (sockets need a real server). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** A typed socket.io client connected with a bearer token; rejects with the server's refusal. */
export function connectAs(baseUrl: string, token: string | undefined): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next payload of an event, or rejects after a timeout. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, timeoutMs = 5000) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(
      event as never,
      ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
        clearTimeout(timer);
        resolve(payload);
      }) as never,
    );
  });
}

/** 'nothing' when the event does not come within `ms`, else what came: a test asserts a socket heard nothing. */
export const noEvent = (socket: ClientSocket, event: keyof ServerToClientEvents, ms = 400) =>
  nextEvent(socket, event, ms).then(
    (payload) => ({ unexpected: payload }),
    () => 'nothing' as const,
  );

/** An acknowledgement's data, or a thrown refusal. */
export function acked<T>(ack: Ack<T>): T {
  if (!ack.ok) throw new Error(`refused: ${ack.code}`);
  return ack.data;
}

/** Sockets a test file opens against its servers, all closed by `closeAll` (in its afterAll). */
export function socketPool() {
  const sockets: ClientSocket[] = [];
  return {
    async connect(baseUrl: string, token: string | undefined) {
      const socket = await connectAs(baseUrl, token);
      sockets.push(socket);
      return socket;
    },
    closeAll: () => {
      for (const socket of sockets.splice(0)) socket.close();
    },
  };
}
