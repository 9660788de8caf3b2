import { type ChatMessage, MESSAGE_MAX_LENGTH } from '@darsak/domain/chat';
import { Button, CloseIcon, cn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { SendIcon } from './chat-icons.tsx';

/** A typing mark is repeated at most this often while the user keeps typing … */
const TYPING_REPEAT_MS = 2000;
/** … and cleared after this long without a key. */
const TYPING_IDLE_MS = 3000;

export interface ComposerProps {
  /** Resolves false when the message could not be taken (the text then stays in the box). */
  onSend(body: string): unknown;
  /** Tells the other members that the user is (no longer) typing. */
  onTyping?(typing: boolean): void;
  editing?: ChatMessage | null;
  onSaveEdit?(messageId: number, body: string): Promise<boolean>;
  onCancelEdit?(): void;
  disabled?: boolean;
  /** Keeps the composer busy (the first message of a new conversation waits for its answer). */
  busy?: boolean;
  autoFocus?: boolean;
}

/** The message box: Enter sends, Shift+Enter adds a line; it also edits one of the user's messages. */
export function Composer({
  onSend,
  onTyping,
  editing,
  onSaveEdit,
  onCancelEdit,
  disabled,
  busy,
  autoFocus,
}: ComposerProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const typing = useRef({ sentAt: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });
  const tooLong = text.trim().length > MESSAGE_MAX_LENGTH;

  useEffect(() => {
    if (editing) {
      setText(editing.body);
      input.current?.focus();
    }
  }, [editing]);

  const stopTyping = () => {
    clearTimeout(typing.current.idle);
    if (typing.current.sentAt !== 0) onTyping?.(false);
    typing.current.sentAt = 0;
  };
  // Leaving the room clears the mark.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on unmount only
  useEffect(() => stopTyping, []);

  const noteTyping = () => {
    if (!onTyping || editing) return;
    const now = Date.now();
    if (now - typing.current.sentAt > TYPING_REPEAT_MS) {
      typing.current.sentAt = now;
      onTyping(true);
    }
    clearTimeout(typing.current.idle);
    typing.current.idle = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || tooLong || disabled || busy || saving) return;
    if (editing) {
      if (body === editing.body) return onCancelEdit?.();
      setSaving(true);
      const ok = (await onSaveEdit?.(editing.id, body)) ?? false;
      setSaving(false);
      if (ok) {
        setText('');
        onCancelEdit?.();
      }
      return;
    }
    stopTyping();
    setText('');
    if ((await onSend(body)) === false) setText(body);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      setText('');
      onCancelEdit?.();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-line bg-surface p-2 sm:p-3">
      {editing && (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-lg bg-primary-50 px-3 py-1.5 text-sm text-primary-900">
          <span className="truncate">
            <span className="font-semibold">{t('realtime.chat.editing')}: </span>
            {editing.body}
          </span>
          <button
            type="button"
            className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-primary-100"
            aria-label={t('realtime.chat.cancelEdit')}
            onClick={() => {
              setText('');
              onCancelEdit?.();
            }}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {t('realtime.chat.composer')}
        </label>
        <textarea
          id={id}
          ref={input}
          dir="auto"
          rows={1}
          value={text}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: opening a conversation is asking to write in it
          autoFocus={autoFocus}
          placeholder={t('realtime.chat.composer')}
          aria-describedby={`${id}-hint${tooLong ? ` ${id}-error` : ''}`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            noteTyping();
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'max-h-36 min-h-11 flex-1 resize-none rounded-xl border bg-surface px-3 py-2.5 text-base leading-snug text-ink',
            'focus:outline-2 focus:outline-primary-600 disabled:opacity-60 [field-sizing:content]',
            tooLong ? 'border-red-500' : 'border-line',
          )}
        />
        <Button
          type="submit"
          className="size-11 shrink-0 px-0"
          loading={saving || busy}
          disabled={!text.trim() || tooLong || disabled}
          aria-label={editing ? t('realtime.chat.saveEdit') : t('realtime.chat.send')}
        >
          {!(saving || busy) && <SendIcon width={20} height={20} />}
        </Button>
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {t('realtime.chat.composerHint')}
      </p>
      {tooLong && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t('realtime.chat.tooLong', { count: MESSAGE_MAX_LENGTH })}
        </p>
      )}
    </form>
  );
}
