import { useT } from '@darsak/ui/i18n';
import { ServerStatsBoard } from '../../features/server-stats/components/server-stats-board.tsx';

/** /server-stats: each server instance's figures of the last 10 minutes, live. */
export function ServerStatsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.serverStats')}</h1>
        <p className="text-muted">{t('serverStats.subtitle')}</p>
      </div>
      <ServerStatsBoard />
    </div>
  );
}
