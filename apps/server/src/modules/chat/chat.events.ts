import type { ChatMessage, ReadPayload } from '@darsak/domain/chat';
import { userRoom } from '@darsak/domain/realtime';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * Chat facts to the members' sockets, on every instance (through the Redis adapter when configured). The
 * socket that caused a fact is left out: it has the result in its ack.
 */
export function createChatEvents(
  realtime: Pick<Realtime, 'io'>,
  /** A new message, after it is stored: the members away from the room are told by push (chat.notices.ts). */
  onMessage?: (message: ChatMessage, memberIds: number[]) => void,
) {
  const toMembers = (memberIds: number[], origin: string | undefined) => {
    const to = realtime.io?.to(memberIds.map(userRoom));
    return origin ? to?.except(origin) : to;
  };
  return {
    message(message: ChatMessage, memberIds: number[], origin?: string) {
      toMembers(memberIds, origin)?.emit('chat:message', message);
      onMessage?.(message, memberIds);
    },
    updated(message: ChatMessage, memberIds: number[], origin?: string) {
      toMembers(memberIds, origin)?.emit('chat:updated', message);
    },
    read(payload: ReadPayload, memberIds: number[], origin?: string) {
      toMembers(memberIds, origin)?.emit('chat:read', payload);
    },
  };
}
export type ChatEvents = ReturnType<typeof createChatEvents>;
