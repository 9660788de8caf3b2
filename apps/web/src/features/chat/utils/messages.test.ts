import type { ChatMessage } from '@darsak/domain/chat';
import { describe, expect, it } from 'vitest';
import { type MessagePages, messagesOldestFirst, newClientMessageId, roomTitleOf, upsertMessage } from './messages.ts';

const message = (id: number, body = `m${id}`): ChatMessage => ({
  id,
  roomId: 1,
  senderId: 7,
  clientMessageId: `c${id}`,
  body,
  pinned: false,
  editedAt: null,
  deletedAt: null,
  createdAt: '2026-01-01T10:00:00Z',
});

const pages = (...lists: number[][]): MessagePages => ({
  pages: lists.map((ids) => ({ total: 10, list: ids.map((id) => message(id)) })),
  pageParams: lists.map(() => undefined),
});

describe('chat message cache', () => {
  it('puts a new message first, replaces a known one, and never duplicates', () => {
    const data = pages([5, 4], [3, 2]);
    const added = upsertMessage(data, message(6));
    expect(added?.pages[0]?.list.map((m) => m.id)).toEqual([6, 5, 4]);
    const edited = upsertMessage(added, message(3, 'fixed'));
    expect(edited?.pages[1]?.list.find((m) => m.id === 3)?.body).toBe('fixed');
    expect(messagesOldestFirst(upsertMessage(edited, message(6))).map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
    expect(upsertMessage(undefined, message(1))).toBeUndefined();
  });

  it('names a room after the other member and makes unique client ids', () => {
    const members = [
      { id: 7, name: 'سارة', image: null, role: 4 as const, gender: null },
      { id: 9, name: 'أحمد محمود', image: null, role: 3 as const, gender: null },
    ];
    expect(roomTitleOf({ name: null, members }, 7, 'x')).toBe('أحمد محمود');
    expect(roomTitleOf({ name: 'درس', members }, 7, 'x')).toBe('درس');
    expect(newClientMessageId()).toMatch(/^[\w-]+$/);
    expect(newClientMessageId()).not.toBe(newClientMessageId());
  });
});
