import type { ChatMessage, ChatRoom, NewChat } from '@darsak/domain/chat';
import type { Page } from '@darsak/domain/common';
import type { Ack } from '@darsak/domain/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { acked, listen, nextEvent, noEvent, socketPool } from '../../../test/sockets.ts';

let t: TestApp;
let baseUrl: string;
const sockets = socketPool();
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const connect = (token: string) => sockets.connect(baseUrl, token);

/** A student and a tutor with a room, each with a connected socket. */
async function pair() {
  const student = await registerUser(t.app, { role: 'student' });
  const tutor = await registerUser(t.app, { role: 'tutor' });
  const started = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/chat/new',
    payload: { userId: tutor.user.id, message: 'Hello' },
  });
  const { room } = started.json() as NewChat;
  return { student, tutor, room, studentSocket: await connect(student.token), tutorSocket: await connect(tutor.token) };
}

const messagesOf = async (token: string, roomId: number) =>
  (
    await injectAs(t.app, token, { method: 'GET', url: `/api/v1/chat/list/${roomId}/messages` })
  ).json() as Page<ChatMessage>;

describe('chat over the socket', () => {
  it('stores a message before acknowledging it and delivers it to the other member once, retries included', async () => {
    const { student, room, studentSocket, tutorSocket } = await pair();
    const received = nextEvent(tutorSocket, 'chat:message');
    const echo = noEvent(studentSocket, 'chat:message');
    const payload = { roomId: room.id, clientMessageId: 'c0ffee-1', body: 'Can we start with travel words?' };
    const ack = acked(await studentSocket.emitWithAck('chat:send', payload));
    expect(ack).toMatchObject({
      roomId: room.id,
      senderId: student.user.id,
      clientMessageId: 'c0ffee-1',
      body: payload.body,
    });
    expect(await received).toEqual(ack);
    expect(await echo).toBe('nothing');
    expect((await messagesOf(student.token, room.id)).list[0]).toEqual(ack);

    const again = noEvent(tutorSocket, 'chat:message');
    const retried = acked(await studentSocket.emitWithAck('chat:send', payload));
    expect(retried.id).toBe(ack.id);
    expect(await again).toBe('nothing');
    expect((await messagesOf(student.token, room.id)).total).toBe(2);
  });

  it('stores concurrent retries of one message once', async () => {
    const { student, room, studentSocket } = await pair();
    const payload = { roomId: room.id, clientMessageId: 'burst-1', body: 'once' };
    const acks = await Promise.all([1, 2, 3, 4].map(() => studentSocket.emitWithAck('chat:send', payload)));
    expect(new Set(acks.map((a) => acked(a).id)).size).toBe(1);
    expect((await messagesOf(student.token, room.id)).list.filter((m) => m.body === 'once')).toHaveLength(1);
  });

  it('lets the sender edit and delete their message, and tells the other member', async () => {
    const { room, studentSocket, tutorSocket } = await pair();
    const sent = acked(
      await studentSocket.emitWithAck('chat:send', { roomId: room.id, clientMessageId: 'e-1', body: 'I goed home' }),
    );
    const edited = nextEvent(tutorSocket, 'chat:updated');
    const ack = acked(await studentSocket.emitWithAck('chat:edit', { messageId: sent.id, body: 'I went home' }));
    expect(ack).toMatchObject({ id: sent.id, body: 'I went home', editedAt: expect.any(String) });
    expect(await edited).toEqual(ack);

    expect(await tutorSocket.emitWithAck('chat:edit', { messageId: sent.id, body: 'hacked' })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(await tutorSocket.emitWithAck('chat:delete', { messageId: sent.id })).toMatchObject({ code: 'forbidden' });

    const deleted = nextEvent(tutorSocket, 'chat:updated');
    const gone = acked(await studentSocket.emitWithAck('chat:delete', { messageId: sent.id }));
    expect(gone).toMatchObject({ id: sent.id, body: '', deletedAt: expect.any(String) });
    expect(await deleted).toEqual(gone);
    expect(await studentSocket.emitWithAck('chat:edit', { messageId: sent.id, body: 'back' })).toMatchObject({
      code: 'message-not-found',
    });
    expect(await studentSocket.emitWithAck('chat:delete', { messageId: 999_999 })).toMatchObject({
      code: 'message-not-found',
    });
  });

  it('lets any member pin a message for the room', async () => {
    const { room, studentSocket, tutorSocket } = await pair();
    const sent = acked(
      await studentSocket.emitWithAck('chat:send', {
        roomId: room.id,
        clientMessageId: 'p-1',
        body: 'Homework: page 4',
      }),
    );
    const pinned = nextEvent(studentSocket, 'chat:updated');
    expect(acked(await tutorSocket.emitWithAck('chat:pin', { messageId: sent.id, pinned: true })).pinned).toBe(true);
    expect((await pinned).pinned).toBe(true);
  });

  it('relays typing to the other member without storing it', async () => {
    const { student, room, studentSocket, tutorSocket } = await pair();
    const typing = nextEvent(tutorSocket, 'chat:typing');
    studentSocket.emit('chat:typing', { roomId: room.id, typing: true });
    expect(await typing).toEqual({ roomId: room.id, userId: student.user.id, typing: true });
    expect((await messagesOf(student.token, room.id)).total).toBe(1);
  });

  it('moves the read mark and tells the sender', async () => {
    const { tutor, room, studentSocket, tutorSocket } = await pair();
    const sent = acked(
      await studentSocket.emitWithAck('chat:send', { roomId: room.id, clientMessageId: 'r-1', body: 'Seen?' }),
    );
    const seen = nextEvent(studentSocket, 'chat:read');
    expect(await tutorSocket.emitWithAck('chat:read', { roomId: room.id, messageId: sent.id })).toEqual({
      ok: true,
      data: null,
    });
    expect(await seen).toEqual({ roomId: room.id, userId: tutor.user.id, messageId: sent.id });
    const rooms = (
      await injectAs(t.app, tutor.token, { method: 'GET', url: `/api/v1/chat/list/rooms/${tutor.user.id}` })
    ).json() as Page<ChatRoom>;
    expect(rooms.list[0]).toMatchObject({ id: room.id, unreadCount: 0 });
  });

  it('refuses a non-member, who writes nothing and receives nothing', async () => {
    const { student, room, studentSocket, tutorSocket } = await pair();
    const outsider = await registerUser(t.app);
    const outsiderSocket = await connect(outsider.token);
    const leak = noEvent(outsiderSocket, 'chat:message');
    const leakTyping = noEvent(outsiderSocket, 'chat:typing');
    await studentSocket.emitWithAck('chat:send', { roomId: room.id, clientMessageId: 'x-1', body: 'private' });
    studentSocket.emit('chat:typing', { roomId: room.id, typing: true });
    expect(await leak).toBe('nothing');
    expect(await leakTyping).toBe('nothing');

    const quiet = noEvent(tutorSocket, 'chat:message');
    const quietTyping = noEvent(tutorSocket, 'chat:typing');
    for (const [event, payload] of [
      ['chat:send', { roomId: room.id, clientMessageId: 'x-2', body: 'let me in' }],
      ['chat:typing', { roomId: room.id, typing: true }],
      ['chat:read', { roomId: room.id, messageId: 1 }],
    ] as const) {
      expect(await outsiderSocket.emitWithAck(event as 'chat:send', payload as never)).toMatchObject({
        ok: false,
        code: 'not-room-member',
        message: expect.any(String),
      });
    }
    const first = (await messagesOf(student.token, room.id)).list.at(-1);
    expect(await outsiderSocket.emitWithAck('chat:pin', { messageId: first?.id ?? 0, pinned: true })).toMatchObject({
      code: 'not-room-member',
    });
    expect(await quiet).toBe('nothing');
    expect(await quietTyping).toBe('nothing');
    expect((await messagesOf(student.token, room.id)).list.map((m) => m.body)).toEqual(['private', 'Hello']);
    expect(
      await outsiderSocket.emitWithAck('chat:send', { roomId: 999_999, clientMessageId: 'x-3', body: 'hi' }),
    ).toMatchObject({
      code: 'room-not-found',
    });
  });

  it('answers payloads it cannot read with a coded bad-request, and keeps serving', async () => {
    const { student, room, studentSocket } = await pair();
    const bad: [string, unknown][] = [
      ['chat:send', {}],
      ['chat:send', null],
      ['chat:send', 'hello'],
      ['chat:send', { roomId: room.id, clientMessageId: 'has space', body: 'x' }],
      ['chat:send', { roomId: room.id, clientMessageId: 'ok-1', body: 'x'.repeat(4001) }],
      ['chat:send', { roomId: room.id, clientMessageId: 'ok-1', body: 'x', extra: true }],
      ['chat:edit', { messageId: 'abc', body: 'x' }],
      ['chat:delete', { messageId: -1 }],
      ['chat:pin', { messageId: 1 }],
      ['chat:typing', { roomId: room.id }],
      ['chat:read', { roomId: room.id, messageId: 2 ** 40 }],
    ];
    for (const [event, payload] of bad) {
      const ack = (await studentSocket.emitWithAck(event as 'chat:send', payload as never)) as Ack<unknown>;
      expect(ack, `${event} ${JSON.stringify(payload)?.slice(0, 60)}`).toMatchObject({
        ok: false,
        code: 'bad-request',
        details: { fields: expect.any(Object) },
      });
    }
    // Without an ack function and with no payload at all: ignored, never a crash.
    (studentSocket as unknown as { emit(event: string): void }).emit('chat:send');
    studentSocket.emit('chat:typing', undefined as never);
    const still = acked(
      await studentSocket.emitWithAck('chat:send', { roomId: room.id, clientMessageId: 'ok-2', body: 'still here' }),
    );
    expect(still.body).toBe('still here');
    expect((await messagesOf(student.token, room.id)).total).toBe(2);
  });
});
