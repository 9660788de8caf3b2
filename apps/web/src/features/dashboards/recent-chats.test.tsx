import type { ChatMember, ChatRoom } from '@darsak/domain/chat';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const student = makeUser({ id: 7 });
const withTutor = (id: number, name: string, lastMessageAt: string, unreadCount = 0): ChatRoom => ({
  id,
  type: 'general',
  name: null,
  lessonId: null,
  members: [
    { id: 7, name: student.name, image: null, role: 4, gender: null },
    { id: 100 + id, name, image: null, role: 3, gender: null } satisfies ChatMember,
  ],
  pinned: false,
  muted: false,
  unreadCount,
  lastReadMessageId: null,
  lastMessage: null,
  lastMessageAt,
  createdAt: '2026-01-01T09:00:00.000Z',
});

describe('/s/dashboard chats', () => {
  it('lists the latest conversations with their unread counts, each opening the chat', async () => {
    stubApi(
      {
        'GET /api/v1/chat/list/rooms/7': () => ({
          body: {
            total: 4,
            list: [
              withTutor(1, 'ياسمين فؤاد', '2026-01-01T10:00:00.000Z'),
              withTutor(2, 'أحمد حسن', '2026-01-03T10:00:00.000Z', 2),
              withTutor(3, 'سلمى إبراهيم', '2026-01-02T10:00:00.000Z'),
              withTutor(4, 'عمر الفاروق', '2025-12-30T10:00:00.000Z'),
            ],
          },
        }),
      },
      student,
    );
    renderApp('/s/dashboard', { user: student });
    const list = await screen.findByRole('list', { name: 'المحادثات الأخيرة' }, { timeout: 5000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/chat?room=2', '/chat?room=3', '/chat?room=1']);
    expect(within(links[0] as HTMLElement).getByText('أحمد حسن')).toBeTruthy();
    expect(within(links[0] as HTMLElement).getByText('٢')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'كل المحادثات' }).getAttribute('href')).toBe('/chat');
  });

  it('says there is no conversation yet and how to start one', async () => {
    stubApi({ 'GET /api/v1/chat/list/rooms/7': () => ({ body: { total: 0, list: [] } }) }, student);
    renderApp('/s/dashboard', { user: student });
    expect(await screen.findByText('ابدأ محادثة مع معلّم من صفحته، وستظهر هنا.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
