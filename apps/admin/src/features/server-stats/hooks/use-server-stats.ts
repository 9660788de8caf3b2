import { createRealtimeClient, createRealtimeHooks, defaultSocketFactory, type SocketFactory } from '@darsak/client';
import { serverStatsContract } from '@darsak/domain/server-stats';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_URL } from '../../../config/env.ts';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { addSamples, type SamplesByInstance } from '../samples.ts';

/** The page's socket, open while the page is on screen; it follows the server-stats channel. */
let socketFactory: SocketFactory = defaultSocketFactory;
const realtime = createRealtimeClient({ url: API_URL, createSocket: (url, options) => socketFactory(url, options) });
const { useRealtimeEvent, useRealtimeConnect, useRealtimeState } = createRealtimeHooks(realtime);
const followChannel = () => void realtime.request('channel:subscribe', { channel: 'server-stats' });

/** Tests put a fake server's socket factory here. */
export function setServerStatsSocketFactory(factory: SocketFactory): void {
  socketFactory = factory;
  realtime.setToken(null);
}

export const serverStatsKey = ['server-stats', 'snapshot'] as const;

/**
 * Every instance's samples of the last 10 minutes: the answering instance's history for the first paint, then
 * each instance's samples as the channel brings them (after a reconnection the snapshot is read again).
 */
export function useServerStats() {
  const { token } = useAuth();
  const [byInstance, setByInstance] = useState<SamplesByInstance>({});
  const snapshot = useQuery({
    queryKey: serverStatsKey,
    queryFn: () => api.callRoute(serverStatsContract.snapshot, {}),
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (snapshot.data) setByInstance((kept) => addSamples(kept, snapshot.data.samples));
  }, [snapshot.data]);
  useEffect(() => {
    realtime.setToken(token);
    followChannel();
    return () => realtime.setToken(null);
  }, [token]);
  useRealtimeConnect(({ reconnect }) => {
    followChannel();
    if (reconnect) void snapshot.refetch();
  });
  useRealtimeEvent('server:stats', (sample) => setByInstance((kept) => addSamples(kept, [sample])));
  const { status } = useRealtimeState();
  return {
    byInstance,
    isLoading: snapshot.isLoading,
    error: snapshot.error,
    retry: () => void snapshot.refetch(),
    live: status === 'connected',
  };
}
