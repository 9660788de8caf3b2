import { AppError, ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import {
  type Ack,
  CHANNELS,
  type Channel,
  type ClientToServerEvents,
  channelRoom,
  type ServerToClientEvents,
  userRoom,
} from '@darsak/domain/realtime';
import { isAdminRole, Role, type RoleId } from '@darsak/domain/users';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Authenticator, AuthUser } from '../http/auth-user.ts';
import { toErrorBody } from '../http/error-handler.ts';
import type { RedisConnect } from '../redis.ts';
import type { LimitedEvent, SocketEventLimiter } from './socket-limits.ts';

export interface SocketData {
  user: AuthUser;
  /** Counts the user's events against their limits (socket-limits.ts). */
  limit: (event: LimitedEvent) => Promise<void>;
}
export type AppIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type Emit<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** Who may follow a channel: the tutors cache is public to signed-in users, the others are staff's. */
/** Staff who review applicants follow their onboarding; admins follow every channel. */
const ONBOARDING_STAFF: RoleId[] = [Role.tutorManager, Role.studio];
const mayFollow = (role: RoleId, channel: Channel) =>
  channel === 'tutors' || isAdminRole(role) || (channel === 'onboarding' && ONBOARDING_STAFF.includes(role));

/** The ack body for an error: the same body, and code, as an HTTP error (named constraints included). */
export function toAck(error: unknown): Ack<never> & { ok: false } {
  return { ok: false, ...toErrorBody(error).body };
}

export type SocketHandlers = (io: AppIo, socket: AppSocket) => void;

/** Every socket opened with one session (one signed-in device), so signing that session out closes them. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * socket.io on the API's HTTP server: the bearer token is checked at the handshake, each socket joins its user's
 * room, and with REDIS_URL the Redis adapter (loaded only then) lets several instances share rooms.
 */
export function createRealtime(
  app: FastifyInstance,
  options: {
    authenticator: Authenticator;
    redis?: RedisConnect | undefined;
    /** The deployment's Redis prefix: deployments sharing a Redis never hear each other's events. */
    redisPrefix: string;
    corsOrigins: string[];
    limiter: SocketEventLimiter;
  },
) {
  const handlers: SocketHandlers[] = [];
  let io: AppIo | undefined;
  const redis: Redis[] = [];
  let leaving = false;
  /** The open engine.io connections, sockets or not yet (a handshake under way holds the listener open too). */
  const connections = new Set<{ close(): void }>();

  async function attach() {
    io = new Server(app.server, {
      cors: { origin: options.corsOrigins, credentials: true },
      serveClient: false,
      // A closing instance lets no socket in: the client tries again (through the proxy, another instance).
      allowRequest: (_request, answer) => answer(leaving ? 'instance closing' : null, !leaving),
    });
    io.engine.on('connection', (connection: { close(): void; once(event: 'close', listener: () => void): void }) => {
      connections.add(connection);
      connection.once('close', () => connections.delete(connection));
    });
    if (options.redis) {
      // CommonJS: its exports are the default export, from the sources and from the bundle alike.
      const { createAdapter } = (await import('@socket.io/redis-adapter')).default;
      const pub = options.redis({ lazyConnect: false, maxRetriesPerRequest: null });
      const sub = options.redis({ lazyConnect: false, maxRetriesPerRequest: null });
      redis.push(pub, sub);
      io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix}:socket.io` }));
    }
    io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      try {
        if (!token) throw new AppError('unauthenticated');
        const user = await options.authenticator.authenticate(token);
        socket.data.user = user;
        socket.data.limit = (event) => options.limiter(user.id, event);
        next();
      } catch {
        next(
          Object.assign(new Error('unauthenticated'), {
            data: { code: 'unauthenticated', message: ERROR_MESSAGES_AR.unauthenticated },
          }),
        );
      }
    });
    io.on('connection', (socket) => {
      void socket.join([userRoom(socket.data.user.id), sessionRoom(socket.data.user.sessionId)]);
      socket.on('channel:subscribe', (payload, ack) => {
        const channel = payload?.channel;
        if (typeof ack !== 'function') return;
        if (!CHANNELS.includes(channel))
          return ack(toAck(new AppError('bad-request', { fields: { channel: 'invalid' } })));
        if (!mayFollow(socket.data.user.role, channel)) return ack(toAck(new AppError('forbidden')));
        void socket.join(channelRoom(channel));
        ack({ ok: true, data: null });
      });
      socket.on('channel:unsubscribe', (payload, ack) => {
        if (CHANNELS.includes(payload?.channel)) void socket.leave(channelRoom(payload.channel));
        if (typeof ack === 'function') ack({ ok: true, data: null });
      });
      // as cheap as socket.io's own ping, and as unlimited
      socket.on('connection:check', (_payload, ack) => {
        if (typeof ack === 'function') ack({ ok: true, data: null });
      });
      for (const register of handlers) register(io as AppIo, socket);
    });
  }

  app.addHook('onReady', attach);
  // Before the listener closes (it would wait for the upgraded connections), each socket's connection is closed:
  // not the socket.io disconnect a sign-out sends, but a lost connection, which clients reconnect by themselves after
  // their first delay, through the proxy to another instance (rooms are rejoined there, events reach them via Redis).
  app.addHook('preClose', async () => {
    leaving = true;
    for (const connection of connections) connection.close();
  });
  app.addHook('onClose', async () => {
    await io?.close();
    await Promise.allSettled(redis.map((r) => r.quit()));
  });

  return {
    /** Modules add their event handlers before the app is ready. */
    onConnection(register: SocketHandlers) {
      handlers.push(register);
    },
    toUser<E extends keyof ServerToClientEvents>(userId: number, event: E, ...args: Emit<E>) {
      io?.to(userRoom(userId)).emit(event, ...args);
    },
    toChannel<E extends keyof ServerToClientEvents>(channel: Channel, event: E, ...args: Emit<E>) {
      io?.to(channelRoom(channel)).emit(event, ...args);
    },
    /** A session signed out: its sockets close at once, on every instance. */
    closeSession(sessionId: string) {
      io?.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    /** The user's sessions revoked, disabled or given another role: every socket closes but `keepSessionId`'s. */
    closeUser(userId: number, keepSessionId?: string) {
      const sockets = io?.in(userRoom(userId));
      (keepSessionId ? sockets?.except(sessionRoom(keepSessionId)) : sockets)?.disconnectSockets(true);
    },
    get io() {
      return io;
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}
