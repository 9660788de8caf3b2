import { createSessionStore, type SessionState } from '@darsak/client';
import type { User } from '@darsak/domain/users';
import { useSyncExternalStore } from 'react';

export type AdminAuthState = SessionState<User, null>;

/** The staff session, under the same two localStorage keys as the main app (another origin, so its own storage). */
export const authStore = createSessionStore<User, null>({ userKey: 'darsak.user', tokenKey: 'darsak.token' });

export function useAuth(): AdminAuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
