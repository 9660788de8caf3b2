import { type ChatMessage, chatContract } from '@darsak/domain/chat';
import type { Page } from '@darsak/domain/common';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { chatKeys } from './chat.keys.ts';

/** Rooms loaded at once in the list (pinned first, then by latest message). */
export const ROOMS_PAGE_SIZE = 50;
/** Messages loaded per page when paging back in a room. */
export const MESSAGES_PAGE_SIZE = 30;

/** The signed-in user's rooms with last message and unread count; `q` searches names. */
export const chatRoomsQuery = (http: HttpClient, userId: number, q = '') =>
  queryOptions({
    queryKey: chatKeys.roomList(userId, q),
    queryFn: ({ signal }) =>
      http.callRoute(chatContract.rooms, {
        params: { userId },
        query: { size: ROOMS_PAGE_SIZE, ...(q ? { q } : {}) },
        signal,
      }),
  });

/**
 * A room's messages, newest first, a page at a time: each next page asks for the messages `before` the oldest
 * one already loaded, so new messages arriving meanwhile never shift the pages.
 */
export const chatMessagesQuery = (http: HttpClient, roomId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }): Promise<Page<ChatMessage>> =>
      http.callRoute(chatContract.messages, {
        params: { roomId },
        query: { size: MESSAGES_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) =>
      last.list.length < MESSAGES_PAGE_SIZE ? undefined : last.list[last.list.length - 1]?.id,
  });

export const chatMembersQuery = (http: HttpClient, roomId: number) =>
  queryOptions({
    queryKey: chatKeys.members(roomId),
    queryFn: ({ signal }) => http.callRoute(chatContract.members, { params: { roomId }, signal }),
    staleTime: 5 * 60_000,
  });

/** A room's pinned messages (newest first). */
export const chatPinnedQuery = (http: HttpClient, roomId: number) =>
  queryOptions({
    queryKey: chatKeys.pinned(roomId),
    queryFn: ({ signal }) =>
      http.callRoute(chatContract.messages, { params: { roomId }, query: { pinned: 'true', size: 100 }, signal }),
  });
