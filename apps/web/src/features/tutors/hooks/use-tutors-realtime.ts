import { tutorsKeys } from '@darsak/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime, useRealtimeConnect, useRealtimeEvent } from '../../../lib/realtime.ts';

/**
 * Follows the tutors channel (spec §4): a tutor, schedule or rating changed, so the cached list and that tutor's
 * profile are fetched again. The channel is joined again after every reconnection.
 */
export function useTutorsRealtime(enabled: boolean) {
  const queryClient = useQueryClient();
  // Already connected when this mounts: join now; later (re)connections join again below.
  useEffect(() => {
    if (enabled && realtime.connected) void realtime.request('channel:subscribe', { channel: 'tutors' });
  }, [enabled]);
  useRealtimeConnect(() => {
    void realtime.request('channel:subscribe', { channel: 'tutors' });
  }, enabled);
  useRealtimeEvent(
    'tutors:changed',
    ({ tutorId }) => {
      void queryClient.invalidateQueries({ queryKey: tutorsKeys.lists() });
      if (tutorId === null) void queryClient.invalidateQueries({ queryKey: tutorsKeys.all });
      else void queryClient.invalidateQueries({ queryKey: tutorsKeys.info(tutorId) });
    },
    enabled,
  );
}
