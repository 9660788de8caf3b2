import { createSessionStore, type SessionState } from '@darsak/client';
import type { TutorMeta, User } from '@darsak/domain/users';
import { useSyncExternalStore } from 'react';

/** Meta is loaded for tutors and tutor managers (spec §3); null for everyone else. */
export type UserMeta = TutorMeta;
export type AuthState = SessionState<User, UserMeta>;

/**
 * The signed-in user, meta and bearer token, kept in localStorage under 'darsak.user' and 'darsak.token'.
 * `authStore.restore(refresh)` runs once at start (see app/provider.tsx).
 */
export const authStore = createSessionStore<User, UserMeta>({ userKey: 'darsak.user', tokenKey: 'darsak.token' });

export const signIn = (session: { token: string; user: User; meta?: UserMeta | null }) => authStore.signIn(session);
export const signOut = () => authStore.signOut();

/**
 * How the server renders a public page, and so how the page is first hydrated: signed out (the session lives in
 * this browser's storage). A signed-in reader's page then re-renders with the session.
 */
const SIGNED_OUT: AuthState = { token: null, user: null, meta: null, refreshed: false, status: 'ready', endedBy: null };
const signedOut = () => SIGNED_OUT;

/** The whole session: what reads it renders again whenever any part changes (the token is refreshed at start). */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, signedOut);
}

/**
 * The signed-in user, or null. Renders again only when the user changes, not when the token is refreshed: a page
 * that shows the user is not rendered a second time at start.
 */
export function useCurrentUser(): User | null {
  return useSyncExternalStore(authStore.subscribe, () => authStore.getState().user, nullUser);
}
const nullUser = () => null;
