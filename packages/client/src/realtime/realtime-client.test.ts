import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClientLog } from '../log/client-log.ts';
import { createFakeRealtimeServer } from './fake-socket.ts';
import { createRealtimeClient, LOST_AFTER_MS, RECONNECT_OPTIONS, type SocketFactory } from './realtime-client.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('connects only with a token, with the reconnect settings of spec §9', async () => {
    const server = createFakeRealtimeServer();
    const options: unknown[] = [];
    const factory: SocketFactory = (url, opts) => {
      options.push(opts);
      return server.factory(url, opts);
    };
    const client = createRealtimeClient({ url: 'http://api.test', createSocket: factory });
    expect(client.getState()).toMatchObject({ status: 'idle', quality: 'good' });
    client.setToken('token-1');
    expect(client.getState().status).toBe('connecting');
    await tick();
    expect(client.getState()).toMatchObject({ status: 'connected', quality: 'good', connections: 1 });
    expect(options[0]).toMatchObject({
      ...RECONNECT_OPTIONS,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
      auth: { token: 'token-1' },
      forceNew: true,
    });
    client.close();
  });

  it('replaces the connection when the token changes and keeps listeners across it', async () => {
    const server = createFakeRealtimeServer();
    const client = createRealtimeClient({ createSocket: server.factory });
    const seen: number[] = [];
    client.on('transaction:status', (payload) => seen.push(payload.transactionId));
    client.setToken('a');
    await tick();
    server.push('transaction:status', { transactionId: 1, status: 1, subscriptionId: null });
    client.setToken('a');
    client.setToken('b');
    await tick();
    expect(server.tokens).toEqual(['a', 'b']);
    server.push('transaction:status', { transactionId: 2, status: 1, subscriptionId: null });
    expect(seen).toEqual([1, 2]);
    client.setToken(null);
    expect(client.getState().status).toBe('idle');
    server.push('transaction:status', { transactionId: 3, status: 1, subscriptionId: null });
    expect(seen).toEqual([1, 2]);
  });

  it('answers requests with typed acks, network-error at once while down', async () => {
    const server = createFakeRealtimeServer();
    server.handle('chat:read', () => ({ ok: false, code: 'not-room-member', message: 'x' }));
    const client = createRealtimeClient({ createSocket: server.factory });
    client.setToken('t');
    await tick();
    expect(await client.request('channel:subscribe', { channel: 'tutors' })).toEqual({ ok: true, data: null });
    expect(await client.request('chat:read', { roomId: 1, messageId: 2 })).toMatchObject({
      ok: false,
      code: 'not-room-member',
    });
    server.drop();
    expect(await client.request('channel:subscribe', { channel: 'tutors' })).toMatchObject({
      ok: false,
      code: 'network-error',
    });
    client.close();
  });

  it('shows poor connection while reconnecting, lost after a while, and tells listeners of the reconnect', async () => {
    vi.useFakeTimers();
    const server = createFakeRealtimeServer();
    const log = createClientLog();
    const client = createRealtimeClient({ createSocket: server.factory, log });
    const connects: boolean[] = [];
    client.onConnect(({ reconnect }) => connects.push(reconnect));
    client.setToken('t');
    await vi.advanceTimersByTimeAsync(0);
    server.drop();
    expect(client.getState()).toMatchObject({ status: 'reconnecting', quality: 'poor' });
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS + 100);
    expect(client.getState().quality).toBe('lost');
    server.restore();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getState()).toMatchObject({ status: 'connected', quality: 'good', connections: 2 });
    expect(connects).toEqual([false, true]);
    expect(log.entries().map((e) => e.message)).toEqual(
      expect.arrayContaining(['connected', 'disconnected', 'reconnected']),
    );
    client.close();
  });
});

describe('client log', () => {
  it('replaces the socket when the phone moves to another kind of network, not when only its speed changes', async () => {
    const connection = Object.assign(new EventTarget(), { type: 'wifi' });
    vi.stubGlobal('navigator', { onLine: true, connection });
    try {
      const server = createFakeRealtimeServer();
      const client = createRealtimeClient({ createSocket: server.factory });
      const reconnects: boolean[] = [];
      client.onConnect(({ reconnect }) => reconnects.push(reconnect));
      client.setToken('t');
      await tick();
      connection.dispatchEvent(new Event('change'));
      await tick();
      expect(reconnects).toEqual([false]);
      connection.type = 'cellular';
      connection.dispatchEvent(new Event('change'));
      await tick();
      expect(reconnects).toEqual([false, true]);
      expect(client.getState()).toMatchObject({ status: 'connected', connections: 2 });
      client.close();
      connection.type = 'wifi';
      connection.dispatchEvent(new Event('change'));
      await tick();
      expect(reconnects).toEqual([false, true]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the newest entries and exports them as text', () => {
    const log = createClientLog({ capacity: 3, now: () => new Date('2026-01-01T10:00:00Z') });
    for (const n of [1, 2, 3, 4]) log.info('app', `event ${n}`);
    log.error('webrtc', 'ice failed', { state: 'failed' });
    const text = log.exportText({ userAgent: 'test' });
    expect(text).toContain('# userAgent: test');
    expect(text).not.toContain('event 2');
    expect(text).toContain('event 4');
    expect(text).toContain('ERROR [webrtc] ice failed {"state":"failed"}');
  });
});
