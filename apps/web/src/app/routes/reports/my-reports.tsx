import { registerMessages, useT } from '@darsak/ui/i18n';
import { reportsMessages } from '@darsak/ui/i18n/features/reports.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { MyReports } from '../../../features/reports/components/my-reports.tsx';

// This page's catalogue rides in its chunk; the router awaits its other languages (app/messages.ts).
void registerMessages(reportsMessages);

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
