import { createQueryClient, currentUserQuery, reportCaughtError, tutorMetaQuery } from '@darsak/client';
import { authContract } from '@darsak/domain/auth';
import { Toaster, whenIdle } from '@darsak/ui';
import { I18nProvider, type Locale } from '@darsak/ui/i18n';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { authStore, useAuth } from '../lib/auth-store.ts';
import { followSession, logUncaughtErrors } from '../lib/realtime.ts';
import { isTutorLike } from '../lib/roles.ts';
import { BookingRealtime } from './booking-realtime.tsx';

/**
 * Start-up of the session (spec §4): a stored token triggers one refresh; then the user (and, for tutors,
 * the meta) is reloaded so verified flags and profile state are current.
 */
function SessionBootstrap() {
  const { token, user, status } = useAuth();
  useEffect(() => {
    void authStore.restore(async () => {
      const { token: fresh } = await api.callRoute(authContract.refreshToken);
      return { token: fresh };
    });
  }, []);

  const signedIn = status === 'ready' && Boolean(token);
  const current = useQuery({ ...currentUserQuery(api), enabled: signedIn });
  const tutorLike = user ? isTutorLike(user.role) : false;
  const meta = useQuery({ ...tutorMetaQuery(api), enabled: signedIn && tutorLike });

  useEffect(() => {
    if (current.data && authStore.getState().token) authStore.updateUser(current.data);
  }, [current.data]);
  useEffect(() => {
    const state = authStore.getState();
    if (meta.data && state.token && state.user) authStore.updateUser(state.user, meta.data);
  }, [meta.data]);

  // her push subscription here, if the browser replaced it since (loaded once the page is idle: most never need it)
  const userId = user?.id;
  useEffect(() => {
    if (!signedIn || userId === undefined) return;
    return whenIdle(() => {
      import('../features/notifications/lib/keep-push-device.ts')
        .then(({ keepPushDevice }) => keepPushDevice(userId))
        .catch(reportCaughtError);
    });
  }, [signedIn, userId]);
  return null;
}

/** The realtime connection follows the session: it opens with a token and a new token replaces it (spec §4). */
function RealtimeBootstrap() {
  const { token, status } = useAuth();
  useEffect(() => logUncaughtErrors(), []);
  useEffect(() => void followSession(status === 'ready' ? token : null), [token, status]);
  return null;
}

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** On the server: the language to render in (the reader's choice is not stored there). */
  locale?: Locale;
}

export function AppProvider({ children, queryClient, locale }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nProvider {...(locale && { defaultLocale: locale, persist: false })}>
      <QueryClientProvider client={client}>
        <Toaster>
          <SessionBootstrap />
          <RealtimeBootstrap />
          <BookingRealtime />
          {children}
        </Toaster>
      </QueryClientProvider>
    </I18nProvider>
  );
}
