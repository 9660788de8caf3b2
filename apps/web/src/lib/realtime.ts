import { createClientLog, createRealtimeClient, createRealtimeHooks, type SocketFactory } from '@darsak/client';
import { usersContract } from '@darsak/domain/users';
import { API_URL } from '../config/env.ts';
import { api } from './api.ts';

/**
 * The app's realtime connection and client log (one of each per page).
 *
 * Features listen to server events with `useRealtimeEvent(event, handler)`, send with
 * `realtime.request(event, payload)` (resolves with the typed Ack, never throws), and show the connection with
 * `useRealtimeState()`. The connection follows the signed-in user by itself (app/provider.tsx):
 *
 * ```tsx
 * import { useRealtimeEvent } from '../../../lib/realtime.ts';
 * useRealtimeEvent('lesson:booked', () => queryClient.invalidateQueries({ queryKey: lessonsKeys.all }));
 * useRealtimeEvent('transaction:status', ({ transactionId, status }) => …);
 * ```
 */
export const clientLog = createClientLog({ capacity: 800 });

/** socket.io, loaded when a session starts (`followSession`): a guest's pages never download it. */
let socketFactory: SocketFactory | undefined;

export const realtime = createRealtimeClient({
  url: API_URL,
  log: clientLog,
  createSocket: (url, options) => {
    if (!socketFactory) throw new Error('the realtime connection opened before socket.io was loaded');
    return socketFactory(url, options);
  },
  // A refused token: asking for the current user signs out if the server no longer accepts it (401).
  onRefused: (code) => {
    if (code !== 'unauthenticated') return;
    void api.callRoute(usersContract.current).catch(() => undefined);
  },
});

export const { useRealtimeEvent, useRealtimeState, useRealtimeConnect } = createRealtimeHooks(realtime);

let sessionChanges = 0;
/**
 * Connects with the session's token (null closes), loading socket.io first when needed; a later token that arrives
 * while it loads wins.
 */
export async function followSession(token: string | null): Promise<void> {
  const change = ++sessionChanges;
  if (token && !socketFactory) {
    const loaded = (await import('@darsak/client/socket-io')).defaultSocketFactory;
    socketFactory ??= loaded;
  }
  if (change === sessionChanges) realtime.setToken(token);
}

/** Tests put a fake server's socket factory here (testing/test-utils.tsx). */
export function setSocketFactory(factory: SocketFactory): void {
  socketFactory = factory;
  realtime.setToken(null);
}

let errorsLogged = false;
/** Uncaught errors and rejections go to the client log too (once per page). */
export function logUncaughtErrors(): void {
  if (errorsLogged || typeof window === 'undefined') return;
  errorsLogged = true;
  window.addEventListener('error', (event) => clientLog.error('app', 'uncaught error', event.message));
  window.addEventListener('unhandledrejection', (event) =>
    clientLog.error('app', 'unhandled rejection', event.reason instanceof Error ? event.reason : String(event.reason)),
  );
}
