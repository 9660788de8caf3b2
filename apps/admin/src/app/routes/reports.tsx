import { useT } from '@darsak/ui/i18n';
import { ReportsLive } from '../../features/reports/components/reports-live.tsx';
import { ReportsTable } from '../../features/reports/components/reports-table.tsx';

/** /reports: every problem report, found, filtered and exported, live as reports come in; each opens its page. */
export function ReportsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('reports.admin.nav')}</h1>
        <p className="text-muted">{t('reports.admin.subtitle')}</p>
      </div>
      <ReportsTable />
      <ReportsLive />
    </div>
  );
}
