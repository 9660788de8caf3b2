import { onboardingKeys, type SocketFactory } from '@darsak/client';
import { useQueryClient } from '@tanstack/react-query';
import { createStaffChannel } from '../../../lib/staff-channel.ts';

/** The onboarding pages' socket (/media, /interviews), open while one is on screen; it follows `onboarding`. */
const onboarding = createStaffChannel('onboarding');

/** Tests put a fake server's socket factory here. */
export const setOnboardingSocketFactory = (factory: SocketFactory): void => onboarding.setSocketFactory(factory);

/**
 * Any applicant's step moved (a video sent or reviewed, a booking, a decision): every onboarding list reads again,
 * also after a reconnection, for what was missed meanwhile.
 */
export function useOnboardingLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
  onboarding.useFollow(refresh);
  onboarding.useRealtimeEvent('onboarding:changed', refresh);
}
