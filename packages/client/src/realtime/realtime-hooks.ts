import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ConnectionState, RealtimeClient, ServerEvent, ServerPayload } from './realtime-client.ts';

export interface RealtimeHooks {
  /**
   * Runs `handler` for every `event` from the server while the component is mounted (and `enabled`). The latest
   * handler is always called, so it may close over state without re-subscribing.
   *
   * ```tsx
   * useRealtimeEvent('lesson:booked', (lesson) => queryClient.invalidateQueries({ queryKey: lessonsKeys.all }));
   * useRealtimeEvent('transaction:status', ({ transactionId, status }) => { … });
   * ```
   */
  useRealtimeEvent<E extends ServerEvent>(
    event: E,
    handler: (payload: ServerPayload<E>) => void,
    enabled?: boolean,
  ): void;
  /** The connection state (status, quality for the banner, attempts, round trip). */
  useRealtimeState(): ConnectionState;
  /** Runs after every (re)connection, e.g. to refetch what may have been missed or rejoin a call. */
  useRealtimeConnect(handler: (info: { reconnect: boolean }) => void, enabled?: boolean): void;
}

/** React bindings of one realtime client (the app makes one client and exports these hooks beside it). */
export function createRealtimeHooks(client: RealtimeClient): RealtimeHooks {
  return {
    useRealtimeEvent(event, handler, enabled = true) {
      const latest = useRef(handler);
      latest.current = handler;
      useEffect(() => {
        if (!enabled) return;
        return client.on(event, (payload) => latest.current(payload));
      }, [event, enabled]);
    },
    useRealtimeState() {
      return useSyncExternalStore(client.subscribe, client.getState, client.getState);
    },
    useRealtimeConnect(handler, enabled = true) {
      const latest = useRef(handler);
      latest.current = handler;
      useEffect(() => {
        if (!enabled) return;
        return client.onConnect((info) => latest.current(info));
      }, [enabled]);
    },
  };
}
