import { useT } from '@darsak/ui/i18n';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { MyReports } from '../../../features/reports/components/my-reports.tsx';

/** /reports: the problems the user reported (DESIGN §4: the reporter reads their reports). */
export function MyReportsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('reports.mine.title')} subtitle={t('reports.mine.subtitle')} />
      <MyReports />
    </div>
  );
}
