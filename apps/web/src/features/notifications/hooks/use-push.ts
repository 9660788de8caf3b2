import { type PushKinds, type PushSettings, pushContract } from '@darsak/domain/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import {
  type DevicePermission,
  devicePermission,
  deviceSubscription,
  subscribeDevice,
  unsubscribeDevice,
} from '../lib/device-push.ts';
import { rememberPushDevice } from '../lib/keep-push-device.ts';

const pushKey = ['notifications', 'push'] as const;

/** Whether the server offers push, its key, the kinds turned on and how many devices are subscribed. */
export function usePushSettings() {
  return useQuery({
    queryKey: pushKey,
    queryFn: ({ signal }) => api.callRoute(pushContract.settings, { signal }),
  });
}

/**
 * A kind turned on or off shows at once (the box follows her tap), goes back if the server refuses, and the
 * server's answer replaces the cached settings.
 */
export function useSavePushKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: PushKinds) => api.callRoute(pushContract.updateKinds, { body: { kinds } }),
    onMutate: async (kinds: PushKinds) => {
      await queryClient.cancelQueries({ queryKey: pushKey });
      const before = queryClient.getQueryData<PushSettings>(pushKey);
      if (before) queryClient.setQueryData<PushSettings>(pushKey, { ...before, kinds });
      return { before };
    },
    onError: (_error, _kinds, saved) => queryClient.setQueryData(pushKey, saved?.before),
    onSuccess: (answer: PushSettings) => queryClient.setQueryData(pushKey, answer),
  });
}

/** This browser: what it allows and whether it is subscribed (read after the first render: the browser's state). */
export function useDevicePush() {
  const [permission, setPermission] = useState<DevicePermission>('unsupported');
  const [subscribed, setSubscribed] = useState(false);
  const refresh = useCallback(async () => {
    setPermission(devicePermission());
    setSubscribed((await deviceSubscription().catch(() => null)) !== null);
  }, []);
  useEffect(() => void refresh(), [refresh]);
  return { permission, subscribed, refresh };
}

/** Turning push on here: the browser's permission, its subscription, then the server's; off: both forget it. */
export function useDevicePushSwitch(afterChange: () => Promise<void>) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const save = (answer: PushSettings) => queryClient.setQueryData(pushKey, answer);
  const enable = useMutation({
    mutationFn: async (settings: PushSettings) => {
      if (!settings.publicKey) throw new Error('push unavailable');
      const body = await subscribeDevice(settings.publicKey);
      let answer = await api.callRoute(pushContract.subscribe, { body });
      if (user) rememberPushDevice({ userId: user.id, endpoint: body.endpoint });
      // the first device: every kind on, each can be turned off below
      if (!Object.values(answer.kinds).some(Boolean)) {
        const all: PushKinds = {
          lessonReminders: true,
          lessonStarting: true,
          chatMessages: true,
          paymentResults: true,
        };
        answer = await api.callRoute(pushContract.updateKinds, { body: { kinds: all } });
      }
      return answer;
    },
    onSuccess: save,
    onSettled: afterChange,
  });
  const disable = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeDevice();
      rememberPushDevice(null);
      return endpoint ? api.callRoute(pushContract.unsubscribe, { body: { endpoint } }) : undefined;
    },
    onSuccess: (answer) => answer && save(answer),
    onSettled: afterChange,
  });
  return { enable, disable };
}
