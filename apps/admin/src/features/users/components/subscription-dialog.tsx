import type { Subscription } from '@darsak/domain/subscriptions';
import { Badge, Button, Dialog, Spinner } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useState } from 'react';
import { useSubscription } from '../hooks/use-users.ts';

const STATUS_TONES = { active: 'success', scheduled: 'info', ended: 'neutral', cancelled: 'warning' } as const;

function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
  const { t, format } = useI18n();
  const s = subscription;
  const rows: Array<[MessageKey, ReactNode]> = [
    [
      'staff.subscription.status',
      <Badge key="status" tone={STATUS_TONES[s.status]}>
        {t(`staff.subscription.status.${s.status}`)}
      </Badge>,
    ],
    ['staff.subscription.weekly', t('staff.lessons.minutes', { count: s.weeklyMinutes })],
    ['staff.subscription.period', t(`staff.subscription.period.${s.period}`)],
    ['staff.subscription.price', format.piastres(s.pricePiastres)],
    ['staff.subscription.startsAt', format.dateTime(s.startsAt)],
    ['staff.subscription.endsAt', format.dateTime(s.endsAt)],
  ];
  if (s.status === 'active') {
    rows.push(['staff.subscription.remaining', t('staff.lessons.minutes', { count: s.remainingWeeklyMinutes })]);
  }
  if (s.cancelledAt) rows.push(['staff.subscription.cancelledAt', format.dateTime(s.cancelledAt)]);
  if (s.cancellation) {
    rows.push([
      'staff.subscription.cancellation',
      s.cancellation.allowed
        ? t('staff.subscription.cancellable', { amount: format.piastres(s.cancellation.refundPiastres) })
        : t('staff.subscription.uncancellable', {
            taken: format.number(s.cancellation.lessonsTaken),
            max: format.number(s.cancellation.maxLessons),
          }),
    ]);
  }
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted">{t(label)}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SubscriptionBody({ id }: { id: number }) {
  const { t } = useI18n();
  const subscription = useSubscription(id);
  if (subscription.isPending) return <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  if (subscription.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-red-800">
          {t('staff.subscription.loadError')}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void subscription.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return <SubscriptionFacts subscription={subscription.data} />;
}

/** The subscription a payment started (GET /api/v1/sub/:id), opened from the payment's row. */
export function SubscriptionDialog({ id }: { id: number }) {
  const { t, format } = useI18n();
  const [open, setOpen] = useState(false);
  const title = t('staff.subscription.title', { id: format.number(id) });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      trigger={
        <Button size="sm" variant="ghost" aria-label={title}>
          {`#${format.number(id)}`}
        </Button>
      }
    >
      {open && <SubscriptionBody id={id} />}
    </Dialog>
  );
}
