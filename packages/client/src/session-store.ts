import { replaceEqualDeep } from '@tanstack/react-query';
import { statusOf } from './errors.ts';

/** Payload of the bearer token (spec §3): numeric id, iat, exp (seconds). */
export interface TokenPayload {
  id: number;
  iat: number;
  exp: number;
}

/** Reads a JWT's payload without checking its signature (the server does that); undefined when malformed. */
export function decodeTokenPayload(token: string): TokenPayload | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json: unknown = JSON.parse(atob(base64));
    if (typeof json !== 'object' || json === null) return undefined;
    const { id, iat, exp } = json as Record<string, unknown>;
    if (typeof id !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') return undefined;
    return { id, iat, exp };
  } catch {
    return undefined;
  }
}

/** A token is expired when its exp is before now (spec §4); a malformed token counts as expired. */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const payload = decodeTokenPayload(token);
  return !payload || payload.exp * 1000 <= nowMs;
}

export interface SessionState<User, Meta> {
  token: string | null;
  user: User | null;
  meta: Meta | null;
  /** True once the stored token was exchanged for a fresh one in this page's life. */
  refreshed: boolean;
  /**
   * `restoring` while the start-up refresh runs. The stored user is shown meanwhile (the token is unexpired, and the
   * server refuses it if it was revoked); what needs the fresh token waits for `ready`.
   */
  status: 'restoring' | 'ready';
  /** Why the last session ended: the user logged out, or the token expired or was refused. */
  endedBy: SignOutReason | null;
}

export type SignOutReason = 'user' | 'expired';

export interface SessionStoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  userKey?: string;
  tokenKey?: string;
  now?: () => number;
}

export interface RefreshResult<User, Meta> {
  token: string;
  user?: User;
  meta?: Meta | null;
}

export interface SessionStore<User, Meta> {
  getState(): SessionState<User, Meta>;
  subscribe(listener: () => void): () => void;
  signIn(session: { token: string; user: User; meta?: Meta | null }): void;
  /** Replaces the user (and meta) after a profile change, keeping the token. */
  updateUser(user: User, meta?: Meta | null): void;
  /** Clears user, meta and token (spec §4 logout); `expired` when the server ended the session. */
  signOut(reason?: SignOutReason): void;
  /** Back to the state of a fresh page with no session (no end reason); used between tests. */
  reset(): void;
  /**
   * Start-up: with a stored, unexpired token, calls `refresh` once, stores the new token and marks the
   * session refreshed; an expired token or a refused refresh (4xx) signs out. Later calls return the same promise.
   */
  restore(refresh: (token: string) => Promise<RefreshResult<User, Meta>>): Promise<void>;
}

function safeStorage(): SessionStoreOptions['storage'] {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The signed-in user, meta and token, kept in localStorage under two keys (spec §3). */
export function createSessionStore<User, Meta = unknown>(options: SessionStoreOptions = {}): SessionStore<User, Meta> {
  const storage = options.storage ?? safeStorage();
  const userKey = options.userKey ?? 'darsak.user';
  const tokenKey = options.tokenKey ?? 'darsak.token';
  const now = options.now ?? Date.now;

  const read = (): Pick<SessionState<User, Meta>, 'token' | 'user' | 'meta'> => {
    try {
      const token = storage?.getItem(tokenKey) ?? null;
      const raw = storage?.getItem(userKey);
      const stored = raw ? (JSON.parse(raw) as { user?: User; meta?: Meta | null }) : undefined;
      if (!token || !stored?.user) return { token: null, user: null, meta: null };
      return { token, user: stored.user, meta: stored.meta ?? null };
    } catch {
      return { token: null, user: null, meta: null };
    }
  };

  const stored = read();
  // a session that expired while the page was closed ends before anything is shown with it
  const expired = stored.token !== null && isTokenExpired(stored.token, now());
  const initial = expired ? { token: null, user: null, meta: null } : stored;
  let state: SessionState<User, Meta> = {
    ...initial,
    refreshed: false,
    status: initial.token ? 'restoring' : 'ready',
    endedBy: expired ? 'expired' : null,
  };
  const listeners = new Set<() => void>();
  let restoring: Promise<void> | undefined;

  const set = (next: Partial<SessionState<User, Meta>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const persist = () => {
    try {
      if (state.token && state.user) {
        storage?.setItem(tokenKey, state.token);
        storage?.setItem(userKey, JSON.stringify({ user: state.user, meta: state.meta }));
      } else {
        storage?.removeItem(tokenKey);
        storage?.removeItem(userKey);
      }
    } catch {
      // storage full or unavailable: the session lasts for this page only
    }
  };
  if (expired) persist();

  const store: SessionStore<User, Meta> = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn({ token, user, meta = null }) {
      set({ token, user, meta, refreshed: true, status: 'ready', endedBy: null });
      persist();
    },
    updateUser(user, meta) {
      // an unchanged answer keeps the same objects, so nothing that shows the user renders again
      const next = {
        user: replaceEqualDeep(state.user, user),
        meta: meta === undefined ? state.meta : replaceEqualDeep(state.meta, meta),
      };
      if (next.user === state.user && next.meta === state.meta) return;
      set(next);
      persist();
    },
    signOut(reason = 'user') {
      set({ token: null, user: null, meta: null, refreshed: false, status: 'ready', endedBy: reason });
      persist();
    },
    reset() {
      set({ token: null, user: null, meta: null, refreshed: false, status: 'ready', endedBy: null });
      persist();
    },
    restore(refresh) {
      if (restoring) return restoring;
      restoring = (async () => {
        const token = state.token;
        if (!token) return set({ status: 'ready' });
        if (isTokenExpired(token, now())) return store.signOut('expired');
        try {
          const result = await refresh(token);
          set({
            token: result.token,
            user: result.user ?? state.user,
            meta: result.meta === undefined ? state.meta : result.meta,
            refreshed: true,
            status: 'ready',
          });
          persist();
        } catch (error) {
          // The server refused the token: sign out. No answer (offline, server restarting): keep the
          // unexpired session; the next private call will tell.
          const status = statusOf(error);
          if (status !== undefined && status >= 400 && status < 500) store.signOut('expired');
          else set({ status: 'ready' });
        }
      })();
      return restoring;
    },
  };
  return store;
}
