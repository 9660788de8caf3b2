import type { Report } from '@darsak/domain/reports';
import { Alert, Badge, Button, Card, PageSizeSelect, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useListPaging } from '../../../lib/page-size.ts';
import { useMyReports } from '../hooks/use-my-reports.ts';

const TONES = { open: 'warning', in_progress: 'info', resolved: 'success' } as const;

function ReportItem({ report }: { report: Report }) {
  const { t, format } = useI18n();
  return (
    <li className="flex flex-col gap-1 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-ink">{report.title}</span>
        <Badge tone={TONES[report.status]}>{t(`reports.status.${report.status}`)}</Badge>
      </div>
      <p className="text-sm text-muted">
        {t('reports.mine.sentAt', { id: format.number(report.id), date: format.dateTime(report.createdAt) })}
      </p>
      <p className="whitespace-pre-wrap text-sm">{report.description}</p>
      {report.note && <p className="text-sm font-medium text-ink">{t('reports.mine.note', { note: report.note })}</p>}
    </li>
  );
}

/** The problems the user reported and where each stands, with the team's note once resolved. */
export function MyReports() {
  const { t, format } = useI18n();
  const { page, setPage, size, setSize } = useListPaging('reports');
  const reports = useMyReports(page, size);
  const total = reports.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <Card>
      {reports.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : reports.isError ? (
        <Alert tone="error">{t('reports.mine.loadError')}</Alert>
      ) : reports.data.list.length === 0 ? (
        <p className="text-sm text-muted">{t('reports.mine.empty')}</p>
      ) : (
        <ul aria-label={t('reports.mine.title')} className="flex flex-col divide-y divide-line">
          {reports.data.list.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center justify-between gap-2 pt-3" aria-label={t('reports.mine.pages')}>
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('reports.mine.previous')}
          </Button>
          <span className="text-sm text-muted">
            {t('reports.mine.page', { page: format.number(page), pages: format.number(pages) })}
          </span>
          <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('reports.mine.next')}
          </Button>
        </nav>
      )}
      {total > 0 && <PageSizeSelect className="pt-3" value={size} onChange={setSize} />}
    </Card>
  );
}
