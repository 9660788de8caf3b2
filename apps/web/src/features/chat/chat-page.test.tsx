import type { ChatMember, ChatMessage, ChatRoom } from '@darsak/domain/chat';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';
import { pendingMessages } from './hooks/pending-messages.ts';

afterEach(() => {
  authStore.reset();
  pendingMessages.reset();
  vi.unstubAllGlobals();
});

const student = makeUser({ id: 7, name: 'سارة أحمد' });
const members: ChatMember[] = [
  { id: 7, name: 'سارة أحمد', image: null, role: 4, gender: null },
  { id: 9, name: 'أحمد محمود', image: null, role: 3, gender: null },
];
const message = (id: number, body: string, senderId = 9, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  roomId: 1,
  senderId,
  clientMessageId: `c-${id}`,
  body,
  pinned: false,
  editedAt: null,
  deletedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...extra,
});
const room = (id: number, extra: Partial<ChatRoom> = {}): ChatRoom => ({
  id,
  type: 'general',
  name: null,
  lessonId: null,
  members,
  pinned: false,
  muted: false,
  unreadCount: 0,
  lastReadMessageId: null,
  lastMessage: null,
  lastMessageAt: '2026-01-01T10:00:00.000Z',
  createdAt: '2026-01-01T09:00:00.000Z',
  ...extra,
});
const other = (name: string, id: number): ChatMember[] => [
  members[0] as ChatMember,
  { id, name, image: null, role: 3, gender: null },
];

function chatApi(messages: ChatMessage[] = [], handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /api/v1/chat/list/rooms/7': (_init, url) => {
        const q = url.searchParams.get('q');
        const rooms = [
          room(1, { lastMessage: messages.at(-1) ?? null, unreadCount: 2 }),
          room(2, { members: other('منى علي', 11), pinned: true, muted: true }),
        ];
        const list = q ? rooms.filter((r) => r.members.some((m) => m.name.includes(q))) : rooms;
        return { body: { total: list.length, list } };
      },
      'GET /api/v1/chat/list/1/messages': (_init, url) =>
        url.searchParams.get('pinned')
          ? { body: { total: 0, list: [] } }
          : { body: { total: messages.length, list: [...messages].reverse() } },
      'GET /api/v1/chat/room/members/1': () => ({ body: members }),
      ...handlers,
    },
    student,
  );
}

describe('/chat rooms', () => {
  it('lists rooms with last message and unread count, pinned in their tab, and searches by name', async () => {
    const { calls } = chatApi([message(1, 'Hello Sara')]);
    const user = userEvent.setup();
    renderApp('/chat', { user: student });
    const list = await screen.findByRole('list', { name: 'قائمة المحادثات' }, { timeout: 5000 });
    expect(within(list).getByText('أحمد محمود')).toBeTruthy();
    expect(within(list).getByText('Hello Sara')).toBeTruthy();
    expect(within(list).getByText('رسالتان غير مقروءتين')).toBeTruthy();
    expect(within(list).getByText('محادثة مكتومة')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'المثبّتة' }));
    await waitFor(() => expect(within(list).queryByText('أحمد محمود')).toBeNull());
    expect(within(list).getByText('منى علي')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'الكل' }));
    await user.type(screen.getByLabelText('ابحث بالاسم'), 'منى');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/chat/list/rooms/7')).toBe(true));
    await waitFor(() => expect(screen.queryByText('أحمد محمود')).toBeNull());
  });

  it('tells a student with no conversation to start one from a tutor’s page, and a tutor that students’ will appear', async () => {
    const tutor = makeUser({ id: 9, name: 'أحمد محمود', role: 3 });
    for (const [user, hint] of [
      [student, 'ابدأ محادثة مع معلّم من صفحته، وستظهر هنا.'],
      [tutor, 'ستظهر هنا محادثاتك مع طلابك حين يراسلك أحدهم.'],
    ] as const) {
      stubApi({ [`GET /api/v1/chat/list/rooms/${user.id}`]: () => ({ body: { total: 0, list: [] } }) }, user);
      const { unmount } = renderApp('/chat', { user });
      expect(await screen.findByText('لا توجد محادثات بعد', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByText(hint)).toBeTruthy();
      unmount();
      authStore.reset();
    }
  });
});

describe('/chat room', () => {
  it('shows messages oldest to newest, sends with "sending" until stored, and marks the room read', async () => {
    chatApi([message(1, 'Hello Sara'), message(2, 'Ready for the lesson?')]);
    const user = userEvent.setup();
    const { realtime } = renderApp('/chat?room=1', { user: student });
    let release: () => void = () => undefined;
    realtime.handle('chat:send', (payload) => {
      return new Promise((resolve) => {
        release = () =>
          resolve({ ok: true, data: message(3, payload.body, 7, { clientMessageId: payload.clientMessageId }) });
      });
    });
    const thread = await screen.findByRole('list', { name: 'رسائل المحادثة' }, { timeout: 5000 });
    await within(thread).findByText('Ready for the lesson?');
    const texts = within(thread)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts[0]).toContain('Hello Sara');
    expect(texts[1]).toContain('Ready for the lesson?');
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'chat:read', payload: { roomId: 1, messageId: 2 } }),
    );

    await user.type(screen.getByLabelText('اكتب رسالتك'), 'Yes, ready!{Enter}');
    expect(await within(thread).findByText('جارٍ الإرسال…')).toBeTruthy();
    const sent = realtime.received.find((r) => r.event === 'chat:send')?.payload as { clientMessageId: string };
    expect(sent).toMatchObject({ roomId: 1, body: 'Yes, ready!', clientMessageId: expect.stringMatching(/^[\w-]+$/) });
    await act(async () => release());
    await waitFor(() => expect(within(thread).queryByText('جارٍ الإرسال…')).toBeNull());
    expect(within(thread).getByText('Yes, ready!')).toBeTruthy();
  });

  it('shows retry when sending fails and retries with the same client id', async () => {
    chatApi([message(1, 'Hello Sara')]);
    const user = userEvent.setup();
    const { realtime } = renderApp('/chat?room=1', { user: student });
    let fail = true;
    realtime.handle('chat:send', (payload) =>
      fail
        ? { ok: false, code: 'unexpected', message: 'x' }
        : { ok: true, data: message(5, payload.body, 7, { clientMessageId: payload.clientMessageId }) },
    );
    const thread = await screen.findByRole('list', { name: 'رسائل المحادثة' }, { timeout: 5000 });
    await within(thread).findByText('Hello Sara');
    await user.type(screen.getByLabelText('اكتب رسالتك'), 'Are you there?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('لم تُرسل الرسالة.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'أعد الإرسال' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'أعد الإرسال' })).toBeNull());
    const sends = realtime.received.filter((r) => r.event === 'chat:send').map((r) => r.payload);
    expect(sends).toHaveLength(2);
    expect((sends[0] as { clientMessageId: string }).clientMessageId).toBe(
      (sends[1] as { clientMessageId: string }).clientMessageId,
    );
    expect(within(thread).getByText('Are you there?')).toBeTruthy();
  });

  it('edits and, after confirming, deletes an own message; shows the other side typing and new messages', async () => {
    chatApi([message(1, 'Hello Sara'), message(2, 'I goed home', 7)]);
    const user = userEvent.setup();
    const { realtime } = renderApp('/chat?room=1', { user: student });
    realtime.handle('chat:edit', (p) => ({
      ok: true,
      data: message(2, p.body, 7, { editedAt: '2026-01-01T10:01:00Z' }),
    }));
    realtime.handle('chat:delete', () => ({
      ok: true,
      data: message(2, '', 7, { deletedAt: '2026-01-01T10:02:00Z' }),
    }));
    const thread = await screen.findByRole('list', { name: 'رسائل المحادثة' }, { timeout: 5000 });
    const own = (await within(thread).findByText('I goed home')).closest('li') as HTMLElement;
    await user.click(within(own).getByRole('button', { name: 'خيارات الرسالة' }));
    await user.click(within(own).getByRole('button', { name: 'تعديل' }));
    const box = screen.getByLabelText('اكتب رسالتك');
    await user.clear(box);
    await user.type(box, 'I went home{Enter}');
    expect(await within(thread).findByText('I went home')).toBeTruthy();
    expect(screen.getByText('معدّلة')).toBeTruthy();
    expect(realtime.received).toContainEqual({ event: 'chat:edit', payload: { messageId: 2, body: 'I went home' } });

    const edited = within(thread).getByText('I went home').closest('li') as HTMLElement;
    await user.click(within(edited).getByRole('button', { name: 'خيارات الرسالة' }));
    await user.click(within(edited).getByRole('button', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الرسالة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'احذف الرسالة' }));
    expect(await screen.findByText('تم حذف هذه الرسالة')).toBeTruthy();

    act(() => realtime.push('chat:typing', { roomId: 1, userId: 9, typing: true }));
    expect(await screen.findByText('أحمد محمود يكتب الآن…')).toBeTruthy();
    act(() => realtime.push('chat:message', message(3, 'See you at 6')));
    expect(await within(thread).findByText('See you at 6')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('أحمد محمود يكتب الآن…')).toBeNull());
  });

  it('says so when the user is not a member of the room', async () => {
    stubApi(
      {
        'GET /api/v1/chat/list/rooms/7': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/chat/list/5/messages': () => ({ status: 403, body: { code: 'not-room-member', message: 'x' } }),
        'GET /api/v1/chat/room/members/5': () => ({ status: 403, body: { code: 'not-room-member', message: 'x' } }),
      },
      student,
    );
    renderApp('/chat?room=5', { user: student });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain('لست عضوًا في هذه المحادثة');
    expect(screen.queryByLabelText('اكتب رسالتك')).toBeNull();
  });
});

describe('/chat?with=', () => {
  it('starts a conversation with a tutor by its first message and opens the new room', async () => {
    const { calls } = chatApi([], {
      'GET /api/v1/chat/room/by/members': () => ({ status: 404, body: { code: 'room-not-found', message: 'x' } }),
      'GET /api/v1/user/tutor/info/9': () => ({ body: { id: 9, name: 'أحمد محمود', image: null } }),
      'POST /api/v1/chat/new': () => ({
        status: 201,
        body: { room: room(1), message: message(1, 'Hello teacher', 7) },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/chat?with=9', { user: student });
    expect(await screen.findByRole('heading', { name: 'محادثة جديدة مع أحمد محمود' }, { timeout: 5000 })).toBeTruthy();
    await user.type(screen.getByLabelText('اكتب رسالتك'), 'Hello teacher{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?room=1'));
    expect(calls.find((c) => c.path === '/api/v1/chat/new')?.body).toMatchObject({
      userId: 9,
      message: 'Hello teacher',
      clientMessageId: expect.any(String),
    });
  });

  it('shows why a conversation cannot be started', async () => {
    chatApi([], {
      'GET /api/v1/chat/room/by/members': () => ({ status: 404, body: { code: 'room-not-found', message: 'x' } }),
      'POST /api/v1/chat/new': () => ({ status: 403, body: { code: 'forbidden', message: 'x' } }),
    });
    const user = userEvent.setup();
    renderApp('/chat?with=12', { user: student });
    await user.type(await screen.findByLabelText('اكتب رسالتك', {}, { timeout: 5000 }), 'Hi{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('لا يمكنك بدء محادثة مع هذا المستخدم.');
    expect(ERROR_MESSAGES_AR.forbidden).toBeTruthy();
  });

  it('offers no first message to someone without an account', async () => {
    chatApi([], {
      'GET /api/v1/chat/room/by/members': () => ({
        status: 404,
        body: { code: 'room-members-not-found', message: 'x' },
      }),
    });
    renderApp('/chat?with=404', { user: student });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      ERROR_MESSAGES_AR['room-members-not-found'],
    );
    expect((screen.getByLabelText('اكتب رسالتك') as HTMLTextAreaElement).disabled).toBe(true);
  });
});
