import {
  type Balance,
  expectedPayoutWindow,
  type Invoice,
  type InvoiceLabel,
  InvoiceStatus,
  type WithdrawMethodItem,
  withdrawDestination,
} from '@darsak/domain/invoices';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  PageSizeSelect,
  Spinner,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useErrorText } from '../../../lib/forms.ts';
import { useListPaging } from '../../../lib/page-size.ts';
import { useCancelWithdrawal, useMyRequests } from '../hooks/use-invoices.ts';
import { ReceiptImage } from './receipt-image.tsx';
import { WithdrawalDialog } from './withdrawal-dialog.tsx';

export const LABEL_TONES: Record<InvoiceLabel, BadgeTone> = {
  pending: 'warning',
  'updated-by-receiver': 'warning',
  'canceled-by-receiver': 'info',
  'cancellation-approved-by-admin': 'neutral',
  'canceled-by-admin': 'neutral',
  fulfilled: 'success',
  rejected: 'error',
};

/** Asks before sending a cancellation request (it waits for staff to approve). */
function CancelRequest({ invoice }: { invoice: Invoice }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const cancel = useCancelWithdrawal();
  return (
    <ConfirmDialog
      title={t('invoices.requests.cancelTitle')}
      description={t('invoices.requests.cancelBody')}
      confirm={t('invoices.requests.cancelConfirm')}
      cancel={t('invoices.requests.keep')}
      busy={cancel.isPending}
      trigger={
        <Button size="sm" variant="ghost">
          {t('invoices.requests.cancel')}
        </Button>
      }
      onConfirm={() =>
        cancel.mutateAsync(invoice.id).then(
          () => toast({ type: 'success', title: t('invoices.requests.cancelAsked') }),
          (error: unknown) => toast({ type: 'error', title: errorText(error) }),
        )
      }
    />
  );
}

interface RequestItemProps {
  invoice: Invoice;
  methods: WithdrawMethodItem[];
  limits: Balance['limits'];
}

function RequestItem({ invoice, methods, limits }: RequestItemProps) {
  const { t, format } = useI18n();
  const pending = invoice.status === InvoiceStatus.pendingApproval;
  const expected = expectedPayoutWindow(new Date(invoice.createdAt));
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold text-ink">{format.piastres(invoice.amountPiastres)}</span>
          <Badge tone={LABEL_TONES[invoice.label]}>{t(`invoices.label.${invoice.label}`)}</Badge>
        </div>
        <p className="text-sm text-muted">
          {t(`invoices.method.${invoice.method}`)} · <span dir="ltr">{withdrawDestination(invoice)}</span>
          {' · '}
          {t('invoices.requests.createdAt', { date: format.dateTime(invoice.createdAt) })}
        </p>
        {invoice.status <= InvoiceStatus.pendingCancellation && (
          <p className="text-sm text-muted">
            {t('invoices.requests.expected', {
              from: format.date(`${expected.from}T12:00:00Z`, { dateStyle: 'medium' }),
              to: format.date(`${expected.to}T12:00:00Z`, { dateStyle: 'medium' }),
            })}
          </p>
        )}
        {invoice.pendingUpdate && (
          <p className="text-sm font-semibold text-amber-800">
            {t('invoices.requests.awaitingApproval', {
              amount: format.piastres(invoice.pendingUpdate.amountPiastres),
              method: t(`invoices.method.${invoice.pendingUpdate.method}`),
              destination: withdrawDestination(invoice.pendingUpdate),
            })}
          </p>
        )}
        {invoice.adminNote && (
          <p className="text-sm text-ink">{t('invoices.requests.note', { note: invoice.adminNote })}</p>
        )}
        {invoice.receiptUrl && <ReceiptImage url={invoice.receiptUrl} invoiceId={invoice.id} />}
      </div>
      {pending && (
        <div className="flex gap-1">
          <WithdrawalDialog
            methods={methods}
            availablePiastres={invoice.ownerAvailablePiastres}
            limits={limits}
            invoice={invoice}
            trigger={
              <Button size="sm" variant="secondary">
                {t('invoices.requests.edit')}
              </Button>
            }
          />
          <CancelRequest invoice={invoice} />
        </div>
      )}
    </li>
  );
}

/** The tutor's withdrawal requests, newest first, with what happened to each. */
export function WithdrawalRequests({
  methods,
  availablePiastres,
  limits,
}: {
  methods: WithdrawMethodItem[];
  availablePiastres: number;
  limits: Balance['limits'];
}) {
  const { t, format } = useI18n();
  const { page, setPage, size, setSize } = useListPaging('withdrawals');
  const requests = useMyRequests(page, size);
  const pages = Math.max(1, Math.ceil((requests.data?.total ?? 0) / size));
  return (
    <Card
      title={t('invoices.requests.title')}
      actions={
        methods.length > 0 ? (
          <WithdrawalDialog
            methods={methods}
            availablePiastres={availablePiastres}
            limits={limits}
            trigger={<Button size="sm">{t('invoices.requests.new')}</Button>}
          />
        ) : (
          <span className="text-sm text-muted">{t('invoices.requests.needMethod')}</span>
        )
      }
    >
      {requests.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : requests.isError ? (
        <Alert tone="error">{t('invoices.loadError')}</Alert>
      ) : requests.data.list.length === 0 ? (
        <p className="text-sm text-muted">{t('invoices.requests.empty')}</p>
      ) : (
        <ul aria-label={t('invoices.requests.title')} className="flex flex-col divide-y divide-line">
          {requests.data.list.map((invoice) => (
            <RequestItem key={invoice.id} invoice={invoice} methods={methods} limits={limits} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center justify-between gap-2 pt-3" aria-label={t('invoices.requests.title')}>
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
      {(requests.data?.total ?? 0) > 0 && <PageSizeSelect className="pt-3" value={size} onChange={setSize} />}
    </Card>
  );
}
