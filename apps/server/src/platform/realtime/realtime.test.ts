import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { connectAs, listen, nextEvent, noEvent } from '../../../test/sockets.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listen(t.app);
});
afterAll(() => t.close());

describe('realtime connection', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(connectAs(baseUrl, undefined)).rejects.toThrow('unauthenticated');
    await expect(connectAs(baseUrl, 'not-a-token')).rejects.toThrow('unauthenticated');
  });

  it("delivers a user's events only to that user's sockets", async () => {
    const mona = await registerUser(t.app);
    const omar = await registerUser(t.app);
    const monaSocket = await connectAs(baseUrl, mona.token);
    const omarSocket = await connectAs(baseUrl, omar.token);
    const payload = { transactionId: 1, status: 1, subscriptionId: 7 };
    const received = nextEvent(monaSocket, 'transaction:status');
    const leaked = noEvent(omarSocket, 'transaction:status', 500);
    t.app.realtime.toUser(mona.user.id, 'transaction:status', payload);
    expect(await received).toEqual(payload);
    expect(await leaked).toBe('nothing');
    monaSocket.close();
    omarSocket.close();
  });

  it('lets a signed-in user follow the tutors channel but keeps staff channels to staff', async () => {
    const { token } = await registerUser(t.app);
    const socket = await connectAs(baseUrl, token);
    expect(await socket.emitWithAck('connection:check', {})).toEqual({ ok: true, data: null });
    expect(await socket.emitWithAck('channel:subscribe', { channel: 'tutors' })).toEqual({ ok: true, data: null });
    expect(await socket.emitWithAck('channel:subscribe', { channel: 'admin-invoices' })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(await socket.emitWithAck('channel:subscribe', { channel: 'nope' as never })).toMatchObject({
      ok: false,
      code: 'bad-request',
    });
    socket.close();
  });

  it('refuses a token revoked by logout', async () => {
    const { token } = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${token}` } });
    await expect(connectAs(baseUrl, token)).rejects.toThrow('unauthenticated');
  });
});
