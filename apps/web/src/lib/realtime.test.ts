import { createFakeRealtimeServer, type SocketFactory } from '@darsak/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

// socket.io as the app loads it: a module fetched on demand (the build leaves it out of the app's first scripts,
// scripts/ci/bundle-budget.mjs), here a fake server's socket behind a slow import.
const loading = vi.hoisted(() => ({ factory: undefined as SocketFactory | undefined }));
vi.mock('@darsak/client/socket-io', async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const factory: SocketFactory = (url, options) => {
    if (!loading.factory) throw new Error('no fake server');
    return loading.factory(url, options);
  };
  return { defaultSocketFactory: factory };
});

const { followSession, realtime } = await import('./realtime.ts');

afterEach(() => realtime.setToken(null));

describe('the realtime connection follows the session, with socket.io loaded on demand', () => {
  it('a guest opens no socket; a session connects with its token, and a new token replaces it', async () => {
    const server = createFakeRealtimeServer();
    loading.factory = server.factory;
    await followSession(null);
    expect(server.tokens).toEqual([]);
    await followSession('token-a');
    await followSession('token-b');
    expect(server.tokens).toEqual(['token-a', 'token-b']);
    await vi.waitFor(() => expect(realtime.connected).toBe(true));
  });

  it('a session that ends while socket.io loads never connects', async () => {
    const server = createFakeRealtimeServer();
    loading.factory = server.factory;
    vi.resetModules();
    const fresh = await import('./realtime.ts');
    const signingIn = fresh.followSession('token-a');
    await fresh.followSession(null);
    await signingIn;
    expect(server.tokens).toEqual([]);
    expect(fresh.realtime.connected).toBe(false);
  });
});
