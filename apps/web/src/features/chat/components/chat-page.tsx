import { ChatIcon, cn, EmptyState } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isTutorLike } from '../../../lib/roles.ts';
import { NewConversation } from './new-conversation.tsx';
import { RoomList } from './room-list.tsx';
import { RoomView } from './room-view.tsx';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /chat: the room list beside the open room (≥768 px); on phones the list, then the room with a way back.
 * `?room=<id>` opens a room, `?with=<userId>` the conversation with someone (started by the first message).
 */
export function ChatPage() {
  const t = useT();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const roomId = idParam(params.get('room'));
  const withUserId = roomId ? null : idParam(params.get('with'));
  const openRoom = useCallback((id: number) => setParams({ room: String(id) }, { replace: true }), [setParams]);
  if (!user) return null;
  const showingRoom = roomId !== null || withUserId !== null;

  return (
    <div
      className={cn(
        '-mx-4 -my-6 flex h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden bg-surface',
        'sm:mx-0 sm:my-0 sm:h-[calc(100dvh-7rem)] sm:rounded-2xl sm:border sm:border-line lg:h-[calc(100dvh-8rem)]',
      )}
    >
      <h1 className="sr-only">{t('realtime.chat.title')}</h1>
      {/* Named, so it is told apart from the side navigation's landmark. */}
      <aside
        aria-label={t('realtime.chat.rooms')}
        className={cn(
          'min-h-0 w-full flex-col border-line md:flex md:w-80 md:shrink-0 md:border-e lg:w-96',
          showingRoom ? 'hidden' : 'flex',
        )}
      >
        <p className="px-4 pt-4 text-xl font-bold text-ink" aria-hidden="true">
          {t('realtime.chat.title')}
        </p>
        <RoomList
          userId={user.id}
          tutor={isTutorLike(user.role)}
          selectedRoomId={roomId}
          hrefOf={(id) => `?room=${id}`}
        />
      </aside>
      <div className={cn('min-h-0 min-w-0 flex-1 flex-col', showingRoom ? 'flex' : 'hidden md:flex')}>
        {roomId !== null ? (
          <RoomView key={roomId} roomId={roomId} userId={user.id} backHref="?" />
        ) : withUserId !== null ? (
          <NewConversation userId={user.id} withUserId={withUserId} onRoom={openRoom} backHref="?" />
        ) : (
          <EmptyState
            className="m-6 flex-1 justify-center"
            icon={<ChatIcon />}
            title={t('realtime.chat.pickRoom.title')}
            description={t('realtime.chat.pickRoom.body')}
          />
        )}
      </div>
    </div>
  );
}
