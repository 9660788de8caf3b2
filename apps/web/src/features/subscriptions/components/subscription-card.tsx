import { hasEndDate, isFreeTrial } from '@darsak/domain/subscriptions';
import { Button, buttonClasses, Card, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { DetailRow } from '../../../components/detail-row.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { activeSubscriptionOf, useCurrentSubscription } from '../hooks/use-subscription.ts';
import { AutoRenewal } from './auto-renewal.tsx';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { NextPeriod } from './next-period.tsx';
import { PauseStatus } from './pause-status.tsx';
import { PauseSubscriptionDialog } from './pause-subscription-dialog.tsx';

/**
 * The student's subscription: plan, length, this week's minutes, renewal and end, its pause, the next period
 * (paid in advance, or the way to pay it), pausing and cancellation. A free trial
 * has no end date to tell, and leads to the paid plans, which replace it.
 */
export function SubscriptionCard({ className }: { className?: string }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const query = useCurrentSubscription();
  const subscription = activeSubscriptionOf(query.data);

  if (query.isPending) {
    return (
      <Card title={t('payments.subscription.title')} className={className} aria-busy>
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={t('payments.subscription.title')} className={className}>
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-red-800">
            {t('payments.subscription.loadError')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Card>
    );
  }
  if (!subscription) {
    return (
      <Card
        title={t('payments.subscription.title')}
        className={className}
        actions={
          <Link to={paths.plans.href()} className={buttonClasses({ size: 'sm' })}>
            {t('payments.history.viewPlans')}
          </Link>
        }
      >
        <p className="font-semibold text-ink">{t('payments.subscription.none')}</p>
        <p className="mt-1 text-sm text-muted">{t('payments.subscription.noneBody')}</p>
      </Card>
    );
  }

  const renews =
    subscription.weekEndsAt && new Date(subscription.weekEndsAt) < new Date(subscription.endsAt)
      ? subscription.weekEndsAt
      : null;
  const trial = isFreeTrial(subscription);
  return (
    <Card title={t('payments.subscription.title')} className={className}>
      <dl>
        <DetailRow label={t('payments.subscription.plan')}>{text.perWeek(subscription.weeklyMinutes)}</DetailRow>
        <DetailRow label={t('payments.subscription.period')}>
          {t(`payments.periodLong.${subscription.period}`)}
        </DetailRow>
        <DetailRow label={t('payments.subscription.remaining')}>
          {t('payments.remaining.value', {
            remaining: format.minutes(subscription.remainingWeeklyMinutes),
            total: format.minutes(subscription.weeklyMinutes),
          })}
        </DetailRow>
        {renews && (
          <DetailRow label={t('payments.subscription.renews')}>
            {t('payments.subscription.renewsAt', { day: text.weekday(renews), time: text.clock(renews) })}
          </DetailRow>
        )}
        <DetailRow label={t('payments.subscription.endsAt')}>
          {hasEndDate(subscription) ? format.date(subscription.endsAt) : t('payments.subscription.noEndDate')}
        </DetailRow>
        <PauseStatus subscription={subscription} />
        {!trial && (
          <DetailRow label={t('payments.subscription.price')}>{text.money(subscription.pricePiastres)}</DetailRow>
        )}
      </dl>
      <NextPeriod subscription={subscription} />
      {!trial && <AutoRenewal />}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {trial && (
          <Link to={paths.plans.href()} className={buttonClasses()}>
            {t('payments.subscription.toPaidPlans')}
          </Link>
        )}
        <PauseSubscriptionDialog subscription={subscription} />
        <CancelSubscriptionDialog subscription={subscription} />
      </div>
    </Card>
  );
}
