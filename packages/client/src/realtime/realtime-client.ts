import { type ClientErrorCode, ERROR_MESSAGES_AR, type ErrorCode } from '@darsak/domain/errors';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@darsak/domain/realtime';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { ClientLog } from '../log/client-log.ts';

/**
 * The realtime connection of the apps (spec §4, socket reconnect settings of §9).
 *
 * - `setToken(token)` connects when a token exists; a different token replaces the old connection; null closes it.
 * - It reconnects on its own without an attempt limit (first after 1 s, at most 5 s apart, jitter 0.5, 20 s
 *   connect timeout); a socket the server closed is reopened too.
 * - `getState()`/`subscribe()` give the connection state for the "poor connection" / "connection lost" banner.
 * - `on(event, handler)` listens to a server event (typed by `ServerToClientEvents`) across reconnects and token
 *   swaps; it returns the function that stops listening.
 * - `request(event, payload)` sends a client event and resolves with its typed `Ack` (never rejects): when the
 *   socket is down it answers `network-error` at once, and `timeout-exceeded` when no ack came in time.
 * - `onConnect(listener)` runs after every (re)connection: the place to rejoin a call or refetch what may have
 *   been missed while offline.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;
export type ClientEvent = keyof ClientToServerEvents;
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];
export type ClientPayload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
export type AckDataOf<E extends ClientEvent> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (result: Ack<infer T>) => void ? T : never;

/** An ack, or the client's own failure when none could arrive (`network-error`, `timeout-exceeded`). */
export type AckResult<T> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode | ClientErrorCode; message: string; details?: Record<string, unknown> };

/** Spec §9: reconnects without attempt limit, first after 1 s, at most 5 s apart, jitter 0.5, 20 s timeout. */
export const RECONNECT_OPTIONS = {
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

/** How long an ack may take before `request` answers `timeout-exceeded`. */
export const ACK_TIMEOUT_MS = 10_000;
/** An ack slower than this marks the connection poor. */
export const POOR_ROUND_TRIP_MS = 2500;
/** Reconnecting for longer than this shows "connection lost" instead of "poor connection". */
export const LOST_AFTER_MS = 8000;

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
/** What the banner shows: nothing (good), "poor connection", or "connection lost". */
export type ConnectionQuality = 'good' | 'poor' | 'lost';

export interface ConnectionState {
  /** idle: no token; disconnected: refused (see lastError) or the browser is offline. */
  status: ConnectionStatus;
  quality: ConnectionQuality;
  /** Reconnection attempts since the connection was last up. */
  attempts: number;
  /** Code of the last connection failure (`unauthenticated` when the token was refused). */
  lastError: string | null;
  /** Successful connections since the token was set; above 1 means there were reconnections. */
  connections: number;
  /** Round trip of the last ack, in milliseconds. */
  roundTripMs: number | null;
}

export interface RealtimeClient {
  setToken(token: string | null): void;
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  on<E extends ServerEvent>(event: E, handler: (payload: ServerPayload<E>) => void): () => void;
  onConnect(listener: (info: { reconnect: boolean }) => void): () => void;
  request<E extends ClientEvent>(
    event: E,
    payload: ClientPayload<E>,
    options?: { timeoutMs?: number },
  ): Promise<AckResult<AckDataOf<E>>>;
  /** Fire and forget, dropped when the socket is down (typing marks, signalling with its own recovery). */
  send<E extends ClientEvent>(event: E, payload: ClientPayload<E>, options?: { volatile?: boolean }): void;
  readonly connected: boolean;
  /** Tries to reconnect now instead of waiting for the next attempt (the banner's retry button). */
  retry(): void;
  /** Replaces a socket that looks connected but answers nothing (its network is gone): reconnects now. */
  renew(): void;
  /** Closes the connection for good (tests, page teardown). */
  close(): void;
}

export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => RealtimeSocket;

export interface RealtimeClientOptions {
  /** Origin of the API ('' or undefined: the page's origin). */
  url?: string;
  log?: ClientLog;
  /**
   * Opens the socket: socket.io's (`defaultSocketFactory` of ./socket-io.ts, loaded only where it is used) or, in
   * tests, a fake.
   */
  createSocket: SocketFactory;
  /** The server refused the token at the handshake. */
  onRefused?: (code: string) => void;
  now?: () => number;
}

const IDLE: ConnectionState = {
  status: 'idle',
  quality: 'good',
  attempts: 0,
  lastError: null,
  connections: 0,
  roundTripMs: null,
};

const failure = (code: ClientErrorCode): AckResult<never> => ({ ok: false, code, message: ERROR_MESSAGES_AR[code] });

/** The Network Information API (Chromium, Android's WebView): `type` is the kind of network the device is on. */
type NavigatorWithConnection = Navigator & { connection?: EventTarget & { type?: string } };
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const createSocket = options.createSocket;
  const log = options.log;
  const now = options.now ?? Date.now;
  let token: string | null = null;
  let socket: RealtimeSocket | undefined;
  let state: ConnectionState = IDLE;
  let lostTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const connectListeners = new Set<(info: { reconnect: boolean }) => void>();

  const qualityOf = (next: ConnectionState, reconnectingSince?: number): ConnectionQuality => {
    if (next.status === 'idle' || next.status === 'connecting') return 'good';
    if (next.status === 'disconnected' || isOffline()) return 'lost';
    if (next.status === 'reconnecting')
      return reconnectingSince !== undefined && now() - reconnectingSince >= LOST_AFTER_MS ? 'lost' : 'poor';
    return next.roundTripMs !== null && next.roundTripMs >= POOR_ROUND_TRIP_MS ? 'poor' : 'good';
  };

  let reconnectingSince: number | undefined;
  const set = (patch: Partial<ConnectionState>) => {
    const next = { ...state, ...patch };
    if (next.status === 'reconnecting') reconnectingSince ??= now();
    else reconnectingSince = undefined;
    next.quality = qualityOf(next, reconnectingSince);
    const changed = (Object.keys(next) as (keyof ConnectionState)[]).some((key) => next[key] !== state[key]);
    if (!changed) return;
    if (next.status !== state.status || next.quality !== state.quality)
      log?.info('socket', `state ${next.status} (${next.quality})`, next.lastError ?? undefined);
    state = next;
    clearTimeout(lostTimer);
    if (next.status === 'reconnecting' && next.quality === 'poor')
      lostTimer = setTimeout(() => set({}), LOST_AFTER_MS + 50);
    for (const listener of listeners) listener();
  };

  const dispatch = (event: string, payload: unknown) => {
    const set = handlers.get(event);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(payload);
      } catch (error) {
        log?.error('socket', `handler of ${event} failed`, error);
      }
    }
  };

  // The browser knows the network is gone before any ping times out: drop the transport now (socket.io then
  // reconnects on its own), and when the network is back try at once instead of waiting for the next attempt.
  const reconnectNow = () => {
    socket?.disconnect();
    socket?.connect();
    set({ status: 'reconnecting' });
  };
  const onOnline = () => {
    log?.info('socket', 'browser online');
    if (socket && !socket.connected) reconnectNow();
    set({});
  };
  const onOffline = () => {
    log?.warn('socket', 'browser offline');
    const engine = (socket?.io as { engine?: { close(): void } } | undefined)?.engine;
    if (socket?.connected) engine?.close();
    set({});
  };
  // A phone moving from Wi-Fi to mobile data (or back) need not go offline between: the socket's connection went
  // with the old network, and no ping would tell for up to 45 s. Other changes (speed estimates) leave it be.
  const connection = typeof navigator !== 'undefined' ? (navigator as NavigatorWithConnection).connection : undefined;
  let networkType = connection?.type;
  const onConnectionChange = () => {
    if (!connection || connection.type === networkType) return;
    log?.info('socket', `network now ${connection.type}`);
    networkType = connection.type;
    if (socket) reconnectNow();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }
  connection?.addEventListener('change', onConnectionChange);

  function close() {
    clearTimeout(reopenTimer);
    clearTimeout(lostTimer);
    if (!socket) return;
    const old = socket;
    socket = undefined;
    old.offAny();
    old.removeAllListeners();
    old.io.removeAllListeners();
    old.disconnect();
  }

  function open(current: string) {
    const url = options.url || (typeof window !== 'undefined' ? window.location.origin : '');
    const created = createSocket(url, {
      ...RECONNECT_OPTIONS,
      auth: { token: current },
      forceNew: true,
      transports: ['websocket', 'polling'],
    });
    socket = created;
    set({ ...IDLE, status: 'connecting' });
    log?.info('socket', 'connecting');

    created.on('connect', () => {
      const reconnect = state.connections > 0;
      set({ status: 'connected', attempts: 0, lastError: null, connections: state.connections + 1 });
      log?.info('socket', reconnect ? 'reconnected' : 'connected');
      for (const listener of [...connectListeners]) {
        try {
          listener({ reconnect });
        } catch (error) {
          log?.error('socket', 'connect listener failed', error);
        }
      }
    });
    created.on('disconnect', (reason) => {
      log?.warn('socket', 'disconnected', reason);
      if (reason === 'io client disconnect') return;
      set({ status: 'reconnecting' });
      // The server closed this socket: socket.io does not come back by itself, so reopen after the first delay.
      if (reason === 'io server disconnect') {
        clearTimeout(reopenTimer);
        reopenTimer = setTimeout(() => created.connect(), RECONNECT_OPTIONS.reconnectionDelay);
      }
    });
    created.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      const code = error.data?.code ?? error.message ?? 'network-error';
      log?.error('socket', 'connection error', code);
      // Still trying (the very first attempt failing is already worth showing as a poor connection).
      if (created.active) return set({ status: 'reconnecting', lastError: code });
      // Refused at the handshake (middleware): socket.io will not retry; the app decides (a refreshed token).
      set({ status: 'disconnected', lastError: code });
      options.onRefused?.(code);
    });
    created.io.on('reconnect_attempt', (attempt) => set({ attempts: attempt }));
    created.onAny((event: string, payload: unknown) => dispatch(event, payload));
  }

  return {
    setToken(next) {
      if (next === token) return;
      token = next;
      close();
      if (next) open(next);
      else set({ ...IDLE });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      const entry = handler as (payload: unknown) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    onConnect(listener) {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    async request(event, payload, requestOptions = {}) {
      const current = socket;
      if (!current?.connected) return failure('network-error');
      const started = now();
      try {
        const emitter = current.timeout(requestOptions.timeoutMs ?? ACK_TIMEOUT_MS) as unknown as {
          emitWithAck(event: string, payload: unknown): Promise<unknown>;
        };
        const result = (await emitter.emitWithAck(event, payload)) as AckResult<AckDataOf<typeof event>>;
        if (socket === current) set({ roundTripMs: now() - started });
        if (!result.ok) log?.warn('socket', `${event} refused`, result.code);
        return result;
      } catch {
        log?.warn('socket', `${event} got no answer`);
        if (socket === current) set({ roundTripMs: now() - started });
        return failure(current.connected ? 'timeout-exceeded' : 'network-error');
      }
    },
    send(event, payload, sendOptions = {}) {
      const current = socket;
      if (!current?.connected) return;
      const target = (sendOptions.volatile ? current.volatile : current) as unknown as {
        emit(event: string, payload: unknown): void;
      };
      target.emit(event, payload);
    },
    get connected() {
      return socket?.connected === true;
    },
    retry() {
      if (!socket || socket.connected) return;
      log?.info('socket', 'retry asked');
      reconnectNow();
    },
    renew() {
      if (!socket) return;
      log?.warn('socket', 'renewed: connected but answering nothing');
      reconnectNow();
    },
    close() {
      token = null;
      close();
      set({ ...IDLE });
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      connection?.removeEventListener('change', onConnectionChange);
    },
  };
}
