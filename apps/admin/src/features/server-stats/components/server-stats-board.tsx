import { SERVER_STATS_HISTORY_SECONDS } from '@darsak/domain/server-stats';
import { Alert, Button, cn, EmptyState, LoadingAnimation } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { useServerStats } from '../hooks/use-server-stats.ts';
import { isStale, newestTime } from '../samples.ts';
import { InstanceCard } from './instance-card.tsx';

/** Whether the page receives samples as they happen. */
export function LiveIndicator({ live }: { live: boolean }) {
  const { t } = useI18n();
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-semibold">
      <span
        aria-hidden="true"
        className={cn('size-2.5 rounded-full', live ? 'bg-emerald-500' : 'animate-pulse bg-amber-500')}
      />
      {live ? t('serverStats.live') : t('serverStats.reconnecting')}
    </p>
  );
}

/** Every instance's card, live; loading, error and empty states. */
export function ServerStatsBoard() {
  const { t } = useI18n();
  const { byInstance, isLoading, error, retry, live } = useServerStats();
  const instances = Object.entries(byInstance).sort(([a], [b]) => a.localeCompare(b));
  const newest = newestTime(byInstance);
  const span = [newest - SERVER_STATS_HISTORY_SECONDS * 1000, newest] as const;

  let body: ReactNode;
  if (instances.length > 0) {
    body = instances.map(([id, samples]) => (
      <InstanceCard key={id} samples={samples} span={span} stale={isStale(samples, newest)} />
    ));
  } else if (isLoading) {
    body = <LoadingAnimation label={t('common.loading')} />;
  } else if (error) {
    body = (
      <Alert
        tone="error"
        title={t('serverStats.loadError')}
        action={
          <Button size="sm" variant="secondary" onClick={retry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    body = <EmptyState title={t('serverStats.empty.title')} description={t('serverStats.empty.body')} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <LiveIndicator live={live} />
      {body}
    </div>
  );
}
