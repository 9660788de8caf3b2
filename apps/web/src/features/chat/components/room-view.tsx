import { chatMembersQuery, chatPinnedQuery, chatRoomsQuery } from '@darsak/client';
import { Avatar, Button, cn, Dialog, Spinner, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useUpdateRoom } from '../hooks/use-chat-actions.ts';
import { othersOf, roomTitleOf } from '../utils/messages.ts';
import { BackIcon, MutedIcon, PinIcon, PinnedListIcon } from './chat-icons.tsx';
import { ChatRoomPanel } from './chat-room-panel.tsx';

/** An open room: who it is with, pin and mute for the user, the pinned messages, then the messages. */
export function RoomView({ roomId, userId, backHref }: { roomId: number; userId: number; backHref: string }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const rooms = useQuery(chatRoomsQuery(api, userId));
  const members = useQuery(chatMembersQuery(api, roomId));
  const room = rooms.data?.list.find((r) => r.id === roomId);
  const update = useUpdateRoom(roomId);
  const [pinnedOpen, setPinnedOpen] = useState(false);

  const everyone = room?.members ?? members.data ?? [];
  const title = room
    ? roomTitleOf(room, userId, t('realtime.chat.unknownUser'))
    : roomTitleOf({ name: null, members: everyone }, userId, t('realtime.chat.unknownUser'));
  const other = othersOf(everyone, userId)[0];

  const toggle = (change: { pinned: boolean } | { muted: boolean }) =>
    update.mutate(change, {
      onSuccess: () =>
        toast({
          type: 'success',
          title:
            'pinned' in change
              ? t(change.pinned ? 'realtime.chat.roomPinned' : 'realtime.chat.roomUnpinned')
              : t(change.muted ? 'realtime.chat.roomMuted' : 'realtime.chat.roomUnmuted'),
        }),
      onError: (error) => toast({ type: 'error', title: errorMessage((error as { code?: string }).code ?? '') }),
    });

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby={`room-${roomId}-title`}>
      <header className="flex items-center gap-2 border-b border-line px-2 py-2 sm:px-3">
        <Link
          to={backHref}
          className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-primary-50 md:hidden"
          aria-label={t('realtime.chat.back')}
        >
          <BackIcon width={20} height={20} />
        </Link>
        <Avatar name={other?.name ?? title} src={other?.image} size="sm" decorative />
        <h2 id={`room-${roomId}-title`} className="min-w-0 flex-1 truncate text-lg font-bold text-ink">
          {title}
        </h2>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('realtime.chat.pinnedMessages')}
          onClick={() => setPinnedOpen(true)}
        >
          <PinnedListIcon />
          <span className="hidden sm:inline" aria-hidden="true">
            {t('realtime.chat.pinnedMessages')}
          </span>
        </Button>
        {room && (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={room.pinned}
              disabled={update.isPending}
              onClick={() => toggle({ pinned: !room.pinned })}
              className={cn(room.pinned && 'text-primary-700')}
            >
              <PinIcon className={cn(room.pinned && 'fill-current')} />
              <span className="sr-only">{t(room.pinned ? 'realtime.chat.unpinRoom' : 'realtime.chat.pinRoom')}</span>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={room.muted}
              disabled={update.isPending}
              onClick={() => toggle({ muted: !room.muted })}
              className={cn(room.muted && 'text-primary-700')}
            >
              <MutedIcon />
              <span className="sr-only">{t(room.muted ? 'realtime.chat.unmuteRoom' : 'realtime.chat.muteRoom')}</span>
            </Button>
          </>
        )}
      </header>
      <ChatRoomPanel key={roomId} roomId={roomId} />
      <Dialog open={pinnedOpen} onOpenChange={setPinnedOpen} title={t('realtime.chat.pinnedMessages')}>
        {pinnedOpen && <PinnedMessages roomId={roomId} />}
      </Dialog>
    </section>
  );
}

function PinnedMessages({ roomId }: { roomId: number }) {
  const { t, format } = useI18n();
  const pinned = useQuery(chatPinnedQuery(api, roomId));
  if (pinned.isPending) return <Spinner className="mx-auto size-6 text-primary-600" />;
  const list = pinned.data?.list ?? [];
  if (list.length === 0) return <p className="text-muted">{t('realtime.chat.pinnedMessages.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {list.map((message) => (
        <li key={message.id} className="rounded-xl border border-line p-3">
          <p dir="auto" className="whitespace-pre-wrap break-words text-ink">
            {message.body}
          </p>
          <time dateTime={message.createdAt} className="text-xs text-muted">
            {format.dateTime(message.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
