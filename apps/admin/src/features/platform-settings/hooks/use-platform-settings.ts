import { cacheContract } from '@darsak/domain/cache';
import { type PlatformSettingsPatch, platformSettingsContract } from '@darsak/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const settingsKey = ['staff', 'platform-settings'] as const;

export const usePlatformSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.callRoute(platformSettingsContract.get) });

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PlatformSettingsPatch) => api.callRoute(platformSettingsContract.update, { body: patch }),
    onSuccess: (view) => queryClient.setQueryData(settingsKey, view),
  });
}

export const useFlushCache = () => useMutation({ mutationFn: () => api.callRoute(cacheContract.flush) });
