import { errorCodeOf } from '@darsak/client';
import { piastresToDecimal } from '@darsak/domain/common';
import {
  canApplyInvoiceEvent,
  type Invoice,
  type InvoiceListQuery,
  InvoiceStatus,
  WithdrawMethod,
  withdrawDestination,
} from '@darsak/domain/invoices';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  downloadCsv,
  SelectField,
  type TableColumn,
  TextField,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table.tsx';
import { allInvoices, QUEUE_PAGE_SIZE, useInvoicesQueue, useQueueLive } from '../hooks/use-invoices-queue.ts';
import { DecisionDialog, FulfilDialog, isApproval, NoteDialog } from './invoice-dialogs.tsx';
import { ReceiptLink } from './receipt-link.tsx';

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  0: 'warning',
  1: 'info',
  2: 'neutral',
  3: 'success',
  4: 'error',
};

type Filters = { status: string; method: string; ownerId: string; from: string; to: string };
const NO_FILTERS: Filters = { status: '', method: '', ownerId: '', from: '', to: '' };

/** The list query of the filters the admin set (empty ones left out). */
function queryOf(filters: Filters): Omit<InvoiceListQuery, 'page' | 'size'> {
  return {
    ...(filters.status ? { status: Number(filters.status) as InvoiceStatus } : {}),
    ...(filters.method ? { method: Number(filters.method) as WithdrawMethod } : {}),
    ...(/^\d+$/.test(filters.ownerId) ? { ownerId: Number(filters.ownerId) } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** The decisions the machine allows from this request's state, each behind its confirmation. */
function Actions({ invoice }: { invoice: Invoice }) {
  const { t } = useI18n();
  const can = (event: Parameters<typeof canApplyInvoiceEvent>[1]) => canApplyInvoiceEvent(invoice.label, event);
  const named = (key: 'approveUpdate' | 'approveCancel' | 'adminCancel' | 'reject' | 'fulfil' | 'note') =>
    `${t(`invoices.admin.${key}`)}: ${invoice.id}`;
  return (
    <div className="flex flex-wrap gap-1 whitespace-nowrap">
      {can('fulfil') && (
        <FulfilDialog
          invoice={invoice}
          trigger={
            <Button size="sm" aria-label={named('fulfil')}>
              {t('invoices.admin.fulfil')}
            </Button>
          }
        />
      )}
      {(['approveUpdate', 'approveCancel', 'reject', 'adminCancel'] as const).filter(can).map((decision) => (
        <DecisionDialog
          key={decision}
          invoice={invoice}
          decision={decision}
          trigger={
            <Button size="sm" variant={isApproval(decision) ? 'primary' : 'secondary'} aria-label={named(decision)}>
              {t(`invoices.admin.${decision}`)}
            </Button>
          }
        />
      ))}
      <NoteDialog
        invoice={invoice}
        trigger={
          <Button size="sm" variant="ghost" aria-label={named('note')}>
            {t('invoices.admin.note')}
          </Button>
        }
      />
    </div>
  );
}

/** The withdrawal queue: filters, each request with its tutor's balance and actions, live, exportable. */
export function InvoicesQueue() {
  const { t, format, errorMessage } = useI18n();
  const { toast } = useToast();
  useQueueLive();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  const queue = useInvoicesQueue({ ...queryOf(filters), page, size: QUEUE_PAGE_SIZE });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters({ ...filters, [key]: event.target.value });
    setPage(1);
  };

  const columns: TableColumn<Invoice>[] = [
    { key: 'id', header: t('invoices.admin.id'), cell: (i) => format.number(i.id) },
    {
      key: 'tutor',
      header: t('invoices.admin.tutorColumn'),
      cell: (i) => (
        <span className="flex flex-col">
          <span className="font-semibold">{i.ownerName}</span>
          <span className="text-xs text-muted">#{format.number(i.ownerId)}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('invoices.admin.amount'),
      cell: (i) => (
        <span className="flex flex-col">
          <span>{format.piastres(i.amountPiastres)}</span>
          {i.pendingUpdate && i.pendingUpdate.amountPiastres !== i.amountPiastres && (
            <span className="text-xs font-semibold text-amber-800">
              {t('invoices.admin.proposed', { value: format.piastres(i.pendingUpdate.amountPiastres) })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'destination',
      header: t('invoices.admin.destination'),
      cell: (i) => (
        <span className="flex flex-col">
          <span>{t(`invoices.method.${i.method}`)}</span>
          <bdi dir="ltr" className="text-xs text-muted">
            {withdrawDestination(i)}
          </bdi>
          {i.pendingUpdate && withdrawDestination(i.pendingUpdate) !== withdrawDestination(i) && (
            <span className="text-xs font-semibold text-amber-800">
              {t('invoices.admin.proposed', {
                value: `${t(`invoices.method.${i.pendingUpdate.method}`)} — ${withdrawDestination(i.pendingUpdate)}`,
              })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('invoices.admin.status'),
      cell: (i) => (
        <span className="flex flex-col items-start gap-1 whitespace-nowrap">
          <Badge tone={STATUS_TONES[i.status]}>{t(`invoices.label.${i.label}`)}</Badge>
          {i.adminNote && <span className="text-xs text-muted">{i.adminNote}</span>}
          {i.receiptUrl && <ReceiptLink url={i.receiptUrl} />}
        </span>
      ),
    },
    { key: 'available', header: t('invoices.admin.available'), cell: (i) => format.piastres(i.ownerAvailablePiastres) },
    { key: 'createdAt', header: t('invoices.admin.createdAt'), cell: (i) => format.dateTime(i.createdAt) },
    { key: 'actions', header: t('invoices.admin.actions'), cell: (i) => <Actions invoice={i} /> },
  ];

  async function exportPeriod() {
    setExporting(true);
    try {
      const rows = await allInvoices(queryOf(filters));
      downloadCsv(`withdrawals-${filters.from || 'start'}-${filters.to || 'today'}.csv`, [
        [
          'id',
          'tutor_id',
          'tutor',
          'amount_egp',
          'method',
          'destination',
          'status',
          'label',
          'note',
          'created_at',
          'addressed_at',
        ],
        ...rows.map((i) => [
          i.id,
          i.ownerId,
          i.ownerName,
          piastresToDecimal(i.amountPiastres),
          i.method,
          withdrawDestination(i),
          i.status,
          i.label,
          i.adminNote,
          i.createdAt,
          i.addressedAt,
        ]),
      ]);
    } catch (error) {
      toast({ type: 'error', title: errorMessage(errorCodeOf(error)) });
    } finally {
      setExporting(false);
    }
  }

  const options = (values: readonly number[], label: (v: number) => string) => [
    { value: '', label: t('invoices.admin.all') },
    ...values.map((value) => ({ value: String(value), label: label(value) })),
  ];

  return (
    <Card
      title={t('invoices.admin.caption')}
      description={t('invoices.admin.live')}
      actions={
        <Button size="sm" variant="secondary" loading={exporting} onClick={() => void exportPeriod()}>
          {t('invoices.admin.export')}
        </Button>
      }
    >
      <fieldset className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-5">
        <legend className="sr-only">{t('invoices.admin.filters')}</legend>
        <SelectField
          label={t('invoices.admin.status')}
          value={filters.status}
          onChange={set('status')}
          options={options(Object.values(InvoiceStatus), (v) => t(`invoices.status.${v as InvoiceStatus}`))}
          placeholder={false}
        />
        <SelectField
          label={t('invoices.admin.method')}
          value={filters.method}
          onChange={set('method')}
          options={options(Object.values(WithdrawMethod), (v) => t(`invoices.method.${v as WithdrawMethod}`))}
          placeholder={false}
        />
        <TextField
          label={t('invoices.admin.tutor')}
          inputMode="numeric"
          dir="ltr"
          value={filters.ownerId}
          onChange={set('ownerId')}
        />
        <TextField label={t('invoices.admin.from')} type="date" value={filters.from} onChange={set('from')} />
        <TextField label={t('invoices.admin.to')} type="date" value={filters.to} onChange={set('to')} />
      </fieldset>
      <PagedTable
        query={queue}
        caption={t('invoices.admin.caption')}
        columns={columns}
        rowKey={(i) => i.id}
        empty={t('invoices.admin.empty')}
        loadError={t('invoices.loadError')}
        page={page}
        pageSize={QUEUE_PAGE_SIZE}
        onPage={setPage}
      />
    </Card>
  );
}
