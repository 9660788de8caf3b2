import { isApiError, subscriptionQuery } from '@darsak/client';
import type { Transaction } from '@darsak/domain/payments';
import { hasEndDate, type SubscriptionStatus } from '@darsak/domain/subscriptions';
import { Badge, type BadgeTone, Button, buttonClasses, Card, EmptyState, LoadingAnimation, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailRow } from '../../../components/detail-row.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { usePayment } from '../hooks/use-payments.ts';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { STATE_TONES, stateLabel } from './payments-list.tsx';
import { ReceiptDownload } from './receipt-download.tsx';

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, BadgeTone> = {
  active: 'success',
  scheduled: 'info',
  ended: 'neutral',
  cancelled: 'neutral',
};

/** The subscription a paid payment started (GET /api/v1/sub/:id): how it stands now and its dates. */
function StartedSubscription({ id }: { id: number }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const query = useQuery(subscriptionQuery(api, id));
  let body: ReactNode;
  if (query.isPending) body = <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const subscription = query.data;
    body = (
      <dl>
        <DetailRow label={t('payments.detail.subscriptionStatus')}>
          <Badge tone={SUBSCRIPTION_TONES[subscription.status]}>
            {t(`payments.subscriptionStatus.${subscription.status}`)}
          </Badge>
        </DetailRow>
        <DetailRow label={t('payments.subscription.plan')}>{text.perWeek(subscription.weeklyMinutes)}</DetailRow>
        <DetailRow label={t('payments.detail.startsAt')}>{format.date(subscription.startsAt)}</DetailRow>
        {subscription.status === 'cancelled' && subscription.cancelledAt ? (
          <DetailRow label={t('payments.detail.cancelledAt')}>{format.date(subscription.cancelledAt)}</DetailRow>
        ) : (
          <DetailRow
            label={t(subscription.status === 'ended' ? 'payments.detail.endedAt' : 'payments.subscription.endsAt')}
          >
            {hasEndDate(subscription) ? format.date(subscription.endsAt) : t('payments.subscription.noEndDate')}
          </DetailRow>
        )}
      </dl>
    );
  }
  return (
    <Card
      title={t('payments.detail.subscription')}
      aria-label={t('payments.detail.subscription')}
      actions={
        query.data?.status === 'active' && (
          <Link to={paths.payments.href()} className={buttonClasses({ size: 'sm', variant: 'ghost' })}>
            {t('payments.plans.activeLink')}
          </Link>
        )
      }
    >
      {body}
    </Card>
  );
}

/** What the student may do with the payment: continue or cancel it while open, try again once it failed. */
function PaymentActions({ transaction, retryable }: { transaction: Transaction; retryable: boolean }) {
  const { t } = useI18n();
  const checkout = paths.checkout.href(transaction.planId, transaction.period);
  const retry = retryable && transaction.canRetry && transaction.period !== 'freeTrial';
  if (transaction.state !== 'pending' && !retry && !transaction.receiptNumber) return null;
  return (
    <div className="flex flex-wrap gap-3">
      <ReceiptDownload transaction={transaction} size="md" />
      {transaction.state === 'pending' && (
        <Link to={`${checkout}?transactionId=${transaction.id}`} className={buttonClasses()}>
          {t('payments.history.open')}
        </Link>
      )}
      {transaction.canCancel && (
        <CancelPaymentDialog
          transaction={transaction}
          trigger={<Button variant="secondary">{t('payments.history.cancel')}</Button>}
        />
      )}
      {retry && (
        <Link to={checkout} className={buttonClasses()}>
          {t('payments.history.retry')}
        </Link>
      )}
    </div>
  );
}

/** Every fact of one payment the student may need, support's order number included. */
function PaymentFacts({ transaction }: { transaction: Transaction }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const pending = transaction.state === 'pending';
  return (
    <dl>
      <DetailRow label={t('payments.open.bought')}>
        {t('payments.history.item', {
          minutes: format.minutes(transaction.weeklyMinutes),
          period: text.period(transaction.period),
        })}
      </DetailRow>
      <DetailRow label={t('payments.detail.state')}>
        <Badge tone={STATE_TONES[transaction.state]}>{t(stateLabel(transaction))}</Badge>
      </DetailRow>
      <DetailRow label={t('payments.open.amount')}>{text.money(transaction.amountPiastres)}</DetailRow>
      {transaction.discountPiastres > 0 && (
        <DetailRow label={t('payments.detail.discount')}>{text.money(transaction.discountPiastres)}</DetailRow>
      )}
      {transaction.refundedPiastres > 0 && (
        <DetailRow label={t('payments.detail.refunded')}>{text.money(transaction.refundedPiastres)}</DetailRow>
      )}
      <DetailRow label={t('payments.open.method')}>
        {t(`payments.method.${transaction.method}`)}
        {transaction.installments
          ? ` · ${t('payments.history.installments', { count: text.count('payments.count.installments', transaction.installments) })}`
          : ''}
      </DetailRow>
      <DetailRow label={t('payments.detail.provider')}>{t(`payments.provider.${transaction.provider}`)}</DetailRow>
      {transaction.referenceNumber && transaction.method === 'cashReference' && (
        <DetailRow label={t('payments.open.reference')}>
          <bdi dir="ltr" className="font-mono tracking-wider">
            {transaction.referenceNumber}
          </bdi>
        </DetailRow>
      )}
      <DetailRow label={t('payments.detail.createdAt')}>{format.dateTime(transaction.createdAt)}</DetailRow>
      {pending && transaction.expiresAt && (
        <DetailRow label={t('payments.open.payBefore')}>{format.dateTime(transaction.expiresAt)}</DetailRow>
      )}
      {transaction.paidAt && (
        <DetailRow label={t('payments.detail.paidAt')}>{format.dateTime(transaction.paidAt)}</DetailRow>
      )}
      {transaction.receiptNumber && (
        <DetailRow label={t('payments.receipt.number')}>
          <bdi dir="ltr" className="font-mono">
            {transaction.receiptNumber}
          </bdi>
        </DetailRow>
      )}
      {transaction.refundedAt && (
        <DetailRow label={t('payments.detail.refundedAt')}>{format.dateTime(transaction.refundedAt)}</DetailRow>
      )}
      <DetailRow label={t('payments.detail.orderNumber')}>
        <bdi dir="ltr" className="font-mono">
          {transaction.merchantRefNum}
        </bdi>
      </DetailRow>
    </dl>
  );
}

/**
 * /payments/{id}: one payment (GET /api/v1/tx/:id) with its facts, what the student may do with it, and the
 * subscription it started. Kept fresh by the realtime `transaction:status`.
 */
export function PaymentDetail({ id, retryable }: { id: number; retryable: boolean }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const query = usePayment(id);
  if (query.isPending) return <LoadingAnimation label={t('common.loading')} />;
  if (query.isError) {
    const missing = isApiError(query.error, 'transaction-not-found') || isApiError(query.error, 'forbidden');
    return (
      <EmptyState
        title={t(missing ? 'payments.detail.notFound' : 'payments.detail.loadError')}
        description={errorText(query.error)}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {!missing && (
              <Button variant="secondary" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            )}
            <Link to={paths.payments.href()} className={buttonClasses()}>
              {t('payments.detail.back')}
            </Link>
          </div>
        }
      />
    );
  }
  const transaction = query.data;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card title={t('payments.detail.facts')} aria-label={t('payments.detail.facts')}>
        <div className="flex flex-col gap-4">
          <PaymentFacts transaction={transaction} />
          <p className="text-xs text-muted">{t('payments.detail.orderHint')}</p>
          <PaymentActions transaction={transaction} retryable={retryable} />
        </div>
      </Card>
      {transaction.subscriptionId !== null && <StartedSubscription id={transaction.subscriptionId} />}
    </div>
  );
}
