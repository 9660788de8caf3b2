import type { ChatMessage } from '@darsak/domain/chat';
import { Button, ClockIcon, cn, Dialog, ErrorIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useId, useState } from 'react';
import type { PendingMessage } from '../hooks/pending-messages.ts';
import { MoreIcon, PinIcon, RetryIcon } from './chat-icons.tsx';

export interface MessageActions {
  onEdit(message: ChatMessage): void;
  onDelete(messageId: number): Promise<boolean>;
  onPin(messageId: number, pinned: boolean): Promise<boolean>;
}

/** One stored message: own messages sit at the inline start (right in Arabic), the other side's at the end. */
export function MessageBubble({
  message,
  own,
  senderName,
  actions,
}: {
  message: ChatMessage;
  own: boolean;
  senderName: string;
  actions: MessageActions;
}) {
  const { t, format } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const deleted = message.deletedAt !== null;

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await action();
    setBusy(false);
    if (ok) setMenuOpen(false);
    return ok;
  };

  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-start' : 'items-end')} data-message-id={message.id}>
      <div className={cn('flex max-w-[85%] items-end gap-1 sm:max-w-[75%]', own ? 'flex-row' : 'flex-row-reverse')}>
        <div
          className={cn(
            'min-w-0 rounded-2xl px-3.5 py-2 text-[0.95rem] leading-relaxed shadow-sm',
            own ? 'rounded-ss-md bg-primary-600 text-white' : 'rounded-se-md border border-line bg-surface text-ink',
            deleted && 'border border-dashed border-line bg-transparent text-muted shadow-none',
          )}
        >
          <span className="sr-only">{own ? t('realtime.session.you') : senderName}: </span>
          {deleted ? (
            <p className="italic">{t('realtime.chat.deletedMessage')}</p>
          ) : (
            <p dir="auto" className="whitespace-pre-wrap break-words">
              {message.body}
            </p>
          )}
          <p className={cn('mt-1 flex items-center gap-1.5 text-xs', own && !deleted ? 'text-white' : 'text-muted')}>
            {message.pinned && (
              <span className="inline-flex items-center gap-0.5">
                <PinIcon width={12} height={12} />
                {t('realtime.chat.pinnedMark')}
              </span>
            )}
            {message.editedAt && !deleted && <span>{t('realtime.chat.edited')}</span>}
            <time dateTime={message.createdAt}>{format.time(message.createdAt)}</time>
          </p>
        </div>
        {!deleted && (
          <button
            type="button"
            className="flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-primary-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-600"
            aria-label={t('realtime.chat.actions')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MoreIcon />
          </button>
        )}
      </div>
      {menuOpen && !deleted && (
        // biome-ignore lint/a11y/useSemanticElements: a small row of buttons, grouped for assistive technology
        <div id={menuId} role="group" aria-label={t('realtime.chat.actions')} className="flex flex-wrap gap-1">
          {own && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setMenuOpen(false);
                actions.onEdit(message);
              }}
            >
              {t('realtime.chat.edit')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => void run(() => actions.onPin(message.id, !message.pinned))}
          >
            {t(message.pinned ? 'realtime.chat.unpin' : 'realtime.chat.pin')}
          </Button>
          {own && (
            <Button size="sm" variant="secondary" className="text-red-700" onClick={() => setConfirmDelete(true)}>
              {t('realtime.chat.delete')}
            </Button>
          )}
        </div>
      )}
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        size="sm"
        title={t('realtime.chat.deleteTitle')}
        description={t('realtime.chat.deleteBody')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={async () => {
              if (await run(() => actions.onDelete(message.id))) setConfirmDelete(false);
            }}
          >
            {t('realtime.chat.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

/** A message still on its way: "sending" until the server has it, then "retry" if it failed. */
export function PendingBubble({ message, onRetry }: { message: PendingMessage; onRetry(id: string): void }) {
  const { t, errorMessage } = useI18n();
  const failed = message.status === 'failed';
  return (
    <li className="flex flex-col items-start gap-1" data-pending={message.status}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl rounded-ss-md px-3.5 py-2 text-[0.95rem] leading-relaxed sm:max-w-[75%]',
          failed ? 'border border-red-300 bg-red-50 text-red-950' : 'bg-primary-600/70 text-white',
        )}
      >
        <p dir="auto" className="whitespace-pre-wrap break-words">
          {message.body}
        </p>
        <p className={cn('mt-1 flex items-center gap-1 text-xs', failed ? 'text-red-800' : 'text-white/90')}>
          {failed ? <ErrorIcon width={14} height={14} /> : <ClockIcon width={14} height={14} />}
          <span role={failed ? 'alert' : undefined}>
            {failed
              ? `${t('realtime.chat.failed')}${message.errorCode && message.errorCode !== 'network-error' && message.errorCode !== 'timeout-exceeded' ? ` ${errorMessage(message.errorCode)}` : ''}`
              : t('realtime.chat.sending')}
          </span>
        </p>
      </div>
      {failed && (
        <Button size="sm" variant="secondary" onClick={() => onRetry(message.clientMessageId)}>
          <RetryIcon />
          {t('realtime.chat.retry')}
        </Button>
      )}
    </li>
  );
}
