import type { Subscription, SubscriptionPause } from '@darsak/domain/subscriptions';
import { Button, Dialog, DialogClose, FormError, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { DetailRow } from '../../../components/detail-row.tsx';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { useEndPause } from '../hooks/use-subscription.ts';

/** Ending her pause early, told first what it does: called off before it begins, else ended with its week. */
function EndPauseDialog({ pause }: { pause: SubscriptionPause }) {
  const t = useT();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const end = useEndPause();
  const to = pause.earlyEnd?.endsAt;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) end.reset();
      }}
      title={t('payments.pause.endTitle')}
      description={to ? t('payments.pause.endAt', { to: dates.day(to) }) : t('payments.pause.endCallOff')}
      trigger={
        <Button size="sm" variant="secondary">
          {t('payments.pause.end')}
        </Button>
      }
    >
      <FormError message={end.error ? errorText(end.error) : undefined} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          loading={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: () => {
                setOpen(false);
                toast({ type: 'success', title: t('payments.pause.ended') });
              },
            })
          }
        >
          {t('payments.pause.endConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary">{t('payments.pause.keep')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

/** Her pause on the subscription card: its dates, whether it holds now, and ending it early while that helps. */
export function PauseStatus({ subscription }: { subscription: Subscription }) {
  const t = useT();
  const dates = useDateFormat();
  const pause = subscription.pause;
  if (!pause) return null;
  const now = Date.now();
  const pausedNow = Date.parse(pause.startsAt) <= now && now < Date.parse(pause.endsAt);
  return (
    <DetailRow label={t('payments.pause.row')}>
      <div className="flex flex-col items-start gap-2" data-testid="pause-status">
        <span>{t('payments.pause.range', { from: dates.day(pause.startsAt), to: dates.day(pause.endsAt) })}</span>
        {pausedNow && (
          <span className="text-sm text-amber-800">
            {t('payments.pause.pausedNow', { to: dates.dayTime(pause.endsAt) })}
          </span>
        )}
        {pause.endedEarlyAt && <span className="text-sm text-muted">{t('payments.pause.endedEarly')}</span>}
        {pause.earlyEnd && <EndPauseDialog pause={pause} />}
      </div>
    </DetailRow>
  );
}
