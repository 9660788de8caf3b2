import { type AckResult, chatKeys } from '@darsak/client';
import { type ChatMessage, type ChatRoom, chatContract, type UpdateRoomInput } from '@darsak/domain/chat';
import type { Page } from '@darsak/domain/common';
import { useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api.ts';
import { clientLog, realtime } from '../../../lib/realtime.ts';
import { type MessagePages, newClientMessageId, upsertMessage } from '../utils/messages.ts';
import { pendingMessages } from './pending-messages.ts';

/** Puts a stored message into its room's cache (if that room was loaded) and refreshes the room list. */
export function useStoreMessage() {
  const queryClient = useQueryClient();
  return useCallback(
    (message: ChatMessage) => {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(message.roomId), (data) => upsertMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    },
    [queryClient],
  );
}

/**
 * Sending, editing, deleting and pinning messages over the socket. A message shows "sending" until the server
 * has stored it (its ack), and "retry" when it failed; a retry reuses its client id, so it is stored once.
 */
export function useMessageActions(roomId: number) {
  const store = useStoreMessage();
  const { toast } = useToast();
  const { errorMessage } = useI18n();

  const deliver = useCallback(
    async (clientMessageId: string, body: string) => {
      pendingMessages.put({
        clientMessageId,
        roomId,
        body,
        status: 'sending',
        createdAt: pendingMessages.get(clientMessageId)?.createdAt ?? new Date().toISOString(),
      });
      const ack = await realtime.request('chat:send', { roomId, clientMessageId, body });
      if (ack.ok) {
        store(ack.data);
        pendingMessages.remove(clientMessageId);
        return;
      }
      clientLog.warn('chat', 'message not sent', ack.code);
      const current = pendingMessages.get(clientMessageId);
      if (current) pendingMessages.put({ ...current, status: 'failed', errorCode: ack.code });
    },
    [roomId, store],
  );

  /** Acts on a stored message; a refusal is shown as a toast (nothing on screen can fix it). */
  const act = useCallback(
    async (ack: Promise<AckResult<ChatMessage>>) => {
      const result = await ack;
      if (result.ok) store(result.data);
      else toast({ type: 'error', title: errorMessage(result.code) });
      return result.ok;
    },
    [store, toast, errorMessage],
  );

  return {
    send: (body: string) => deliver(newClientMessageId(), body),
    retry: (clientMessageId: string) => {
      const message = pendingMessages.get(clientMessageId);
      if (message) void deliver(clientMessageId, message.body);
    },
    edit: (messageId: number, body: string) => act(realtime.request('chat:edit', { messageId, body })),
    remove: (messageId: number) => act(realtime.request('chat:delete', { messageId })),
    pin: (messageId: number, pinned: boolean) => act(realtime.request('chat:pin', { messageId, pinned })),
  };
}

/** The caller's own pin and mute of a room (PUT /chat/room/:roomId). */
export function useUpdateRoom(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRoomInput) => api.callRoute(chatContract.updateRoom, { params: { roomId }, body }),
    onSuccess: (room: ChatRoom) => {
      queryClient.setQueriesData<Page<ChatRoom>>({ queryKey: chatKeys.rooms() }, (page) =>
        page ? { ...page, list: page.list.map((r) => (r.id === room.id ? room : r)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    },
  });
}

/** Marks a room read up to a message, and clears its unread count in the list at once. */
export function useMarkRead(roomId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (messageId: number) => {
      queryClient.setQueriesData<Page<ChatRoom>>({ queryKey: chatKeys.rooms() }, (page) =>
        page
          ? {
              ...page,
              list: page.list.map((r) =>
                r.id === roomId ? { ...r, unreadCount: 0, lastReadMessageId: messageId } : r,
              ),
            }
          : page,
      );
      const ack = await realtime.request('chat:read', { roomId, messageId });
      if (!ack.ok) clientLog.warn('chat', 'read mark refused', ack.code);
    },
    [queryClient, roomId],
  );
}

/** POST /chat/new: the first message to someone (an existing conversation between the two is reused). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; message: string; clientMessageId: string }) =>
      api.callRoute(chatContract.start, { body: input }),
    onSuccess: ({ room, message }) => {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(room.id), (data) => upsertMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    },
  });
}
