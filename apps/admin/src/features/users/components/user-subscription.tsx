import type { Subscription } from '@darsak/domain/subscriptions';
import { Button, Card, Spinner } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useEndPauseByStaff, useSubscriptions } from '../hooks/use-users.ts';

/** The active subscription's pause, if any, and ending it early with a reason (audited). */
function SubscriptionPause({ subscription }: { subscription: Subscription }) {
  const { t, format } = useI18n();
  const end = useEndPauseByStaff(subscription.id);
  const pause = subscription.pause;
  if (!pause) return null;
  const to = pause.earlyEnd?.endsAt;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-stone-50 p-3" data-testid="staff-pause">
      <p>
        {t('staff.subscription.pause', { from: format.dateTime(pause.startsAt), to: format.dateTime(pause.endsAt) })}
        {pause.endedEarlyAt && ` — ${t('staff.subscription.pauseEndedEarly')}`}
      </p>
      {pause.earlyEnd && (
        <ReasonDialog
          danger
          trigger={
            <Button size="sm" variant="secondary">
              {t('staff.subscription.endPause')}
            </Button>
          }
          title={t('staff.subscription.endPauseTitle')}
          description={
            to
              ? t('staff.subscription.endPauseAt', { to: format.dateTime(to) })
              : t('staff.subscription.endPauseCallOff')
          }
          confirm={t('staff.subscription.endPauseConfirm')}
          onConfirm={(reason) => end.mutateAsync(reason)}
        />
      )}
    </div>
  );
}

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
          <div>
            <dt className="text-sm text-muted">{t('staff.subscription.endsAt')}</dt>
            <dd>{format.dateTime(active.endsAt)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted">{t('staff.subscription.none')}</p>
      )}
      {active && <SubscriptionPause subscription={active} />}
      {list.length > (active ? 1 : 0) && (
        <p className="mt-3 text-sm text-muted">
          {t('staff.subscription.earlier', { count: format.number(list.length - (active ? 1 : 0)) })}
        </p>
      )}
    </Card>
  );
}
