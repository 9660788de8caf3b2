import { request } from 'node:http';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { listen } from '../../../test/sockets.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import { drainThenClose } from './drain.ts';

/**
 * A sign-in whose headers and first half of the body are sent now, the rest when `finish` is called: a request in
 * flight for as long as the test likes.
 */
function halfSentSignIn(baseUrl: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' });
  const sent = request(`${baseUrl}/api/v1/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; code: string }>((resolve, reject) => {
    sent.once('error', reject);
    sent.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, code: JSON.parse(text).code }));
    });
  });
  sent.write(body.slice(0, 10));
  return {
    finish() {
      if (!sent.writableEnded) sent.end(body.slice(10));
      return answered;
    },
  };
}

describe('draining an instance (SIGTERM in a rolling deploy)', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
    ({ token } = await registerUser(t.app));
  });
  afterAll(async () => t.close());

  it('is not ready at once, then moves its sockets away to reconnect, finishes the request in flight and closes', async () => {
    // The apps' own reconnect settings would try again within a second; a long delay keeps this socket still.
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnectionDelay: 60_000 });
    const inFlight = halfSentSignIn(url);
    let proxyNoticed = () => {};
    try {
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

      const closed = drainThenClose(t.app, [], () => new Promise<void>((resolve) => (proxyNoticed = resolve)));
      const ready = await fetch(`${url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ok: false, draining: true, redis: 'off' });
      expect(ready.headers.get('connection')).toBe('close');
      expect((await fetch(`${url}/api/health`)).status).toBe(503);
      expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
      // Until the proxy's health check has noticed (the drain delay), the sockets stay.
      expect(socket.connected).toBe(true);

      proxyNoticed();
      // A lost connection, which socket.io clients reconnect on by themselves (unlike a server's disconnect).
      expect(await disconnected).toBe('transport close');
      expect(socket.active).toBe(true);
      await waitUntil('the listener has closed', () => !t.app.server.listening);
      await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();
      expect(await inFlight.finish()).toEqual({ status: 401, code: 'wrong-password' });
      await closed;
    } finally {
      proxyNoticed();
      await inFlight.finish().catch(() => undefined);
      socket.close();
    }
  });
});
