import { chatKeys, chatRoomsQuery, errorCodeOf } from '@darsak/client';
import type { ChatRoom } from '@darsak/domain/chat';
import {
  Alert,
  Avatar,
  Button,
  ChatIcon,
  cn,
  EmptyState,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useRealtimeConnect, useRealtimeEvent } from '../../../lib/realtime.ts';
import { othersOf, roomTitleOf } from '../utils/messages.ts';
import { MutedIcon, PinIcon, SearchIcon } from './chat-icons.tsx';

const SEARCH_DELAY_MS = 300;

/** Keeps the user's room lists (last message, unread counts) fresh from the realtime events. */
export function useRoomsLive(userId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
  useRealtimeEvent('chat:message', refresh);
  useRealtimeEvent('chat:updated', refresh);
  useRealtimeEvent('chat:read', (mark) => {
    if (mark.userId === userId) refresh();
  });
  useRealtimeConnect(({ reconnect }) => {
    if (reconnect) refresh();
  });
}

/**
 * The user's rooms (pinned first), a search by name, and the all / pinned tabs. With no room yet, a student is
 * told to start one from a tutor's page; a tutor, who cannot start one, that students' messages will appear here.
 */
export function RoomList({
  userId,
  tutor,
  selectedRoomId,
  hrefOf,
}: {
  userId: number;
  tutor: boolean;
  selectedRoomId: number | null;
  hrefOf: (roomId: number) => string;
}) {
  const { t, errorMessage } = useI18n();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [tab, setTab] = useState<'all' | 'pinned'>('all');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const rooms = useQuery({ ...chatRoomsQuery(api, userId, q), placeholderData: keepPreviousData });
  useRoomsLive(userId);

  const list = (rooms.data?.list ?? []).filter((room) => tab === 'all' || room.pinned);

  return (
    // The list is the tab panel of the chosen tab, so each tab controls a panel that exists.
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value === 'pinned' ? 'pinned' : 'all')}
      className="flex min-h-0 flex-1 flex-col gap-0"
    >
      <div className="space-y-3 border-b border-line p-3">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('realtime.chat.search')}
          </label>
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('realtime.chat.search')}
            className="h-10 w-full rounded-xl border border-line bg-surface ps-10 pe-3 text-sm text-ink focus:outline-2 focus:outline-primary-600"
          />
        </div>
        <TabsList aria-label={t('realtime.chat.rooms')}>
          <TabsTrigger value="all">{t('realtime.chat.tabs.all')}</TabsTrigger>
          <TabsTrigger value="pinned">{t('realtime.chat.tabs.pinned')}</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value={tab} className="min-h-0 flex-1 overflow-y-auto">
        {rooms.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6 text-primary-600" />
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : rooms.isError ? (
          <div className="p-3">
            <Alert
              tone="error"
              title={t('realtime.chat.loadFailed')}
              action={
                <Button size="sm" variant="secondary" onClick={() => void rooms.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {errorMessage(errorCodeOf(rooms.error))}
            </Alert>
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            className="m-3 border-0 py-8"
            level={3}
            icon={<ChatIcon />}
            title={q ? t('realtime.chat.empty.search', { q }) : t('realtime.chat.empty.title')}
            description={
              tab === 'pinned'
                ? t('realtime.chat.empty.pinned')
                : q
                  ? undefined
                  : t(tutor ? 'realtime.chat.empty.bodyTutor' : 'realtime.chat.empty.body')
            }
          />
        ) : (
          <ul className="divide-y divide-line" aria-label={t('realtime.chat.rooms')}>
            {list.map((room) => (
              <RoomItem
                key={room.id}
                room={room}
                userId={userId}
                href={hrefOf(room.id)}
                selected={room.id === selectedRoomId}
              />
            ))}
          </ul>
        )}
      </TabsContent>
    </Tabs>
  );
}

/** One room: the other member (or the room's name), the last message, its time and the unread count. */
export function RoomItem({
  room,
  userId,
  href,
  selected,
}: {
  room: ChatRoom;
  userId: number;
  href: string;
  selected: boolean;
}) {
  const { t, format } = useI18n();
  const title = roomTitleOf(room, userId, t('realtime.chat.unknownUser'));
  const other = othersOf(room.members, userId)[0];
  const last = room.lastMessage;
  const preview = !last
    ? t('realtime.chat.noMessages')
    : last.deletedAt
      ? t('realtime.chat.deletedMessage')
      : `${last.senderId === userId ? t('realtime.chat.you') : ''}${last.body}`;
  const at = room.lastMessageAt ?? room.createdAt;
  const today = new Date(at).toDateString() === new Date().toDateString();
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 px-3 py-3 hover:bg-primary-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600',
          selected && 'bg-primary-50',
        )}
      >
        <Avatar name={other?.name ?? title} src={other?.image} decorative />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className={cn('truncate text-ink', room.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>
              {title}
            </span>
            {room.type === 'lesson' && <span className="text-xs text-muted">· {t('realtime.chat.lessonRoom')}</span>}
            {room.pinned && (
              <span className="text-muted" title={t('realtime.chat.pinnedRoom')}>
                <PinIcon width={14} height={14} />
                <span className="sr-only">{t('realtime.chat.pinnedRoom')}</span>
              </span>
            )}
            {room.muted && (
              <span className="text-muted" title={t('realtime.chat.mutedRoom')}>
                <MutedIcon width={14} height={14} />
                <span className="sr-only">{t('realtime.chat.mutedRoom')}</span>
              </span>
            )}
            <time dateTime={at} className="ms-auto shrink-0 text-xs text-muted">
              {today ? format.time(at) : format.date(at, { dateStyle: 'short' })}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span dir="auto" className="min-w-0 flex-1 truncate text-start text-sm text-muted">
              {preview}
            </span>
            {room.unreadCount > 0 && (
              <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-primary-600 px-1.5 text-xs font-bold text-white">
                <span aria-hidden="true">{format.number(room.unreadCount)}</span>
                <span className="sr-only">{t('realtime.chat.unread', { count: room.unreadCount })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
