import {
  createRealtimeClient,
  createRealtimeHooks,
  defaultSocketFactory,
  type RealtimeHooks,
  type SocketFactory,
} from '@darsak/client';
import type { Channel } from '@darsak/domain/realtime';
import { useEffect } from 'react';
import { API_URL } from '../config/env.ts';
import { useAuth } from './auth-store.ts';

export interface StaffChannel extends Pick<RealtimeHooks, 'useRealtimeEvent' | 'useRealtimeState'> {
  /** Opens the socket with the session's token while the page is on screen; `onConnect` runs on each (re)connection. */
  useFollow(onConnect: (info: { reconnect: boolean }) => void): void;
  /** Tests put a fake server's socket factory here. */
  setSocketFactory(factory: SocketFactory): void;
}

/** A staff page's own socket following one channel, subscribed again after every reconnection. */
export function createStaffChannel(channel: Channel): StaffChannel {
  let socketFactory: SocketFactory = defaultSocketFactory;
  const realtime = createRealtimeClient({ url: API_URL, createSocket: (url, options) => socketFactory(url, options) });
  const { useRealtimeEvent, useRealtimeState, useRealtimeConnect } = createRealtimeHooks(realtime);
  const follow = () => void realtime.request('channel:subscribe', { channel });
  return {
    useRealtimeEvent,
    useRealtimeState,
    useFollow(onConnect) {
      const { token } = useAuth();
      // biome-ignore lint/correctness/useExhaustiveDependencies: the client and its channel are fixed for this page
      useEffect(() => {
        realtime.setToken(token);
        follow();
        return () => realtime.setToken(null);
      }, [token]);
      useRealtimeConnect((info) => {
        follow();
        onConnect(info);
      });
    },
    setSocketFactory(factory) {
      socketFactory = factory;
      realtime.setToken(null);
    },
  };
}
