import { onboardingKeys } from '@darsak/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime, useRealtimeConnect, useRealtimeEvent } from '../../../lib/realtime.ts';

/**
 * An applicant's step moved (a review, a booking, a decision): every onboarding view refetches. Staff also follow
 * the `onboarding` channel, so their lists move when anyone's applicant does.
 */
export function useOnboardingRealtime(options: { staff: boolean }) {
  const queryClient = useQueryClient();
  const { staff } = options;
  useEffect(() => {
    if (staff && realtime.connected) void realtime.request('channel:subscribe', { channel: 'onboarding' });
  }, [staff]);
  useRealtimeConnect(() => {
    void realtime.request('channel:subscribe', { channel: 'onboarding' });
  }, staff);
  useRealtimeEvent('onboarding:changed', () => {
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
  });
}
