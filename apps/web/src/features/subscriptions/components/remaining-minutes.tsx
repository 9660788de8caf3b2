import { Button, buttonClasses, cn, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { activeSubscriptionOf, useCurrentSubscription } from '../hooks/use-subscription.ts';

export interface RemainingMinutesProps {
  className?: string;
  /** Heading level of the title (2 by default). */
  level?: 2 | 3;
}

/**
 * This week's remaining minutes of the student's subscription, with the renewal moment, or a way to subscribe.
 * It loads the subscription itself and follows `transaction:status` in realtime, so any student page can place it.
 */
export function RemainingMinutes({ className, level = 2 }: RemainingMinutesProps) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const query = useCurrentSubscription();
  const subscription = activeSubscriptionOf(query.data);
  const Heading = `h${level}` as const;

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  } else if (query.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        <span role="alert">{t('payments.remaining.loadError')}</span>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!subscription) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">{t('payments.remaining.none')}</p>
        <Link to={paths.plans.href()} className={buttonClasses({ size: 'sm' })}>
          {t('payments.remaining.subscribe')}
        </Link>
      </div>
    );
  } else {
    const { remainingWeeklyMinutes: remaining, weeklyMinutes: total, weekEndsAt, endsAt } = subscription;
    const renews = weekEndsAt && new Date(weekEndsAt) < new Date(endsAt) ? weekEndsAt : null;
    const share = total > 0 ? Math.min(100, Math.round((remaining / total) * 100)) : 0;
    body = (
      <div className="flex flex-col gap-3">
        <p className="flex flex-wrap items-baseline gap-x-2 text-ink">
          <span className="text-3xl font-extrabold text-primary-700">{format.minutes(remaining)}</span>
          <span className="text-sm text-muted">{t('payments.remaining.of', { total: format.minutes(total) })}</span>
        </p>
        <div
          role="progressbar"
          aria-label={t('payments.remaining.title')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={remaining}
          aria-valuetext={t('payments.remaining.value', {
            remaining: format.minutes(remaining),
            total: format.minutes(total),
          })}
          className="h-2.5 overflow-hidden rounded-full bg-primary-100"
        >
          <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${share}%` }} />
        </div>
        {renews && (
          <p className="text-sm text-muted">
            {t('payments.remaining.renews', { day: text.weekday(renews), time: text.clock(renews) })}
          </p>
        )}
      </div>
    );
  }

  return (
    <section
      aria-busy={query.isPending || undefined}
      className={cn(
        'flex flex-col gap-3 rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card)',
        className,
      )}
    >
      <Heading className="text-base font-bold text-ink">{t('payments.remaining.title')}</Heading>
      {body}
    </section>
  );
}
