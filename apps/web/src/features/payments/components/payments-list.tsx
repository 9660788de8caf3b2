import { type PaymentState, type Transaction, TransactionStatus } from '@darsak/domain/payments';
import { Badge, type BadgeTone, Button, buttonClasses, CardIcon, EmptyState, Spinner } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { usePaymentsHistory } from '../hooks/use-payments.ts';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { ReceiptDownload } from './receipt-download.tsx';

export const STATE_TONES: Record<PaymentState, BadgeTone> = {
  pending: 'warning',
  done: 'success',
  failed: 'error',
  cancelled: 'neutral',
};

/** The state a student reads, with the finer status where it says more (expired, refunded). */
export function stateLabel(transaction: Transaction): MessageKey {
  if (transaction.status === TransactionStatus.expired) return 'payments.status.expired';
  if (transaction.status === TransactionStatus.refunded) return 'payments.status.refunded';
  if (transaction.status === TransactionStatus.partialRefunded) return 'payments.status.partialRefunded';
  return `payments.state.${transaction.state}`;
}

/** One payment: what it bought (the weekly minutes and period of its checkout), its state, method and actions. */
function PaymentItem({ transaction, retryable }: { transaction: Transaction; retryable: boolean }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const title = t('payments.history.item', {
    minutes: format.minutes(transaction.weeklyMinutes),
    period: text.period(transaction.period),
  });
  const pending = transaction.state === 'pending';
  return (
    <li className="flex flex-col gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-(--shadow-card) sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold text-ink">
            <Link to={paths.payment.href(transaction.id)} className="hover:text-primary-700 hover:underline">
              {title}
            </Link>
          </h3>
          <Badge tone={STATE_TONES[transaction.state]}>{t(stateLabel(transaction))}</Badge>
        </div>
        <p className="text-sm text-muted">
          {t(`payments.method.${transaction.method}`)}
          {transaction.installments
            ? ` · ${t('payments.history.installments', { count: text.count('payments.count.installments', transaction.installments) })}`
            : ''}
          {' · '}
          {t('payments.history.createdAt', { date: format.dateTime(transaction.createdAt) })}
        </p>
        {pending && transaction.method === 'cashReference' && transaction.referenceNumber && (
          <p className="text-sm text-ink">
            {t('payments.history.reference', { reference: transaction.referenceNumber })}
            {transaction.expiresAt &&
              ` · ${t('payments.history.payBefore', { date: format.dateTime(transaction.expiresAt) })}`}
          </p>
        )}
        {transaction.refundedPiastres > 0 && (
          <p className="text-sm text-muted">
            {t('payments.history.refunded', { amount: text.money(transaction.refundedPiastres) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
        <span className="text-lg font-bold text-ink">{text.money(transaction.amountPiastres)}</span>
        <div className="flex flex-wrap gap-2">
          <ReceiptDownload transaction={transaction} />
          {pending && (
            <Link
              to={`${paths.checkout.href(transaction.planId, transaction.period)}?transactionId=${transaction.id}`}
              className={buttonClasses({ size: 'sm', variant: 'ghost' })}
            >
              {t('payments.history.open')}
            </Link>
          )}
          {transaction.canCancel && (
            <CancelPaymentDialog
              transaction={transaction}
              trigger={
                <Button size="sm" variant="secondary">
                  {t('payments.history.cancel')}
                </Button>
              }
            />
          )}
          {retryable && transaction.canRetry && transaction.period !== 'freeTrial' && (
            <Link
              to={paths.checkout.href(transaction.planId, transaction.period)}
              className={buttonClasses({ size: 'sm' })}
            >
              {t('payments.history.retry')}
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The student's payments with their state; cancel a pending one, retry a failed or cancelled one (not while a
 * subscription is active, nor while a payment is still pending: a second one would be refused).
 */
export function PaymentsList({ retryable = true }: { retryable?: boolean }) {
  const { t } = useI18n();
  const history = usePaymentsHistory();

  if (history.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-primary-600" label={t('common.loading')} />
      </div>
    );
  }
  if (history.isError) {
    return (
      <EmptyState
        title={t('payments.history.loadError')}
        action={
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const transactions = history.data.pages.flatMap((page) => page.list);
  if (transactions.length === 0) {
    return (
      <EmptyState
        icon={<CardIcon />}
        title={t('payments.history.empty')}
        description={t('payments.history.emptyBody')}
        action={
          <Link to={paths.plans.href()} className={buttonClasses()}>
            {t('payments.history.viewPlans')}
          </Link>
        }
      />
    );
  }
  // one payment may be open at a time: while one waits, it is the way on (continue or cancel it), not a retry
  const open = transactions.some((transaction) => transaction.state === 'pending');
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('payments.history.listLabel')} className="flex flex-col gap-3">
        {transactions.map((transaction) => (
          <PaymentItem key={transaction.id} transaction={transaction} retryable={retryable && !open} />
        ))}
      </ul>
      {history.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {t('payments.history.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
