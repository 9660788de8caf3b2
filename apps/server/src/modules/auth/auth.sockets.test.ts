import type { SignedIn } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, injectAs, noCluster, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser, validPassword } from '../../../test/factories.ts';
import { type ClientSocket, listen, noEvent, socketPool } from '../../../test/sockets.ts';

// A socket is opened with a session: when that session is signed out (sign-out, a password change on another
// device), the socket closes at once, so a revoked token can no longer send or hear anything over it.

/** Resolves when the server closes the socket (its 'disconnect' with the server's reason), or 'open' after `ms`. */
const closedByServer = (socket: ClientSocket, ms = 3000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('open'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const signIn = async (t: TestApp, who: SignedIn): Promise<string> => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password',
    payload: { email: who.user.email, password: validPassword },
  });
  return (answer.json() as SignedIn).token;
};

describe('one instance', () => {
  let t: TestApp;
  let url: string;
  const sockets = socketPool();
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
  });

  it('sign-out closes the socket of that session only', async () => {
    const student = await registerUser(t.app);
    const otherDevice = await signIn(t, student);
    const signedOut = await sockets.connect(url, student.token);
    const stays = await sockets.connect(url, otherDevice);
    const closing = closedByServer(signedOut);
    const stillOpen = closedByServer(stays, 800);
    expect((await injectAs(t.app, student.token, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
    expect(await stillOpen).toBe('open');
  });

  it('a password change closes the sockets of the other devices, not of the one that changed it', async () => {
    const student = await registerUser(t.app);
    const otherDevice = await signIn(t, student);
    const here = await sockets.connect(url, student.token);
    const there = await sockets.connect(url, otherDevice);
    const closing = closedByServer(there);
    const stillOpen = closedByServer(here, 800);
    const changed = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: validPassword, newPassword: `${validPassword}-new` },
    });
    expect(changed.statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
    expect(await stillOpen).toBe('open');
    // The revoked token cannot open a new one either.
    await expect(sockets.connect(url, otherDevice)).rejects.toThrow('unauthenticated');
  });
});

describe('two instances on one Redis', () => {
  it.skipIf(noCluster)('a sign-out on one instance closes the session’s socket on the other', async () => {
    const first = await buildTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    const { app: second, database } = await buildSecondInstance(first);
    const sockets = socketPool();
    try {
      const student = await registerUser(first.app);
      const onSecond = await sockets.connect(await listen(second), student.token);
      await listen(first.app);
      const closing = closedByServer(onSecond);
      await injectAs(first.app, student.token, { method: 'POST', url: '/api/v1/auth/logout' });
      expect(await closing).toBe('io server disconnect');
    } finally {
      sockets.closeAll();
      await second.close();
      await database.close();
      await first.close();
    }
  });

  it.skipIf(noCluster)('deployments with their own prefix never hear each other’s events', async () => {
    const redis = process.env.REDIS_URL ?? '';
    const staging = await buildTestApp({ env: { REDIS_URL: redis, REDIS_CACHE_PREFIX: `staging${Date.now()}` } });
    const production = await buildTestApp({ env: { REDIS_URL: redis, REDIS_CACHE_PREFIX: `prod${Date.now()}` } });
    const sockets = socketPool();
    try {
      await listen(staging.app);
      const student = await registerUser(production.app);
      const socket = await sockets.connect(await listen(production.app), student.token);
      const heard = noEvent(socket, 'transaction:status', 800);
      // Staging addresses the same user id: its event must stay in staging.
      staging.app.realtime.toUser(student.user.id, 'transaction:status', {
        transactionId: 1,
        status: 1,
        subscriptionId: null,
      });
      expect(await heard).toBe('nothing');
    } finally {
      sockets.closeAll();
      await staging.close();
      await production.close();
    }
  });
});
