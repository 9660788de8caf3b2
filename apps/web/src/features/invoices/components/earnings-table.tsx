import { MAX_PAGE_SIZE } from '@darsak/domain/common';
import type { Earning } from '@darsak/domain/invoices';
import { invoicesContract } from '@darsak/domain/invoices';
import {
  Alert,
  Button,
  Card,
  downloadCsv,
  PageSizeSelect,
  Spinner,
  Table,
  type TableColumn,
  TextField,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { useListPaging } from '../../../lib/page-size.ts';
import { useEarnings } from '../hooks/use-invoices.ts';

/** Every credit of the month (all pages), for the CSV download. */
async function allEarnings(month: string | undefined): Promise<Earning[]> {
  const rows: Earning[] = [];
  for (let page = 1; ; page++) {
    const query = { page, size: MAX_PAGE_SIZE, ...(month ? { month } : {}) };
    const { list, total } = await api.callRoute(invoicesContract.earnings, { query });
    rows.push(...list);
    if (rows.length >= total || list.length === 0) return rows;
  }
}

/** The lessons behind the balance: by month, a page at a time, downloadable as CSV. */
export function EarningsTable() {
  const { t, format } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [month, setMonth] = useState('');
  const { page, setPage, size, setSize } = useListPaging('earnings');
  const [downloading, setDownloading] = useState(false);
  const earnings = useEarnings(month || undefined, page, size);
  const pages = Math.max(1, Math.ceil((earnings.data?.total ?? 0) / size));

  const columns: TableColumn<Earning>[] = [
    {
      key: 'date',
      header: t('invoices.earnings.date'),
      cell: (row) => format.dateTime(row.startsAt ?? row.createdAt),
    },
    {
      key: 'student',
      header: t('invoices.earnings.student'),
      cell: (row) => row.studentName ?? t('invoices.earnings.adjustment'),
    },
    {
      key: 'length',
      header: t('invoices.earnings.length'),
      cell: (row) => (row.durationMinutes ? format.minutes(row.durationMinutes) : '—'),
    },
    { key: 'amount', header: t('invoices.earnings.amount'), cell: (row) => format.piastres(row.amountPiastres) },
  ];

  async function download() {
    setDownloading(true);
    try {
      const rows = await allEarnings(month || undefined);
      downloadCsv(`earnings-${month || 'all'}.csv`, [
        ['date', 'student', 'minutes', 'amount_egp', 'lesson_id'],
        ...rows.map((r) => [
          r.startsAt ?? r.createdAt,
          r.studentName ?? 'adjustment',
          r.durationMinutes,
          (r.amountPiastres / 100).toFixed(2),
          r.lessonId,
        ]),
      ]);
    } catch (error) {
      toast({ type: 'error', title: t('invoices.loadError'), description: errorText(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card
      title={t('invoices.earnings.title')}
      actions={
        <Button size="sm" variant="secondary" loading={downloading} onClick={() => void download()}>
          {t('invoices.earnings.csv')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <TextField
          type="month"
          label={t('invoices.earnings.month')}
          hint={month ? undefined : t('invoices.earnings.allMonths')}
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            setPage(1);
          }}
          className="max-w-xs"
        />
        {earnings.isPending ? (
          <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
        ) : earnings.isError ? (
          <Alert tone="error">{t('invoices.loadError')}</Alert>
        ) : (
          <Table
            caption={t('invoices.earnings.title')}
            columns={columns}
            rows={earnings.data.list}
            rowKey={(row) => row.id}
            empty={t('invoices.earnings.empty')}
          />
        )}
        {pages > 1 && (
          <nav className="flex items-center justify-between gap-2" aria-label={t('invoices.earnings.title')}>
            <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('invoices.earnings.previous')}
            </Button>
            <span className="text-sm text-muted">
              {t('invoices.earnings.page', { page: format.number(page), pages: format.number(pages) })}
            </span>
            <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('invoices.earnings.next')}
            </Button>
          </nav>
        )}
        {(earnings.data?.total ?? 0) > 0 && <PageSizeSelect value={size} onChange={setSize} />}
      </div>
    </Card>
  );
}
