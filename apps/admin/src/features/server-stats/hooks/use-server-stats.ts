import type { SocketFactory } from '@darsak/client';
import { serverStatsContract } from '@darsak/domain/server-stats';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { createStaffChannel } from '../../../lib/staff-channel.ts';
import { addSamples, type SamplesByInstance } from '../samples.ts';

/** The page's socket, open while the page is on screen; it follows the server-stats channel. */
const serverStats = createStaffChannel('server-stats');

/** Tests put a fake server's socket factory here. */
export const setServerStatsSocketFactory = (factory: SocketFactory): void => serverStats.setSocketFactory(factory);

export const serverStatsKey = ['server-stats', 'snapshot'] as const;

/**
 * Every instance's samples of the last 10 minutes: the answering instance's history for the first paint, then
 * each instance's samples as the channel brings them (after a reconnection the snapshot is read again).
 */
export function useServerStats() {
  const [byInstance, setByInstance] = useState<SamplesByInstance>({});
  const snapshot = useQuery({
    queryKey: serverStatsKey,
    queryFn: () => api.callRoute(serverStatsContract.snapshot, {}),
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (snapshot.data) setByInstance((kept) => addSamples(kept, snapshot.data.samples));
  }, [snapshot.data]);
  serverStats.useFollow(({ reconnect }) => {
    if (reconnect) void snapshot.refetch();
  });
  serverStats.useRealtimeEvent('server:stats', (sample) => setByInstance((kept) => addSamples(kept, [sample])));
  const { status } = serverStats.useRealtimeState();
  return {
    byInstance,
    isLoading: snapshot.isLoading,
    error: snapshot.error,
    retry: () => void snapshot.refetch(),
    live: status === 'connected',
  };
}
