import { Alert, Button, ConfirmDialog, Spinner, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useCallback } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useTelegramLink } from '../hooks/use-telegram-link.ts';

/**
 * Opens the bot's deep link in a new tab. The tab is opened before the link exists (still inside the click, so
 * popup blockers let it through) and sent to the link once it arrives; without it, the page offers the link.
 */
function openInNewTab(getUrl: () => Promise<string>): void {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  getUrl().then(
    (url) => {
      if (tab) tab.location.href = url;
    },
    () => tab?.close(),
  );
}

/** Linking the user's Telegram chat (when Telegram is the notification method): link, wait for START, unlink. */
export function TelegramLinkPanel() {
  const { t, format } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const onLinked = useCallback(() => toast({ type: 'success', title: t('telegram.linkedNow') }), [toast, t]);
  const { status, create, unlink, pending, waiting, expired } = useTelegramLink({ onLinked });

  const startLinking = () => openInNewTab(async () => (await create.mutateAsync()).url);

  if (status.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {t('telegram.loading')}
      </p>
    );
  }
  if (status.isError) {
    return (
      <Alert
        tone="error"
        title={t('telegram.loadError')}
        action={
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorText(status.error)}
      </Alert>
    );
  }

  const mutationError = create.error ?? unlink.error;
  return (
    <section aria-labelledby="telegram-link-title" className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id="telegram-link-title" className="font-semibold">
        {t('telegram.title')}
      </h3>
      {mutationError && <Alert tone="error">{errorText(mutationError)}</Alert>}
      {status.data.linked ? (
        <>
          <Alert tone="success">
            {status.data.linkedAt
              ? t('telegram.linkedSince', { date: format.dateTime(status.data.linkedAt) })
              : t('telegram.linked')}
          </Alert>
          <div>
            <ConfirmDialog
              trigger={<Button variant="secondary">{t('telegram.unlink')}</Button>}
              title={t('telegram.unlinkTitle')}
              description={t('telegram.unlinkBody')}
              confirm={t('telegram.unlinkConfirm')}
              busy={unlink.isPending}
              onConfirm={() =>
                unlink.mutateAsync().then(() => toast({ type: 'success', title: t('telegram.unlinked') }))
              }
            />
          </div>
        </>
      ) : waiting && pending ? (
        <Alert
          tone="info"
          title={
            <span className="flex items-center gap-2">
              <Spinner className="size-4 shrink-0" />
              {t('telegram.waiting')}
            </span>
          }
        >
          <p>{t('telegram.waitingHint', { time: format.time(pending.expiresAt) })}</p>
          <a href={pending.url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
            {t('telegram.openLink')}
          </a>
        </Alert>
      ) : (
        <>
          {expired ? (
            <Alert tone="warning">{t('telegram.expired')}</Alert>
          ) : (
            <p className="text-sm text-slate-600">{t('telegram.notLinked')}</p>
          )}
          <div>
            <Button onClick={startLinking} loading={create.isPending}>
              {expired ? t('telegram.retry') : t('telegram.link')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
