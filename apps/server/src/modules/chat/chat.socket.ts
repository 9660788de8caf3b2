import {
  EditMessageInput,
  MessageRef,
  PinMessageInput,
  ReadInput,
  SendMessageInput,
  TypingInput,
} from '@darsak/domain/chat';
import { userRoom } from '@darsak/domain/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { AppSocket } from '../../platform/realtime/realtime.ts';
import { onEvent } from '../../platform/realtime/socket-events.ts';
import type { ChatService } from './chat.service.ts';

/** Rooms a socket typed in recently, with whom to tell: typing is frequent, membership checks need not be. */
const TYPING_MEMO_SIZE = 50;

export function registerChatSocketHandlers(socket: AppSocket, deps: { chat: ChatService; log: FastifyBaseLogger }) {
  const { chat, log } = deps;
  const user = socket.data.user;
  const typingTo = new Map<number, number[]>();

  onEvent(socket, log, 'chat:send', SendMessageInput, (input) => chat.send(user, input, socket.id));
  onEvent(socket, log, 'chat:edit', EditMessageInput, (input) => chat.edit(user, input, socket.id));
  onEvent(socket, log, 'chat:delete', MessageRef, (input) => chat.remove(user, input, socket.id));
  onEvent(socket, log, 'chat:pin', PinMessageInput, (input) => chat.pin(user, input, socket.id));
  onEvent(socket, log, 'chat:read', ReadInput, async (input) => {
    await chat.markRead(user, input, socket.id);
    return null;
  });
  // Volatile and never stored: a lost typing mark is harmless.
  onEvent(socket, log, 'chat:typing', TypingInput, async ({ roomId, typing }) => {
    let others = typingTo.get(roomId);
    if (!others) {
      others = await chat.otherMembers(user, roomId);
      if (typingTo.size >= TYPING_MEMO_SIZE) typingTo.clear();
      typingTo.set(roomId, others);
    }
    if (others.length > 0)
      socket.volatile.to(others.map(userRoom)).emit('chat:typing', { roomId, userId: user.id, typing });
    return null;
  });
}
