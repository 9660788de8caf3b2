import { REPORT_STATUSES, type Report } from '@darsak/domain/reports';
import { Card, SelectField, type TableColumn, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import { fetchReportsPage, type ReportFilter, useReports } from '../hooks/use-reports.ts';
import { ReportStatusBadge } from './report-status.tsx';

/**
 * Problem reports, newest first: found by title or reporter, filtered by status (and by person, from /user/{id}),
 * exported as CSV. `reporterId` fixes the list to one person and leaves out the search and reporter column.
 */
export function ReportsTable({ reporterId }: { reporterId?: number }) {
  const { t, format } = useI18n();
  const paging = usePaging(reporterId === undefined ? 'reports' : 'user-reports');
  const search = useTableSearch(paging);
  const [status, setStatus] = useState('');
  const filter = {
    q: search.q,
    status: (status || undefined) as ReportFilter['status'],
    reporterId,
  } satisfies ReportFilter;
  const reports = useReports(filter, paging.page, paging.size);
  const reporterName = (r: Report) => r.reporterName ?? t('reports.admin.deletedUser');
  const title = t(reporterId === undefined ? 'reports.admin.list' : 'reports.user.title');

  const columns: TableColumn<Report>[] = [
    {
      key: 'id',
      header: '#',
      cell: (r) => (
        <Link className="font-semibold text-primary-700 underline" to={paths.report.href(r.id)}>
          {format.number(r.id)}
        </Link>
      ),
    },
    { key: 'title', header: t('reports.admin.title'), cell: (r) => r.title },
    ...(reporterId === undefined
      ? [
          {
            key: 'reporter',
            header: t('reports.admin.reporter'),
            cell: (r: Report) =>
              r.reporterId === null ? (
                reporterName(r)
              ) : (
                <Link className="text-primary-700 underline" to={paths.user.href(r.reporterId)}>
                  {reporterName(r)}
                </Link>
              ),
          },
        ]
      : []),
    { key: 'status', header: t('reports.admin.status'), cell: (r) => <ReportStatusBadge status={r.status} /> },
    {
      key: 'files',
      header: t('reports.admin.attachments'),
      cell: (r) =>
        [r.screenshotUrl && t('reports.admin.hasScreenshot'), r.logUrl && t('reports.admin.hasLog')]
          .filter(Boolean)
          .join('، ') || '—',
    },
    { key: 'created', header: t('reports.admin.createdAt'), cell: (r) => format.dateTime(r.createdAt) },
  ];

  return (
    <Card
      title={title}
      actions={
        <CsvExportButton
          fileName="reports"
          fetchPage={(page, size) => fetchReportsPage(filter, page, size)}
          columns={[
            { header: '#', value: (r: Report) => r.id },
            { header: t('reports.admin.title'), value: (r) => r.title },
            { header: t('reports.admin.reporter'), value: reporterName },
            { header: t('reports.admin.status'), value: (r) => t(`reports.status.${r.status}`) },
            { header: t('reports.detail.page'), value: (r) => r.page },
            { header: t('reports.admin.createdAt'), value: (r) => r.createdAt },
            { header: t('reports.detail.resolvedAt'), value: (r) => r.resolvedAt },
            { header: t('reports.detail.note'), value: (r) => r.note },
          ]}
        />
      }
    >
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
        {reporterId === undefined && (
          <TextField label={t('reports.admin.search')} hint={t('reports.admin.searchHint')} {...search.field} />
        )}
        <SelectField
          label={t('reports.admin.status')}
          placeholder={false}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            paging.setPage(1);
          }}
          options={[
            { value: '', label: t('reports.admin.all') },
            ...REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.status.${s}`) })),
          ]}
        />
      </div>
      <PagedTable
        query={reports}
        caption={title}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t(reporterId === undefined ? 'reports.admin.empty' : 'reports.user.empty')}
        loadError={t('reports.admin.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
