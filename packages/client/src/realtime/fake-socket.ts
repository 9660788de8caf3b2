import type { Ack } from '@darsak/domain/realtime';
import type {
  ClientEvent,
  ClientPayload,
  RealtimeSocket,
  ServerEvent,
  ServerPayload,
  SocketFactory,
} from './realtime-client.ts';

type Listener = (...args: unknown[]) => void;
type Handler = (payload: unknown, token: string) => Ack<unknown> | Promise<Ack<unknown>> | undefined;

/**
 * An in-memory stand-in for the server side of socket.io, for component tests: `factory` goes to
 * `createRealtimeClient({ createSocket })`; `handle` answers client events with acks, `push` sends server events,
 * `drop`/`restore` simulate a lost connection.
 */
export interface FakeRealtimeServer {
  factory: SocketFactory;
  handle<E extends ClientEvent>(
    event: E,
    handler: (payload: ClientPayload<E>, token: string) => Ack<unknown> | Promise<Ack<unknown>> | undefined,
  ): void;
  push<E extends ServerEvent>(event: E, payload: ServerPayload<E>): void;
  /** Every client event received, in order (with acks or not). */
  received: Array<{ event: string; payload: unknown }>;
  drop(): void;
  restore(): void;
  /** Tokens of the sockets opened so far. */
  tokens: string[];
}

export function createFakeRealtimeServer(options: { autoConnect?: boolean } = {}): FakeRealtimeServer {
  const sockets = new Set<FakeSocket>();
  const handlers = new Map<string, Handler>();
  const received: Array<{ event: string; payload: unknown }> = [];
  const tokens: string[] = [];

  class FakeSocket {
    connected = false;
    active = true;
    private listeners = new Map<string, Set<Listener>>();
    private anyListeners = new Set<Listener>();
    private managerListeners = new Map<string, Set<Listener>>();
    constructor(readonly token: string) {}

    io = {
      on: (event: string, fn: Listener) => {
        const set = this.managerListeners.get(event) ?? new Set();
        set.add(fn);
        this.managerListeners.set(event, set);
      },
      removeAllListeners: () => this.managerListeners.clear(),
    };

    on(event: string, fn: Listener) {
      const set = this.listeners.get(event) ?? new Set();
      set.add(fn);
      this.listeners.set(event, set);
      return this;
    }
    onAny(fn: Listener) {
      this.anyListeners.add(fn);
      return this;
    }
    offAny() {
      this.anyListeners.clear();
      return this;
    }
    removeAllListeners() {
      this.listeners.clear();
      return this;
    }
    fire(event: string, ...args: unknown[]) {
      for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
    }
    deliver(event: string, payload: unknown) {
      if (!this.connected) return;
      for (const fn of [...this.anyListeners]) fn(event, payload);
    }
    connect() {
      this.active = true;
      if (this.connected) return this;
      queueMicrotask(() => {
        if (!this.active || this.connected) return;
        this.connected = true;
        this.fire('connect');
      });
      return this;
    }
    disconnect() {
      this.active = false;
      sockets.delete(this);
      if (!this.connected) return this;
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
      return this;
    }
    lose() {
      if (!this.connected) return;
      this.connected = false;
      this.fire('disconnect', 'transport close');
    }
    private async answer(event: string, payload: unknown): Promise<unknown> {
      received.push({ event, payload });
      const handler = handlers.get(event);
      return (await handler?.(payload, this.token)) ?? { ok: true, data: null };
    }
    emit(event: string, payload: unknown) {
      if (this.connected) void this.answer(event, payload);
      return this;
    }
    get volatile() {
      return { emit: (event: string, payload: unknown) => this.emit(event, payload) };
    }
    timeout(_ms: number) {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          if (!this.connected) throw new Error('operation has timed out');
          return this.answer(event, payload);
        },
      };
    }
  }

  return {
    factory(_url, opts) {
      const token = String((opts.auth as { token?: string } | undefined)?.token ?? '');
      tokens.push(token);
      const socket = new FakeSocket(token);
      sockets.add(socket);
      if (options.autoConnect !== false) socket.connect();
      return socket as unknown as RealtimeSocket;
    },
    handle(event, handler) {
      handlers.set(event, handler as Handler);
    },
    push(event, payload) {
      for (const socket of sockets) socket.deliver(event, payload);
    },
    received,
    drop() {
      for (const socket of sockets) socket.lose();
    },
    restore() {
      for (const socket of sockets) socket.connect();
    },
    tokens,
  };
}
