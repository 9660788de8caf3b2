import type { LessonView } from '@darsak/domain/lessons';
import { cairoDayOf, type PauseOffer, type Subscription } from '@darsak/domain/subscriptions';
import { Button, Dialog, DialogClose, FormError, SelectField, Spinner, TextField, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { usePausePreview, usePauseSubscription } from '../hooks/use-subscription.ts';

const DAY_MS = 86_400_000;

/** Her lessons inside the pause, with one choice: cancel them all, minutes back (those past their window stay). */
function LessonsInPause({
  lessons,
  cancel,
  onCancelChange,
}: {
  lessons: LessonView[];
  cancel: boolean;
  onCancelChange: (cancel: boolean) => void;
}) {
  const t = useT();
  const dates = useDateFormat();
  const now = Date.now();
  if (lessons.length === 0) return <p className="text-sm text-muted">{t('payments.pause.noLessons')}</p>;
  return (
    <section aria-labelledby="pause-lessons" className="rounded-lg border border-line p-3">
      <h3 id="pause-lessons" className="font-semibold text-ink">
        {t('payments.pause.lessonsTitle', { count: lessons.length })}
      </h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {lessons.map((lesson) => (
          <li key={lesson.id} data-testid="pause-lesson">
            {t('payments.pause.lesson', { tutor: lesson.tutor.name, when: dates.dayTime(lesson.startsAt) })}
            {Date.parse(lesson.cancellableUntil) <= now && (
              <span className="text-amber-800"> — {t('payments.pause.lessonStays')}</span>
            )}
          </li>
        ))}
      </ul>
      <label className="mt-3 flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-primary-600"
          checked={cancel}
          onChange={(event) => onCancelChange(event.target.checked)}
        />
        {t('payments.pause.cancelLessons')}
      </label>
    </section>
  );
}

/** The weeks and the first day, within her period; then what it does, fetched from the server as she chooses. */
function PauseForm({
  subscription,
  offer,
  onDone,
}: {
  subscription: Subscription;
  offer: PauseOffer;
  onDone: () => void;
}) {
  const t = useT();
  const text = usePaymentsText();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const today = cairoDayOf(new Date());
  const lastDay = cairoDayOf(new Date(Date.parse(subscription.endsAt) - DAY_MS));
  const [weeks, setWeeks] = useState(offer.minWeeks);
  const [startDate, setStartDate] = useState(today);
  const [cancelLessons, setCancelLessons] = useState(true);
  const validDay = startDate >= today && startDate <= lastDay;
  const preview = usePausePreview({ weeks, startDate }, validDay);
  const pause = usePauseSubscription();
  const weekOptions = Array.from({ length: offer.maxWeeks - offer.minWeeks + 1 }, (_, i) => {
    const value = offer.minWeeks + i;
    return { value, label: text.count('payments.count.weeks', value) };
  });

  const confirm = (lessons: LessonView[]) => {
    const cancellable = lessons.filter((lesson) => Date.parse(lesson.cancellableUntil) > Date.now());
    const cancelLessonIds = cancelLessons ? cancellable.map((lesson) => lesson.id) : [];
    pause.mutate(
      { weeks, startDate, cancelLessonIds },
      {
        onSuccess: ({ subscription: paused, cancelledLessonIds }) => {
          onDone();
          toast({
            type: 'success',
            title: t('payments.pause.done'),
            description: t('payments.pause.doneBody', {
              end: dates.dayMonth(paused.endsAt),
              count: cancelledLessonIds.length,
            }),
          });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('payments.pause.weeks')}
          value={weeks}
          placeholder={false}
          options={weekOptions}
          onChange={(event) => setWeeks(Number(event.target.value))}
        />
        <TextField
          label={t('payments.pause.startDate')}
          type="date"
          min={today}
          max={lastDay}
          value={startDate}
          error={validDay ? undefined : t('payments.pause.startDateRange')}
          onChange={(event) => setStartDate(event.target.value || today)}
        />
      </div>
      {preview.isPending && validDay && <Spinner className="size-6 text-primary-600" label={t('common.loading')} />}
      <FormError message={preview.error ? errorText(preview.error) : undefined} />
      {preview.data && (
        <>
          <p className="rounded-lg bg-stone-50 p-3 text-sm text-ink" data-testid="pause-summary">
            {t('payments.pause.summary', {
              from: dates.day(preview.data.startsAt),
              to: dates.day(preview.data.endsAt),
              end: dates.day(preview.data.subscriptionEndsAt),
            })}
          </p>
          <LessonsInPause lessons={preview.data.lessons} cancel={cancelLessons} onCancelChange={setCancelLessons} />
        </>
      )}
      <FormError message={pause.error ? errorText(pause.error) : undefined} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          disabled={!preview.data}
          loading={pause.isPending}
          onClick={() => preview.data && confirm(preview.data.lessons)}
        >
          {t('payments.pause.confirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary">{t('payments.pause.keep')}</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/**
 * Pause the subscription (issue 31): 1–3 whole weeks (platform settings) from today or a later day of her period,
 * once a period. Before confirming she sees the dates, her new end date and her lessons inside the pause, which
 * she may cancel in the same step with their minutes back.
 */
export function PauseSubscriptionDialog({ subscription }: { subscription: Subscription }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!subscription.pauseOffer) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('payments.pause.title')}
      description={t('payments.pause.body')}
      trigger={<Button variant="secondary">{t('payments.pause.open')}</Button>}
    >
      {open && <PauseForm subscription={subscription} offer={subscription.pauseOffer} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}
