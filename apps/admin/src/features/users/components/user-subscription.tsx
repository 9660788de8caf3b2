import { Card, Spinner } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useSubscriptions } from '../hooks/use-users.ts';

/** A student's subscriptions: the active one with its remaining minutes this week, then the earlier ones. */
export function UserSubscription({ studentId }: { studentId: number }) {
  const { t, format } = useI18n();
  const subscriptions = useSubscriptions(studentId, true);
  if (subscriptions.isPending) {
    return (
      <Card title={t('staff.user.subscription')}>
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      </Card>
    );
  }
  if (subscriptions.isError) {
    return (
      <Card title={t('staff.user.subscription')}>
        <p role="alert" className="text-red-800">
          {t('staff.subscription.loadError')}
        </p>
      </Card>
    );
  }
  const list = subscriptions.data.list;
  const active = list.find((s) => s.status === 'active');
  return (
    <Card title={t('staff.user.subscription')}>
      {active ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">{t('staff.subscription.weekly')}</dt>
            <dd className="font-semibold">{t('staff.lessons.minutes', { count: active.weeklyMinutes })}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('staff.subscription.remaining')}</dt>
            <dd className="text-lg font-bold text-primary-700">
              {t('staff.lessons.minutes', { count: active.remainingWeeklyMinutes })}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('staff.subscription.period')}</dt>
            <dd>{t(`staff.subscription.period.${active.period}` as MessageKey)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('staff.subscription.renews')}</dt>
            <dd>{active.weekEndsAt ? format.dateTime(active.weekEndsAt) : '—'}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted">{t('staff.subscription.none')}</p>
      )}
      {list.length > (active ? 1 : 0) && (
        <p className="mt-3 text-sm text-muted">
          {t('staff.subscription.earlier', { count: format.number(list.length - (active ? 1 : 0)) })}
        </p>
      )}
    </Card>
  );
}
