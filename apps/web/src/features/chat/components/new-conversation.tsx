import { chatKeys, errorCodeOf, isApiError } from '@darsak/client';
import { chatContract } from '@darsak/domain/chat';
import { tutorsContract } from '@darsak/domain/tutors';
import { Alert, Avatar, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useStartConversation } from '../hooks/use-chat-actions.ts';
import { newClientMessageId } from '../utils/messages.ts';
import { BackIcon } from './chat-icons.tsx';
import { Composer } from './composer.tsx';

/**
 * /chat?with=<userId>: opens the conversation with that user when there is one, else a new conversation whose
 * first message creates it (POST /chat/new).
 */
export function NewConversation({
  userId,
  withUserId,
  onRoom,
  backHref,
}: {
  userId: number;
  withUserId: number;
  onRoom: (roomId: number) => void;
  backHref: string;
}) {
  const { t, errorMessage } = useI18n();
  const existing = useQuery({
    queryKey: [...chatKeys.all, 'with', userId, withUserId],
    queryFn: ({ signal }) =>
      api.callRoute(chatContract.roomByMembers, { query: { members: `${userId},${withUserId}` }, signal }),
    retry: false,
    enabled: userId !== withUserId,
  });
  // The name to greet: tutors have a public profile; anyone else stays "a user".
  const tutor = useQuery({
    queryKey: ['tutors', 'info', withUserId],
    queryFn: ({ signal }) => api.callRoute(tutorsContract.info, { params: { id: withUserId }, signal }),
    retry: false,
  });
  const start = useStartConversation();

  const existingId = existing.data?.id;
  useEffect(() => {
    if (existingId) onRoom(existingId);
  }, [existingId, onRoom]);

  if (userId !== withUserId && (existing.isPending || existing.data)) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-6 text-primary-600" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  const lookupFailed = existing.isError && !isApiError(existing.error, 'room-not-found');
  const name = tutor.data?.name;
  const startError = start.error ? errorCodeOf(start.error) : undefined;

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby="new-conversation-title">
      <header className="flex items-center gap-2 border-b border-line px-2 py-2 sm:px-3">
        <Link
          to={backHref}
          className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-primary-50 md:hidden"
          aria-label={t('realtime.chat.back')}
        >
          <BackIcon width={20} height={20} />
        </Link>
        {name && <Avatar name={name} src={tutor.data?.image} size="sm" decorative />}
        <h2 id="new-conversation-title" className="min-w-0 flex-1 truncate text-lg font-bold text-ink">
          {name ? t('realtime.chat.new.title', { name }) : t('realtime.chat.new.titleUnknown')}
        </h2>
      </header>
      <div className="flex flex-1 flex-col justify-end gap-3 p-4">
        {userId === withUserId || lookupFailed ? (
          <Alert tone="error" title={errorMessage(userId === withUserId ? 'illegal' : errorCodeOf(existing.error))} />
        ) : (
          <p className="text-center text-muted">{t('realtime.chat.new.body')}</p>
        )}
        {startError && (
          <Alert
            tone="error"
            title={startError === 'forbidden' ? t('realtime.chat.new.forbidden') : errorMessage(startError)}
          />
        )}
      </div>
      <Composer
        autoFocus
        busy={start.isPending}
        disabled={userId === withUserId || lookupFailed}
        onSend={async (message) => {
          try {
            const { room } = await start.mutateAsync({
              userId: withUserId,
              message,
              clientMessageId: newClientMessageId(),
            });
            onRoom(room.id);
            return true;
          } catch {
            return false; // shown above from the mutation's error
          }
        }}
      />
    </section>
  );
}
