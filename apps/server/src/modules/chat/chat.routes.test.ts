import type { ChatMember, ChatMessage, ChatRoom, NewChat, StaffChatRoom } from '@darsak/domain/chat';
import type { Page } from '@darsak/domain/common';
import type { SignedIn } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-03-01T08:00:00Z' });
});
afterAll(() => t.close());

const start = (who: { token: string }, userId: number, message = 'Hello, can we practise speaking?') =>
  injectAs(t.app, who.token, { method: 'POST', url: '/api/v1/chat/new', payload: { userId, message } });
const get = (who: { token: string } | undefined, url: string) => injectAs(t.app, who?.token, { method: 'GET', url });
const put = (who: { token: string }, roomId: number, payload: object) =>
  injectAs(t.app, who.token, { method: 'PUT', url: `/api/v1/chat/room/${roomId}`, payload });

async function conversation() {
  const student = await registerUser(t.app, { role: 'student' });
  const tutor = await registerUser(t.app, { role: 'tutor' });
  const answer = await start(student, tutor.user.id);
  expect(answer.statusCode).toBe(201);
  return { student, tutor, ...(answer.json() as NewChat) };
}

describe('POST /api/v1/chat/new', () => {
  it('lets a student write to a tutor, and reuses their room for the next first message', async () => {
    const { student, tutor, room, message } = await conversation();
    expect(room).toMatchObject({ type: 'general', pinned: false, muted: false, unreadCount: 0 });
    expect(room.members.map((m) => m.id).sort()).toEqual([student.user.id, tutor.user.id].sort());
    expect(message).toMatchObject({
      roomId: room.id,
      senderId: student.user.id,
      body: 'Hello, can we practise speaking?',
    });

    const again = await start(tutor, student.user.id, 'Of course');
    expect(again.statusCode).toBe(201);
    expect((again.json() as NewChat).room.id).toBe(room.id);
    const page = (await get(student, `/api/v1/chat/list/${room.id}/messages`)).json() as Page<ChatMessage>;
    expect(page.list.map((m) => m.body)).toEqual(['Of course', 'Hello, can we practise speaking?']);
  });

  it('keeps one room per pair when both write first at the same moment', async () => {
    const student = await registerUser(t.app, { role: 'student' });
    const tutor = await registerUser(t.app, { role: 'tutor' });
    await insertLesson(t, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      startsAt: new Date('2025-03-03T10:00:00Z'),
    });
    const answers = await Promise.all([
      start(student, tutor.user.id),
      start(tutor, student.user.id, 'Welcome'),
      start(student, tutor.user.id, 'Again'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => (a.json() as NewChat).room.id)).size).toBe(1);
  });

  it('[400 illegal] to oneself, [404 user-not-found] to nobody, [401] without a token', async () => {
    const student = await registerUser(t.app);
    expect((await start(student, student.user.id)).json()).toMatchObject({ code: 'illegal' });
    const missing = await start(student, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'user-not-found' });
    const anonymous = await injectAs(t.app, undefined, {
      method: 'POST',
      url: '/api/v1/chat/new',
      payload: { userId: student.user.id, message: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('[403 forbidden] student to student, and tutor to a student who never booked them', async () => {
    const student = await registerUser(t.app);
    const other = await registerUser(t.app);
    const tutor = await registerUser(t.app, { role: 'tutor' });
    expect((await start(student, other.user.id)).statusCode).toBe(403);
    const refused = await start(tutor, student.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });

    await insertLesson(t, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      startsAt: new Date('2025-03-02T10:00:00Z'),
    });
    expect((await start(tutor, student.user.id)).statusCode).toBe(201);
    const admin = await createActor(t, 'admin');
    expect((await start(admin, other.user.id)).statusCode).toBe(201);
  });

  it('[400 bad-request] for an empty or too long message', async () => {
    const { student, tutor } = await conversation();
    for (const message of ['', '   ', 'x'.repeat(4001)]) {
      const answer = await start(student, tutor.user.id, message);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'bad-request' });
    }
  });
});

describe('GET /api/v1/chat/list/:roomId/messages', () => {
  it('pages newest first, back from a message, and lists pinned ones', async () => {
    const { student, tutor, room } = await conversation();
    for (const n of [1, 2, 3, 4])
      await start(n % 2 ? tutor : student, n % 2 ? student.user.id : tutor.user.id, `m${n}`);
    const first = (await get(tutor, `/api/v1/chat/list/${room.id}/messages?size=2`)).json() as Page<ChatMessage>;
    expect(first.total).toBe(5);
    expect(first.list.map((m) => m.body)).toEqual(['m4', 'm3']);
    const second = (
      await get(tutor, `/api/v1/chat/list/${room.id}/messages?size=2&page=2`)
    ).json() as Page<ChatMessage>;
    expect(second.list.map((m) => m.body)).toEqual(['m2', 'm1']);
    const before = (
      await get(tutor, `/api/v1/chat/list/${room.id}/messages?before=${first.list[1]?.id}`)
    ).json() as Page<ChatMessage>;
    expect(before.list.map((m) => m.body)).toEqual(['m2', 'm1', 'Hello, can we practise speaking?']);
    const pinned = (await get(tutor, `/api/v1/chat/list/${room.id}/messages?pinned=true`)).json() as Page<ChatMessage>;
    expect(pinned).toEqual({ total: 0, list: [] });
  });

  it('[403 not-room-member] for others, staff included, and [404 room-not-found]', async () => {
    const { room } = await conversation();
    const outsider = await registerUser(t.app);
    const admin = await createActor(t, 'admin');
    for (const who of [outsider, admin]) {
      const answer = await get(who, `/api/v1/chat/list/${room.id}/messages`);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'not-room-member' });
    }
    const missing = await get(outsider, '/api/v1/chat/list/999999/messages');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'room-not-found' });
  });
});

describe('GET /api/v1/chat/list/rooms/:userId', () => {
  it('lists own rooms pinned first, with the last message and unread count, and searches names', async () => {
    const student = await registerUser(t.app);
    const tutorA = await registerUser(t.app, { role: 'tutor', name: 'منى سامي' });
    const tutorB = await registerUser(t.app, { role: 'tutor', name: 'كريم عادل' });
    const roomA = ((await start(student, tutorA.user.id, 'to A')).json() as NewChat).room;
    t.clock.advance(1000);
    await start(student, tutorB.user.id, 'to B');
    t.clock.advance(1000);
    await start(tutorA, student.user.id, 'from A');

    const rooms = (await get(student, `/api/v1/chat/list/rooms/${student.user.id}`)).json() as Page<ChatRoom>;
    expect(rooms.total).toBe(2);
    expect(rooms.list.map((r) => r.lastMessage?.body)).toEqual(['from A', 'to B']);
    expect(rooms.list.map((r) => r.unreadCount)).toEqual([1, 0]);

    await put(student, roomA.id, { pinned: true });
    t.clock.advance(1000);
    await start(student, tutorB.user.id, 'to B again');
    const pinnedFirst = (await get(student, `/api/v1/chat/list/rooms/${student.user.id}`)).json() as Page<ChatRoom>;
    expect(pinnedFirst.list.map((r) => [r.id, r.pinned])).toEqual([
      [roomA.id, true],
      [expect.any(Number), false],
    ]);
    const onlyPinned = (
      await get(student, `/api/v1/chat/list/rooms/${student.user.id}?pinned=true`)
    ).json() as Page<ChatRoom>;
    expect(onlyPinned.list.map((r) => r.id)).toEqual([roomA.id]);
    const found = (
      await get(student, `/api/v1/chat/list/rooms/${student.user.id}?q=${encodeURIComponent('كريم')}`)
    ).json() as Page<ChatRoom>;
    expect(found.list.map((r) => r.lastMessage?.body)).toEqual(['to B again']);
    const ownName = (await get(student, `/api/v1/chat/list/rooms/${student.user.id}?q=Sara`)).json() as Page<ChatRoom>;
    expect(ownName.total).toBe(0);
  });

  it("[403 forbidden] for another user's rooms", async () => {
    const { student, tutor } = await conversation();
    const answer = await get(student, `/api/v1/chat/list/rooms/${tutor.user.id}`);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('GET /api/v1/chat/room/by/members and /room/members/:roomId', () => {
  it('finds the room of two people for either of them', async () => {
    const { student, tutor, room } = await conversation();
    for (const [who, members] of [
      [student, `${student.user.id},${tutor.user.id}`],
      [tutor, `${student.user.id},${tutor.user.id}`],
    ] as [SignedIn, string][]) {
      const answer = await get(who, `/api/v1/chat/room/by/members?members=${members}`);
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as ChatRoom).id).toBe(room.id);
    }
    const members = (await get(tutor, `/api/v1/chat/room/members/${room.id}`)).json() as ChatMember[];
    expect(members.map((m) => m.id).sort()).toEqual([student.user.id, tutor.user.id].sort());
    expect(members.find((m) => m.id === tutor.user.id)).toMatchObject({ name: 'أحمد محمود', role: 3 });
  });

  it('[403 not-room-member] for a pair without the caller, [404 room-not-found] for a pair without a room', async () => {
    const { student, tutor, room } = await conversation();
    const outsider = await registerUser(t.app);
    const others = await get(outsider, `/api/v1/chat/room/by/members?members=${student.user.id},${tutor.user.id}`);
    expect(others.statusCode).toBe(403);
    expect(others.json()).toMatchObject({ code: 'not-room-member' });
    const none = await get(outsider, `/api/v1/chat/room/by/members?members=${outsider.user.id},${tutor.user.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'room-not-found' });
    expect((await get(outsider, `/api/v1/chat/room/members/${room.id}`)).json()).toMatchObject({
      code: 'not-room-member',
    });
    expect((await get(outsider, '/api/v1/chat/room/members/999999')).statusCode).toBe(404);
    for (const bad of ['1', '1,2,3', 'a,b', '0,1', '']) {
      expect((await get(outsider, `/api/v1/chat/room/by/members?members=${bad}`)).statusCode).toBe(400);
    }
  });

  it('[404 room-members-not-found] when the other person has no account, so nobody is offered a first message', async () => {
    const caller = await registerUser(t.app);
    const nobody = await get(caller, `/api/v1/chat/room/by/members?members=${caller.user.id},999999`);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ code: 'room-members-not-found', message: 'أعضاء المحادثة غير موجودين.' });
  });
});

describe('PUT /api/v1/chat/room/:roomId', () => {
  it("changes only the caller's pin, mute and read mark", async () => {
    const { student, tutor, room, message } = await conversation();
    const updated = await put(tutor, room.id, { pinned: true, muted: true });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ pinned: true, muted: true, unreadCount: 1 });
    const read = (await put(tutor, room.id, { readUpTo: message.id })).json() as ChatRoom;
    expect(read).toMatchObject({ pinned: true, unreadCount: 0, lastReadMessageId: message.id });
    const studentView = (
      await get(student, `/api/v1/chat/room/by/members?members=${student.user.id},${tutor.user.id}`)
    ).json();
    expect(studentView).toMatchObject({ pinned: false, muted: false });
  });

  it('[400 empty-request], [404 message-not-found] for a message of another room, [403 not-room-member]', async () => {
    const first = await conversation();
    const second = await conversation();
    const empty = await put(first.tutor, first.room.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'empty-request' });
    const elsewhere = await put(first.tutor, first.room.id, { readUpTo: second.message.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'message-not-found' });
    const outsider = await put(second.tutor, first.room.id, { muted: true });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ code: 'not-room-member' });
    expect((await put(second.tutor, 999_999, { muted: true })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/chat/staff/rooms/:userId', () => {
  it("shows admins a person's rooms with members, message count and last message time, and no message text", async () => {
    const { student, tutor, room } = await conversation();
    await start(tutor, student.user.id, 'Of course');
    const admin = await createActor(t, 'admin');
    const answer = await get(admin, `/api/v1/chat/staff/rooms/${student.user.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json() as Page<StaffChatRoom>;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: room.id, type: 'general', messageCount: 2 });
    expect(page.list[0]?.members.map((m) => m.id).sort()).toEqual([student.user.id, tutor.user.id].sort());
    expect(page.list[0]?.lastMessageAt).toEqual(expect.any(String));
    expect(answer.body).not.toContain('Of course');
  });

  it('[403 forbidden] for the members themselves and other staff', async () => {
    const { student } = await conversation();
    const manager = await createActor(t, 'tutorManager');
    for (const who of [student, manager]) {
      const answer = await get(who, `/api/v1/chat/staff/rooms/${student.user.id}`);
      expect(answer.statusCode).toBe(403);
    }
  });
});
