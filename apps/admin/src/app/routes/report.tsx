import { useI18n } from '@darsak/ui/i18n';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page.tsx';
import { paths } from '../../config/paths.ts';
import {
  ReportDetails,
  ReportLog,
  ReportScreenshot,
  ReportStatusForm,
} from '../../features/reports/components/report-record.tsx';
import { useReport } from '../../features/reports/hooks/use-reports.ts';

/** /report/{id}: what the reporter wrote, their screenshot and log, and the admin's status change. */
export function ReportPage() {
  const { t, format } = useI18n();
  const id = Number(useParams().id);
  return (
    <RecordPage
      query={useReport(id)}
      back={{ href: paths.reports.href(), label: t('reports.detail.back') }}
      title={t('reports.detail.title', { id: format.number(id) })}
      notFound="report-not-found"
      loadError={t('reports.detail.loadError')}
    >
      {(report) => (
        <>
          <ReportDetails report={report} />
          <ReportStatusForm key={report.updatedAt} report={report} />
          <ReportScreenshot url={report.screenshotUrl} />
          <ReportLog url={report.logUrl} reportId={report.id} />
        </>
      )}
    </RecordPage>
  );
}
