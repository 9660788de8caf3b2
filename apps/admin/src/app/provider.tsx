import { createQueryClient, currentUserQuery } from '@darsak/client';
import { authContract } from '@darsak/domain/auth';
import { AssetBaseProvider, Toaster } from '@darsak/ui';
import { I18nProvider } from '@darsak/ui/i18n';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { API_URL } from '../config/env.ts';
import { api } from '../lib/api.ts';
import { authStore, useAuth } from '../lib/auth-store.ts';

/** One token refresh at start (spec §4), then the current user is reloaded. */
function SessionBootstrap() {
  const { token, status } = useAuth();
  useEffect(() => {
    void authStore.restore(async () => ({ token: (await api.callRoute(authContract.refreshToken)).token }));
  }, []);
  const current = useQuery({ ...currentUserQuery(api), enabled: status === 'ready' && Boolean(token) });
  useEffect(() => {
    if (current.data && authStore.getState().token) authStore.updateUser(current.data);
  }, [current.data]);
  return null;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Photos and files are the API's: this app is served from another origin.
  return (
    <I18nProvider>
      <AssetBaseProvider base={API_URL}>
        <QueryClientProvider client={client}>
          <Toaster>
            <SessionBootstrap />
            {children}
          </Toaster>
        </QueryClientProvider>
      </AssetBaseProvider>
    </I18nProvider>
  );
}
