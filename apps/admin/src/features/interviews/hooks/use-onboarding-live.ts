import {
  createRealtimeClient,
  createRealtimeHooks,
  defaultSocketFactory,
  onboardingKeys,
  type SocketFactory,
} from '@darsak/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_URL } from '../../../config/env.ts';
import { useAuth } from '../../../lib/auth-store.ts';

/** The onboarding pages' socket (/media, /interviews), open while one is on screen; it follows `onboarding`. */
let socketFactory: SocketFactory = defaultSocketFactory;
const realtime = createRealtimeClient({ url: API_URL, createSocket: (url, options) => socketFactory(url, options) });
const { useRealtimeEvent, useRealtimeConnect } = createRealtimeHooks(realtime);
const followChannel = () => void realtime.request('channel:subscribe', { channel: 'onboarding' });

/** Tests put a fake server's socket factory here. */
export function setOnboardingSocketFactory(factory: SocketFactory): void {
  socketFactory = factory;
  realtime.setToken(null);
}

/**
 * Any applicant's step moved (a video sent or reviewed, a booking, a decision): every onboarding list reads again,
 * also after a reconnection, for what was missed meanwhile.
 */
export function useOnboardingLive() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
  useEffect(() => {
    realtime.setToken(token);
    followChannel();
    return () => realtime.setToken(null);
  }, [token]);
  useRealtimeConnect(() => {
    followChannel();
    refresh();
  });
  useRealtimeEvent('onboarding:changed', refresh);
}
