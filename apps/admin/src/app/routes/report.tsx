import { errorCodeOf } from '@darsak/client';
import { buttonClasses, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
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
  const { t, format, errorMessage } = useI18n();
  const id = Number(useParams().id);
  const report = useReport(id);
  const back = (
    <Link to={paths.reports.href()} className="text-sm text-primary-700 underline">
      {t('reports.detail.back')}
    </Link>
  );
  if (report.isPending) return <Spinner className="size-8 text-primary-600" label={t('common.loading')} />;
  if (report.isError) {
    const code = errorCodeOf(report.error);
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {code === 'report-not-found' ? errorMessage(code) : t('reports.detail.loadError')}
        </p>
        {code !== 'report-not-found' && (
          <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={() => report.refetch()}>
            {t('common.retry')}
          </button>
        )}
        {back}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        {back}
        <h1 className="text-2xl font-bold sm:text-3xl">{t('reports.detail.title', { id: format.number(id) })}</h1>
      </div>
      <ReportDetails report={report.data} />
      <ReportStatusForm key={report.data.updatedAt} report={report.data} />
      <ReportScreenshot url={report.data.screenshotUrl} />
      <ReportLog url={report.data.logUrl} reportId={report.data.id} />
    </div>
  );
}
