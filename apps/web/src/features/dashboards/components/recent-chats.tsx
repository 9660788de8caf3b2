import { chatRoomsQuery } from '@darsak/client';
import type { ChatRoom } from '@darsak/domain/chat';
import { buttonClasses, Card, ChatIcon, EmptyState, Spinner } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { RoomItem, useRoomsLive } from '../../chat/components/room-list.tsx';

/** How many conversations the dashboard shows; the rest are one click away in /chat. */
const RECENT_CHATS = 3;

const latestFirst = (a: ChatRoom, b: ChatRoom) =>
  Date.parse(b.lastMessageAt ?? b.createdAt) - Date.parse(a.lastMessageAt ?? a.createdAt);

/**
 * The student dashboard's chats section (spec §2): the latest conversations with their unread counts, each
 * opening the chat, kept fresh as messages arrive; the chat page's own room list query.
 */
export function RecentChats({ userId }: { userId: number }) {
  const t = useT();
  const rooms = useQuery(chatRoomsQuery(api, userId));
  useRoomsLive(userId);
  const recent = [...(rooms.data?.list ?? [])].sort(latestFirst).slice(0, RECENT_CHATS);
  return (
    <Card
      title={t('booking.dashboard.chats')}
      actions={
        recent.length > 0 && (
          <Link to={paths.chat.href()} className={buttonClasses({ variant: 'link', size: 'sm' })}>
            {t('booking.dashboard.allChats')}
          </Link>
        )
      }
    >
      {rooms.isPending ? (
        <Spinner className="mx-auto size-6 text-primary-600" label={t('common.loading')} />
      ) : rooms.isError ? (
        <LoadError error={rooms.error} onRetry={() => void rooms.refetch()} />
      ) : recent.length === 0 ? (
        <EmptyState
          level={3}
          icon={<ChatIcon />}
          title={t('realtime.chat.empty.title')}
          description={t('realtime.chat.empty.body')}
          className="py-6"
        />
      ) : (
        <ul className="-mx-3 divide-y divide-line" aria-label={t('booking.dashboard.chats')}>
          {recent.map((room) => (
            <RoomItem
              key={room.id}
              room={room}
              userId={userId}
              href={`${paths.chat.href()}?room=${room.id}`}
              selected={false}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
