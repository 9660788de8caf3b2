import { createSessionStore, decodeTokenPayload, type SessionState } from '@darsak/client';
import { SESSION_COOKIE } from '@darsak/domain/auth';
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

/** Signed out: how the server renders a public page, and so how such a page is first hydrated. */
export const SIGNED_OUT: AuthState = {
  token: null,
  user: null,
  meta: null,
  refreshed: false,
  status: 'ready',
  endedBy: null,
};

/**
 * On the server, the session of the page being rendered (entry-server.tsx keeps one per request); undefined in the
 * browser, whose session is the store's.
 */
let renderingFor: () => AuthState | undefined = () => undefined;
export const renderSessionsWith = (current: () => AuthState | undefined) => {
  renderingFor = current;
};

/**
 * What the page's first render is hydrated with: what the server rendered it with. A public page was rendered
 * signed out (a signed-in reader's page then re-renders with her session); a signed-in page (the checkout) with
 * the session it was rendered for (see `hydrateSignedIn`).
 */
let hydratingFrom: AuthState = SIGNED_OUT;
const serverSnapshot = () => renderingFor() ?? hydratingFrom;

/**
 * Before hydrating a page the server rendered for `user`: this browser's session is hers (the caller checked), so
 * her first render is the server's, with the user the server read (fresher than the stored one). It is hydrated
 * from the store's own state, which then holds what the server rendered with (her token, that user, a student's
 * no meta) and differs only in what no element shows (`status`, the token's refresh at start): one and the same
 * object, so nothing that reads the session renders again, synchronously, the moment the page is hydrated.
 */
export function hydrateSignedIn(user: User) {
  authStore.updateUser(user);
  hydratingFrom = authStore.getState();
}

/** The session calls are made with: the rendered page's on the server, else this browser's. */
export const sessionNow = (): AuthState => renderingFor() ?? authStore.getState();

/** The whole session: what reads it renders again whenever any part changes (the token is refreshed at start). */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, serverSnapshot);
}

/**
 * One part of the session (`part` returns a primitive or one of the state's own objects): what reads it renders
 * again only when that part changes. The token's refresh at start then re-renders what shows the token, not a
 * guard around the whole page (a synchronous render of all of it, on a phone in its first seconds).
 */
export function useSession<T>(part: (state: AuthState) => T): T {
  return useSyncExternalStore(
    authStore.subscribe,
    () => part(authStore.getState()),
    () => part(serverSnapshot()),
  );
}

/** The signed-in user, or null: not rendered again when the token is refreshed. */
export const useCurrentUser = (): User | null => useSession(userOf);
const userOf = (state: AuthState) => state.user;

/** A tutor's meta (null for everyone else): not rendered again when the token is refreshed. */
export const useUserMeta = (): UserMeta | null => useSession(metaOf);
const metaOf = (state: AuthState) => state.meta;

/**
 * Keeps the session cookie (SESSION_COOKIE) the token's copy: written when she signs in or the token is
 * refreshed, until the token's own expiry; removed when she signs out. Called once at start in the browser.
 */
export function keepSessionCookie(): () => void {
  let written: string | null | undefined;
  const write = () => {
    const { token } = authStore.getState();
    if (token === written) return;
    written = token;
    const expiresIn = token ? (decodeTokenPayload(token)?.exp ?? 0) - Math.floor(Date.now() / 1000) : 0;
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: written before the next navigation; the Cookie Store API is async and missing from older phones
    document.cookie =
      token && expiresIn > 0
        ? `${SESSION_COOKIE}=${token}; path=/; max-age=${expiresIn}; samesite=lax${secure}`
        : `${SESSION_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax${secure}`;
  };
  write();
  return authStore.subscribe(write);
}
