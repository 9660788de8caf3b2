import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { createSessionStore, isTokenExpired } from './session-store.ts';

const NOW = Date.UTC(2025, 2, 1, 8);
const tokenWith = (exp: number) => `h.${btoa(JSON.stringify({ id: 5, iat: exp - 3600, exp })).replace(/=+$/, '')}.s`;
const valid = tokenWith(NOW / 1000 + 3600);
const expired = tokenWith(NOW / 1000 - 1);

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('session store', () => {
  it('keeps user+meta and token under two keys and clears them on sign-out', () => {
    const storage = memory();
    const store = createSessionStore<{ id: number }, { x: number }>({ storage, now: () => NOW });
    store.signIn({ token: valid, user: { id: 5 }, meta: { x: 1 } });
    expect(storage.map.get('darsak.token')).toBe(valid);
    expect(JSON.parse(storage.map.get('darsak.user') ?? '{}')).toEqual({ user: { id: 5 }, meta: { x: 1 } });
    store.signOut();
    expect(storage.map.size).toBe(0);
    expect(store.getState()).toMatchObject({ token: null, user: null, meta: null, endedBy: 'user' });
  });

  it('refreshes a stored token once at start and marks the session refreshed', async () => {
    const storage = memory();
    storage.setItem('darsak.token', valid);
    storage.setItem('darsak.user', JSON.stringify({ user: { id: 5 }, meta: null }));
    const store = createSessionStore<{ id: number }>({ storage, now: () => NOW });
    expect(store.getState().status).toBe('restoring');
    const refresh = vi.fn(async () => ({ token: 'new-token' }));
    await Promise.all([store.restore(refresh), store.restore(refresh)]);
    expect(refresh).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ token: 'new-token', user: { id: 5 }, refreshed: true, status: 'ready' });
    expect(storage.map.get('darsak.token')).toBe('new-token');
  });

  it('signs out without calling the server when the stored token is expired', async () => {
    const storage = memory();
    storage.setItem('darsak.token', expired);
    storage.setItem('darsak.user', JSON.stringify({ user: { id: 5 } }));
    const store = createSessionStore({ storage, now: () => NOW });
    // ended before anything is shown with it: the stored user is not offered while restoring
    expect(store.getState()).toMatchObject({ token: null, user: null, status: 'ready', endedBy: 'expired' });
    expect(storage.map.size).toBe(0);
    const refresh = vi.fn(async () => ({ token: 'x' }));
    await store.restore(refresh);
    expect(refresh).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ token: null, status: 'ready' });
    expect(isTokenExpired(valid, NOW)).toBe(false);
  });

  it('keeps the same user object, and tells nobody, when a reloaded user has not changed', () => {
    const store = createSessionStore<{ id: number; name: string }>({ storage: memory(), now: () => NOW });
    store.signIn({ token: valid, user: { id: 5, name: 'Sara' } });
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    store.updateUser({ id: 5, name: 'Sara' });
    expect(store.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    store.updateUser({ id: 5, name: 'Sarah' });
    expect(store.getState().user).toEqual({ id: 5, name: 'Sarah' });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('signs out when the server refuses the token, keeps it when the server cannot be reached', async () => {
    const seed = () => {
      const storage = memory();
      storage.setItem('darsak.token', valid);
      storage.setItem('darsak.user', JSON.stringify({ user: { id: 5 } }));
      return createSessionStore({ storage, now: () => NOW });
    };
    const refused = seed();
    await refused.restore(async () => Promise.reject(new ApiError('unauthenticated', 401)));
    expect(refused.getState()).toMatchObject({ token: null, endedBy: 'expired' });

    const offline = seed();
    await offline.restore(async () => Promise.reject(new ApiError('network-error', 0)));
    expect(offline.getState()).toMatchObject({ token: valid, refreshed: false, status: 'ready' });
  });
});
