import type { ChatMember, ChatMessage, ChatRoom } from '@darsak/domain/chat';
import type { Page } from '@darsak/domain/common';
import type { InfiniteData } from '@tanstack/react-query';

export type MessagePages = InfiniteData<Page<ChatMessage>, unknown>;

/** A message the server has stored replaces its old copy, or becomes the newest one of the first page. */
export function upsertMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    list: page.list.map((m) => {
      if (m.id !== message.id) return m;
      found = true;
      return message;
    }),
  }));
  if (found) return { ...data, pages };
  const [first, ...rest] = pages;
  if (!first) return { ...data, pages: [{ total: 1, list: [message] }] };
  // Newest first: a new message goes in front, keeping the order by id if events arrived out of order.
  const list = [message, ...first.list].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ total: first.total + 1, list }, ...rest] };
}

/** Oldest first, as the room shows them (newest at the bottom), without duplicates. */
export function messagesOldestFirst(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: ChatMessage[] = [];
  for (const page of data.pages)
    for (const message of page.list) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  return all.sort((a, b) => a.id - b.id);
}

/** The people a room is "with" for the signed-in user: everyone but them. */
export const othersOf = (members: ChatMember[], userId: number) => members.filter((m) => m.id !== userId);

/** The name a room goes by: its own name, else the other members' names. */
export function roomTitleOf(room: Pick<ChatRoom, 'name' | 'members'>, userId: number, fallback: string): string {
  if (room.name) return room.name;
  const names = othersOf(room.members, userId).map((m) => m.name);
  return names.length > 0 ? names.join('، ') : fallback;
}

/** A client id for a message (reused on retry so the server stores it once). */
export function newClientMessageId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
