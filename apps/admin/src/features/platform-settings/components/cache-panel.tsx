import { errorCodeOf } from '@darsak/client';
import { PLATFORM_CACHES } from '@darsak/domain/cache';
import { Button, Card, ConfirmDialog, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useFlushCache } from '../hooks/use-platform-settings.ts';

/** The server's caches (spec §7 CACHE), and a confirmed flush of all of them on every instance. */
export function CachePanel() {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const flush = useFlushCache();
  const run = async () => {
    try {
      await flush.mutateAsync();
      toast({ type: 'success', title: t('platform.cache.flushed') });
    } catch (error) {
      toast({ type: 'error', title: errorMessage(errorCodeOf(error)) });
    }
  };
  return (
    <Card
      title={t('platform.cache.title')}
      description={t('platform.cache.description')}
      actions={
        <ConfirmDialog
          trigger={<Button variant="danger">{t('platform.cache.flush')}</Button>}
          title={t('platform.cache.confirmTitle')}
          description={t('platform.cache.confirmDescription')}
          confirm={t('platform.cache.flush')}
          busy={flush.isPending}
          onConfirm={run}
        />
      }
    >
      <ul className="grid gap-3 sm:grid-cols-3">
        {PLATFORM_CACHES.map((name) => (
          <li key={name} className="rounded-xl border border-line px-4 py-3">
            <p className="font-semibold">{t(`platform.cache.${name}` as MessageKey)}</p>
            <p className="text-sm text-muted">{t(`platform.cache.${name}.hint` as MessageKey)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
