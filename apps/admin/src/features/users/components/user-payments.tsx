import { errorCodeOf } from '@darsak/client';
import { isRefundable, type Transaction } from '@darsak/domain/payments';
import { Button, Card, Spinner, Table, type TableColumn, TextField, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useDownloadReceipt, usePayments, useRefund } from '../hooks/use-users.ts';
import { SubscriptionDialog } from './subscription-dialog.tsx';

const refundable = (tx: Transaction) => isRefundable(tx.status) && tx.refundedPiastres < tx.amountPiastres;

function RefundPayment({ tx }: { tx: Transaction }) {
  const { t, format, fieldMessage } = useI18n();
  const { toast } = useToast();
  const refund = useRefund();
  const left = tx.amountPiastres - tx.refundedPiastres;
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  return (
    <ReasonDialog
      danger
      trigger={
        <Button size="sm" variant="secondary" aria-label={t('staff.payments.refundFor', { id: format.number(tx.id) })}>
          {t('staff.payments.refund')}
        </Button>
      }
      title={t('staff.payments.refundTitle', { id: format.number(tx.id) })}
      description={t('staff.payments.refundBody', { amount: format.piastres(left) })}
      confirm={t('staff.payments.refundConfirm')}
      onConfirm={async (reason) => {
        const piastres = amount.trim() === '' ? undefined : Math.round(Number(amount) * 100);
        if (piastres !== undefined && (!Number.isFinite(piastres) || piastres < 1 || piastres > left)) {
          setAmountError(fieldMessage('invalid'));
          throw new Error('invalid amount');
        }
        await refund.mutateAsync({ transactionId: tx.id, reason, ...(piastres ? { amountPiastres: piastres } : {}) });
        toast({ type: 'success', title: t('staff.payments.refunded') });
      }}
    >
      <TextField
        label={t('staff.payments.refundAmount')}
        hint={t('staff.payments.refundAmountHint', { amount: format.piastres(left) })}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0.01}
        value={amount}
        error={amountError}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(undefined);
        }}
      />
    </ReasonDialog>
  );
}

/** A paid payment's receipt, the one its buyer downloads and was sent (a support agent's copy for her). */
function PaymentReceipt({ tx, receiptNumber }: { tx: Transaction; receiptNumber: string }) {
  const { t, locale, errorMessage } = useI18n();
  const { toast } = useToast();
  const download = useDownloadReceipt();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={download.isPending}
      aria-label={t('staff.payments.receiptFor', { number: receiptNumber })}
      onClick={() =>
        download.mutate(
          { tx, lang: locale === 'en' ? 'en' : 'ar' },
          {
            onError: (error) =>
              toast({
                type: 'error',
                title: t('staff.payments.receiptFailed'),
                description: errorMessage(errorCodeOf(error)),
              }),
          },
        )
      }
    >
      {t('staff.payments.receipt')}
    </Button>
  );
}

/** The person's payments, with the subscription each started, its receipt, and a refund for those paid. */
export function UserPayments({ userId }: { userId: number }) {
  const { t, format } = useI18n();
  const payments = usePayments(userId, true);
  const columns: TableColumn<Transaction>[] = [
    { key: 'id', header: '#', cell: (tx) => format.number(tx.id) },
    { key: 'date', header: t('staff.payments.date'), cell: (tx) => format.dateTime(tx.createdAt) },
    {
      key: 'minutes',
      header: t('staff.payments.plan'),
      cell: (tx) => t('staff.payments.weeklyMinutes', { count: tx.weeklyMinutes }),
    },
    {
      key: 'method',
      header: t('staff.payments.method'),
      cell: (tx) => t(`payments.method.${tx.method}` as MessageKey),
    },
    { key: 'amount', header: t('staff.payments.amount'), cell: (tx) => format.piastres(tx.amountPiastres) },
    {
      key: 'refunded',
      header: t('staff.payments.refundedAmount'),
      cell: (tx) => (tx.refundedPiastres > 0 ? format.piastres(tx.refundedPiastres) : '—'),
    },
    {
      key: 'status',
      header: t('staff.payments.status'),
      cell: (tx) => t(`staff.tx.status.${tx.status}` as MessageKey),
    },
    {
      key: 'subscription',
      header: t('staff.payments.subscription'),
      cell: (tx) => (tx.subscriptionId !== null ? <SubscriptionDialog id={tx.subscriptionId} /> : '—'),
    },
    {
      key: 'actions',
      header: t('staff.table.actions'),
      cell: (tx) => (
        <div className="flex flex-wrap gap-2">
          {tx.receiptNumber && <PaymentReceipt tx={tx} receiptNumber={tx.receiptNumber} />}
          {refundable(tx) && <RefundPayment tx={tx} />}
        </div>
      ),
    },
  ];
  return (
    <Card title={t('staff.user.payments')}>
      {payments.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : payments.isError ? (
        <p role="alert" className="text-red-800">
          {t('staff.payments.loadError')}
        </p>
      ) : payments.data.list.length === 0 ? (
        <p className="rounded-(--radius-card) border border-line px-4 py-10 text-center text-muted">
          {t('staff.payments.empty')}
        </p>
      ) : (
        <Table
          caption={t('staff.user.payments')}
          columns={columns}
          rows={payments.data.list}
          rowKey={(tx) => tx.id}
          empty={t('staff.payments.empty')}
        />
      )}
    </Card>
  );
}
