import {
  type NotificationPreferences,
  notificationsContract,
  type UpdateNotificationPreferencesInput,
} from '@darsak/domain/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const preferencesKey = ['notifications', 'preferences'] as const;

/** The signed-in user's channel and kinds, as the server keeps them. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.callRoute(notificationsContract.preferences, { signal }),
  });
}

/** Saving a choice answers the new preferences, which replace the cached ones (the prompt then closes). */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesInput) => api.callRoute(notificationsContract.update, { body }),
    onSuccess: (answer: NotificationPreferences) => queryClient.setQueryData(preferencesKey, answer),
  });
}

/** Closing the prompt without a choice is remembered on the server, on every device. */
export function useDismissNotificationPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.callRoute(notificationsContract.dismissPrompt, { body: {} }),
    onSuccess: () =>
      queryClient.setQueryData(preferencesKey, (old: NotificationPreferences | undefined) =>
        old ? { ...old, chosen: true } : old,
      ),
  });
}
