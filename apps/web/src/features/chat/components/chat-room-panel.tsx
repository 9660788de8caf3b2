import { chatMembersQuery, chatMessagesQuery, errorCodeOf } from '@darsak/client';
import type { ChatMessage } from '@darsak/domain/chat';
import { Alert, Button, cn, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { realtime, useRealtimeConnect, useRealtimeEvent } from '../../../lib/realtime.ts';
import { usePendingMessages } from '../hooks/pending-messages.ts';
import { useMarkRead, useMessageActions, useStoreMessage } from '../hooks/use-chat-actions.ts';
import { useTypingMembers } from '../hooks/use-typing-members.ts';
import { messagesOldestFirst } from '../utils/messages.ts';
import { Composer } from './composer.tsx';
import { MessageBubble, PendingBubble } from './message-bubble.tsx';

/** How close to the bottom (px) still counts as "reading the newest messages". */
const NEAR_BOTTOM_PX = 120;

/**
 * A room's messages (newest at the bottom, older pages on demand), the typing line and the composer. Used by
 * /chat and, for the lesson's room, inside the live session.
 */
export function ChatRoomPanel({ roomId, className }: { roomId: number; className?: string }) {
  const { t, errorMessage } = useI18n();
  const user = useCurrentUser();
  const userId = user?.id ?? 0;
  const messages = useInfiniteQuery(chatMessagesQuery(api, roomId));
  const members = useQuery(chatMembersQuery(api, roomId));
  const pending = usePendingMessages(roomId);
  const actions = useMessageActions(roomId);
  const store = useStoreMessage();
  const markRead = useMarkRead(roomId);
  const typingIds = useTypingMembers(roomId, userId);
  const [editing, setEditing] = useState<ChatMessage | null>(null);

  const list = useMemo(() => messagesOldestFirst(messages.data), [messages.data]);
  // Pending messages the server already has (an ack raced a refetch) are shown once, as stored.
  const storedIds = useMemo(() => new Set(list.map((m) => m.clientMessageId)), [list]);
  const waiting = pending.filter((m) => !storedIds.has(m.clientMessageId));
  const nameOf = (id: number | null) => members.data?.find((m) => m.id === id)?.name ?? t('realtime.chat.unknownUser');

  useRealtimeEvent('chat:message', (message) => {
    if (message.roomId === roomId) store(message);
  });
  useRealtimeEvent('chat:updated', (message) => {
    if (message.roomId === roomId) store(message);
  });
  // Back from a drop: fetch what arrived meanwhile.
  useRealtimeConnect(({ reconnect }) => {
    if (reconnect) void messages.refetch();
  });

  // Read up to the newest message of the others while the room is open.
  const newestFromOthers = [...list].reverse().find((m) => m.senderId !== userId);
  const marked = useRef(0);
  useEffect(() => {
    if (!newestFromOthers || newestFromOthers.id <= marked.current) return;
    marked.current = newestFromOthers.id;
    void markRead(newestFromOthers.id);
  }, [newestFromOthers, markRead]);

  // Scrolling: stay at the bottom for new messages when the reader is there; keep the place when older load.
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef({ first: 0, height: 0 });
  const lastKey = `${list[list.length - 1]?.id ?? 0}:${waiting.length}:${typingIds.length}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastKey is the trigger (new message, pending, typing line)
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = list[0]?.id ?? 0;
    if (previous.current.first && first < previous.current.first && !nearBottom.current) {
      el.scrollTop += el.scrollHeight - previous.current.height;
    } else if (nearBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { first, height: el.scrollHeight };
  }, [lastKey, list]);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    previous.current.height = el.scrollHeight;
  };

  if (messages.isError) {
    const code = errorCodeOf(messages.error);
    return (
      <div className={cn('p-4', className)}>
        <Alert
          tone="error"
          title={code === 'not-room-member' ? t('realtime.chat.notMember') : errorMessage(code)}
          action={
            code === 'not-room-member' ? undefined : (
              <Button size="sm" variant="secondary" onClick={() => void messages.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        />
      </div>
    );
  }

  const typingNames = typingIds.map((id) => nameOf(id));

  return (
    <div className={cn('flex min-h-0 flex-1 flex-col', className)}>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4"
        data-testid="chat-messages"
      >
        {messages.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6 text-primary-600" />
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : (
          <>
            {messages.hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button
                  size="sm"
                  variant="secondary"
                  loading={messages.isFetchingNextPage}
                  onClick={() => {
                    nearBottom.current = false;
                    void messages.fetchNextPage();
                  }}
                >
                  {t('realtime.chat.loadOlder')}
                </Button>
              </div>
            )}
            {list.length === 0 && waiting.length === 0 && (
              <p className="py-10 text-center text-muted">{t('realtime.chat.noMessages')}</p>
            )}
            <ol className="flex flex-col gap-3" aria-label={t('realtime.chat.messages')}>
              {list.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={message.senderId === userId}
                  senderName={nameOf(message.senderId)}
                  actions={{
                    onEdit: setEditing,
                    onDelete: actions.remove,
                    onPin: actions.pin,
                  }}
                />
              ))}
              {waiting.map((message) => (
                <PendingBubble key={message.clientMessageId} message={message} onRetry={actions.retry} />
              ))}
            </ol>
          </>
        )}
      </div>
      <p aria-live="polite" className="min-h-6 px-4 text-sm text-muted">
        {typingNames.length > 0 && t('realtime.chat.typing', { name: typingNames.join('، ') })}
      </p>
      <Composer
        onSend={(body) => {
          nearBottom.current = true;
          return actions.send(body);
        }}
        onTyping={(typing) => realtime.send('chat:typing', { roomId, typing }, { volatile: true })}
        editing={editing}
        onSaveEdit={actions.edit}
        onCancelEdit={() => setEditing(null)}
        disabled={messages.isPending}
      />
    </div>
  );
}
