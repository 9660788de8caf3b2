import { authContract } from '@darsak/domain/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { api } from './api.ts';
import { authStore } from './auth-store.ts';

/** Logout: revokes the token on the server (best effort), then clears user, meta, token and cached data. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (authStore.getState().token) {
      await api.callRoute(authContract.logout).catch(() => undefined);
    }
    authStore.signOut();
    queryClient.clear();
    navigate(paths.login.href(), { replace: true });
  }, [queryClient, navigate]);
}
