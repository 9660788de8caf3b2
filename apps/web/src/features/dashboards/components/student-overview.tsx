import { currentSubscriptionQuery, myStudentStatsQuery } from '@darsak/client';
import type { Subscription } from '@darsak/domain/subscriptions';
import { Alert, BookIcon, buttonClasses, CapIcon, ClockIcon, LoadingAnimation, UsersIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { StatTile } from './stat-tile.tsx';

/**
 * Renewal without a gap: the next period paid in advance and when it starts, or the one tap to pay it now (the
 * checkout of the same plan and period), so a cash payer's lessons never stop at the end of the month.
 */
function NextPeriodNotice({ subscription }: { subscription: Subscription }) {
  const { t, format } = useI18n();
  if (subscription.next) {
    const { weeklyMinutes, startsAt } = subscription.next;
    return (
      <Alert tone="success">
        {t('booking.dashboard.nextPaid', { minutes: format.minutes(weeklyMinutes), date: format.date(startsAt) })}
      </Alert>
    );
  }
  if (!subscription.payAhead || subscription.period === 'freeTrial') return null;
  return (
    <Alert
      tone="info"
      action={
        <Link
          to={paths.checkout.href(subscription.planId, subscription.period)}
          className={buttonClasses({ size: 'sm' })}
        >
          {t('booking.dashboard.payAhead')}
        </Link>
      }
    >
      {t('booking.dashboard.payAheadBody', { date: format.date(subscription.payAhead.startsAt) })}
    </Alert>
  );
}

/**
 * The overview of /s/dashboard: this week's remaining minutes (from the subscription; a way to the plans when
 * there is none), lessons, tutors and time learned.
 */
export function StudentOverview() {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const subscription = useQuery(currentSubscriptionQuery(api));
  const stats = useQuery(myStudentStatsQuery(api));
  if (subscription.isPending || stats.isPending) return <LoadingAnimation className="min-h-0 py-8" />;
  const error = subscription.error ?? stats.error;
  if (error) {
    return (
      <LoadError
        error={error}
        onRetry={() => {
          void subscription.refetch();
          void stats.refetch();
        }}
      />
    );
  }
  const sub = subscription.data;
  const data = stats.data;
  if (!sub || !data) return null;
  const hasSubscription = sub.id !== -1 && 'weekEndsAt' in sub;
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-4">
      <h2 id="overview-title" className="sr-only">
        {t('booking.dashboard.overview')}
      </h2>
      {!hasSubscription && (
        <Alert
          tone="warning"
          title={t('booking.dashboard.noSubscription')}
          action={
            <Link to={paths.plans.href()} className={buttonClasses({ size: 'sm' })}>
              {t('booking.dashboard.toPlans')}
            </Link>
          }
        >
          {t('booking.dashboard.noSubscriptionBody')}
        </Alert>
      )}
      {hasSubscription && <NextPeriodNotice subscription={sub} />}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          icon={<ClockIcon />}
          label={t('booking.dashboard.remainingMinutes')}
          value={<span data-testid="remaining-minutes">{format.number(sub.remainingWeeklyMinutes)}</span>}
          detail={
            hasSubscription
              ? t('booking.dashboard.ofWeekly', {
                  count: sub.weeklyMinutes,
                  renews: sub.weekEndsAt ? dates.dayTime(sub.weekEndsAt) : '',
                })
              : t('booking.dashboard.noMinutes')
          }
        />
        <StatTile
          icon={<BookIcon />}
          label={t('booking.dashboard.lessons')}
          value={format.number(data.lessons.fulfilled)}
          detail={t('booking.dashboard.lessonsDetail', {
            upcoming: format.number(data.lessons.upcoming),
            cancelled: format.number(data.lessons.cancelled),
          })}
        />
        <StatTile
          icon={<UsersIcon />}
          label={t('booking.dashboard.tutors')}
          value={format.number(data.tutors)}
          detail={t('booking.dashboard.tutorsDetail')}
        />
        <StatTile
          icon={<CapIcon />}
          label={t('booking.dashboard.timeLearned')}
          value={format.duration(data.learnedMinutes)}
        />
      </dl>
    </section>
  );
}
