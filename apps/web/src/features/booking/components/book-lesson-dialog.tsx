import { currentSubscriptionQuery, errorCodeOf, type FreeTimesFilter } from '@darsak/client';
import type { LessonView } from '@darsak/domain/lessons';
import { SESSION_LENGTHS } from '@darsak/domain/sessions';
import { Alert, Button, buttonClasses, Dialog, LoadingAnimation, Stepper } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useNow } from '../../lessons/hooks/use-now.ts';
import { NotificationPrompt } from '../../notifications/components/notification-prompt.tsx';
import { useBookLesson, useRebookLesson } from '../hooks/use-booking-mutations.ts';
import { useFreeTimes } from '../hooks/use-free-times.ts';
import { usePendingLesson } from '../hooks/use-pending-lesson.ts';
import { groupTimesByDay } from '../utils/group-times-by-day.ts';
import { CancellableUntilNote, PendingLessonNotice } from './booking-notices.tsx';
import { ChoiceGroup } from './choice-group.tsx';

type Duration = FreeTimesFilter['durationMinutes'];
const STEPS: readonly MessageKey[] = [
  'booking.book.step.date',
  'booking.book.step.duration',
  'booking.book.step.time',
  'booking.book.step.confirm',
];

/** Where a coded booking failure sends the student next (spec §8, shown inline). */
const ERROR_LINKS: Partial<Record<string, { href: string; label: MessageKey }>> = {
  'subscription-required': { href: paths.plans.href(), label: 'booking.book.toPlans' },
  'no-enough-minutes': { href: paths.plans.href(), label: 'booking.book.toPlans' },
  'unverified-email': { href: paths.profile.href(), label: 'booking.book.toVerify' },
  'unverified-phone': { href: paths.profile.href(), label: 'booking.book.toVerify' },
  'reached-booking-limit': { href: paths.upcomingLessons.href(), label: 'booking.book.toUpcoming' },
};
/** Failures after which another choice may work: the free times are fetched again and that choice's step shown. */
const PICK_AGAIN: Partial<Record<string, { step: number; label: MessageKey }>> = {
  'busy-tutor': { step: 2, label: 'booking.book.pickAgain' },
  'conflicting-lessons': { step: 2, label: 'booking.book.pickAgain' },
  'lesson-time-passed': { step: 2, label: 'booking.book.pickAgain' },
  'week-boundaries-violation': { step: 0, label: 'booking.book.pickAnotherDay' },
  // a day inside her pause: a day after it may be booked
  'subscription-paused': { step: 0, label: 'booking.book.pickAnotherDay' },
  'lesson-length-unavailable': { step: 1, label: 'booking.book.pickAnotherLength' },
};

function LinkAction({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link to={href} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
      {children}
    </Link>
  );
}

export interface BookLessonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tutor: { id: number; name: string };
  /** Moving this lesson (rebook) instead of booking a new one. */
  moving?: LessonView;
  /** Called with the booked (or moved-to) lesson. */
  onBooked?: (lesson: LessonView) => void;
}

/**
 * The book-lesson dialog (spec §2): date → duration (only the lengths the tutor teaches; a single one is chosen
 * for the student) → time (only times the server calls free) → confirmation with the minutes left after
 * booking. Coded refusals are shown in the dialog with a way on.
 */
export function BookLessonDialog({ open, onOpenChange, tutor, moving, onBooked }: BookLessonDialogProps) {
  const { t, format, errorMessage } = useI18n();
  const dates = useDateFormat();
  const user = useCurrentUser();
  const [step, setStep] = useState(0);
  const [day, setDay] = useState<string | null>(null);
  const [duration, setDuration] = useState<Duration | null>(moving ? (moving.durationMinutes as Duration) : null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ lesson: LessonView; minutesLeft: number } | null>(null);

  const subscription = useQuery({ ...currentSubscriptionQuery(api), enabled: open });
  const free = useFreeTimes(tutor.id, open, moving?.id);
  // Moving a lesson replaces the pending one, so only a new booking meets the one-pending-lesson rule.
  const pending = usePendingLesson(open && !moving);
  const now = useNow();
  const book = useBookLesson();
  const rebook = useRebookLesson();
  const mutation = moving ? rebook : book;

  useEffect(() => {
    if (open) return;
    setStep(0);
    setDay(null);
    setDuration(moving ? (moving.durationMinutes as Duration) : null);
    setStartsAt(null);
    setBooked(null);
    book.reset();
    rebook.reset();
  }, [open, moving, book.reset, rebook.reset]);

  // Each step's first control gets the focus (the step's container mounts anew), so keyboard and
  // screen-reader users land on it.
  const focusFirst = useCallback((node: HTMLDivElement | null) => {
    node?.querySelector<HTMLElement>('input:not([disabled]), [data-autofocus]')?.focus({ preventScroll: true });
  }, []);

  const week = free.byDuration[15]?.week ?? free.byDuration[30]?.week ?? null;
  // What the student has left is the dashboard's figure, from the same subscription answer. What this booking may
  // spend is the server's: its week already gives a moved lesson's own minutes back.
  const remaining = subscription.data?.remainingWeeklyMinutes ?? week?.remainingMinutes ?? 0;
  const spendable = week?.remainingMinutes ?? 0;
  // Every free-times answer says which lengths the tutor teaches (ascending).
  const lengths: readonly Duration[] =
    free.byDuration[15]?.lessonLengths ?? free.byDuration[30]?.lessonLengths ?? SESSION_LENGTHS;
  const onlyLength = lengths.length === 1 ? lengths[0] : undefined;
  // A single length is chosen for the student; a moved lesson's length holds only while the tutor teaches it.
  const chosenDuration = duration && lengths.includes(duration) ? duration : (onlyLength ?? null);
  const shortest = lengths[0] ?? 15;

  // The shortest length's free starts cover every day a longer lesson could start.
  const days = useMemo(() => {
    const short = free.byDuration[shortest];
    if (!short) return [];
    const from = short.list[0]?.startsAt ?? new Date().toISOString();
    const to = week?.endsAt ?? short.list.at(-1)?.startsAt ?? from;
    return groupTimesByDay(short.list, { from: week ? new Date().toISOString() : from, to }, dates.dayKey);
  }, [free.byDuration, shortest, week, dates.dayKey]);

  const timesOf = (length: Duration) =>
    (free.byDuration[length]?.list ?? []).filter((time) => day !== null && dates.dayKey(time.startsAt) === day);
  const chosenTime = chosenDuration ? timesOf(chosenDuration).find((time) => time.startsAt === startsAt) : undefined;

  // A refusal holds for the choice it answered: it is told, and confirming again waits, until the student
  // changes the time or the length.
  const refusedAsIs =
    mutation.error !== null &&
    mutation.variables?.startsAt === startsAt &&
    mutation.variables?.durationMinutes === chosenDuration;
  const failure = refusedAsIs ? mutation.error : null;
  const failureCode = failure ? errorCodeOf(failure) : null;
  const policy = free.byDuration[15]?.cancellationPolicy ?? free.byDuration[30]?.cancellationPolicy;

  const submit = () => {
    if (!chosenDuration || !startsAt) return;
    const minutesLeft = Math.max(0, spendable - chosenDuration);
    const onSuccess = (lesson: LessonView) => {
      setBooked({ lesson, minutesLeft });
      onBooked?.(lesson);
    };
    if (moving) rebook.mutate({ id: moving.id, startsAt, durationMinutes: chosenDuration }, { onSuccess });
    else book.mutate({ tutorId: tutor.id, startsAt, durationMinutes: chosenDuration }, { onSuccess });
  };

  const pickAgain = () => {
    mutation.reset();
    setStartsAt(null);
    void free.refetch();
    setStep((failureCode && PICK_AGAIN[failureCode]?.step) ?? 2);
  };

  const title = t(moving ? 'booking.rebook.title' : 'booking.book.title', { name: tutor.name });
  const noSubscription = subscription.data?.id === -1;
  const unverified = user && (!user.emailVerified || !user.phoneVerified);

  let content: ReactNode;
  if (booked) {
    content = (
      <div className="flex flex-col gap-4">
        <Alert tone="success" title={t(moving ? 'booking.rebook.done' : 'booking.book.done')}>
          {t('booking.book.doneBody', {
            when: dates.dayTime(booked.lesson.startsAt),
            count: booked.minutesLeft,
          })}
        </Alert>
        <NotificationPrompt />
        <div className="flex flex-wrap gap-2">
          <Link to={paths.lesson.href(booked.lesson.id)} className={buttonClasses()} data-autofocus>
            {t('booking.book.viewLesson')}
          </Link>
          <Link to={paths.upcomingLessons.href()} className={buttonClasses({ variant: 'secondary' })}>
            {t('booking.book.toUpcoming')}
          </Link>
        </div>
      </div>
    );
  } else if (noSubscription) {
    content = (
      <Alert tone="warning" action={<LinkAction href={paths.plans.href()}>{t('booking.book.toPlans')}</LinkAction>}>
        {errorMessage('subscription-required')}
      </Alert>
    );
  } else if (unverified) {
    content = (
      <Alert tone="warning" action={<LinkAction href={paths.profile.href()}>{t('booking.book.toVerify')}</LinkAction>}>
        {errorMessage(user.emailVerified ? 'unverified-phone' : 'unverified-email')}
      </Alert>
    );
  } else if (free.isPending || subscription.isPending || pending.isPending) {
    content = <LoadingAnimation className="min-h-0 py-10" label={t('booking.book.loadingTimes')} />;
  } else if (free.error) {
    content = <LoadError error={free.error} onRetry={() => void free.refetch()} />;
  } else {
    const bookableDays = days.filter((d) => d.times.length > 0);
    content = (
      <div className="flex flex-col gap-5">
        <Stepper steps={STEPS.map((key) => t(key))} current={step} />
        {week && (
          <p className="rounded-xl bg-primary-50 px-3 py-2 text-sm text-primary-800">
            {t('booking.book.weekInfo', {
              count: remaining,
              end: dates.dayTime(week.endsAt),
            })}
          </p>
        )}
        {pending.lesson && !failure && <PendingLessonNotice lesson={pending.lesson} now={now} />}
        {failure && (
          <Alert
            tone="error"
            action={
              failureCode && ERROR_LINKS[failureCode] ? (
                <LinkAction href={ERROR_LINKS[failureCode].href}>{t(ERROR_LINKS[failureCode].label)}</LinkAction>
              ) : failureCode && PICK_AGAIN[failureCode] ? (
                <Button size="sm" variant="secondary" onClick={pickAgain}>
                  {t(PICK_AGAIN[failureCode].label)}
                </Button>
              ) : undefined
            }
          >
            {errorMessage(failureCode ?? 'unexpected')}
          </Alert>
        )}
        <div ref={focusFirst} key={step}>
          {step === 0 &&
            (bookableDays.length === 0 ? (
              <Alert tone="info" title={t('booking.book.noTimes')}>
                {t('booking.book.noTimesBody')}
              </Alert>
            ) : (
              <ChoiceGroup
                legend={t('booking.book.pickDate')}
                name="lesson-date"
                value={day}
                onChange={(value) => {
                  setDay(value);
                  setStartsAt(null);
                }}
                choices={days.map((d) => ({
                  value: d.key,
                  label: dates.dayShort(d.at),
                  detail:
                    d.times.length > 0
                      ? t('booking.book.freeFrom', { time: dates.time(d.times[0]?.startsAt ?? d.at) })
                      : t('booking.book.dayFull'),
                  disabled: d.times.length === 0,
                }))}
              />
            ))}
          {step === 1 && (
            <ChoiceGroup
              legend={t('booking.book.pickDuration')}
              name="lesson-duration"
              columns="grid-cols-2"
              value={chosenDuration}
              onChange={(value) => {
                setDuration(value);
                setStartsAt(null);
              }}
              description={
                onlyLength
                  ? t('booking.book.onlyLength', { name: tutor.name, length: format.minutes(onlyLength) })
                  : undefined
              }
              choices={lengths.map((length) => {
                const count = timesOf(length).length;
                const short = spendable < length;
                return {
                  value: length,
                  label: format.minutes(length),
                  detail: short
                    ? t('booking.book.notEnoughMinutes')
                    : count === 0
                      ? t('booking.book.noTimesThatDay')
                      : t('booking.book.timesCount', { count }),
                  disabled: short || count === 0,
                };
              })}
            />
          )}
          {step === 2 && chosenDuration && (
            <ChoiceGroup
              legend={t('booking.book.pickTime', { day: day ? dates.weekdayOf(day) : '' })}
              name="lesson-time"
              columns="grid-cols-3 sm:grid-cols-4"
              value={startsAt}
              onChange={setStartsAt}
              choices={timesOf(chosenDuration).map((time) => ({
                value: time.startsAt,
                label: dates.time(time.startsAt),
              }))}
            />
          )}
          {step === 3 && chosenTime && chosenDuration && (
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold text-ink">{t('booking.book.summary')}</h3>
              <dl className="grid gap-2 rounded-xl border border-line p-4 text-sm sm:grid-cols-2">
                <SummaryRow label={t('booking.book.tutor')} value={tutor.name} />
                <SummaryRow label={t('booking.book.date')} value={dates.day(chosenTime.startsAt)} />
                <SummaryRow
                  label={t('booking.book.time')}
                  value={dates.timeRange(chosenTime.startsAt, chosenTime.endsAt)}
                />
                <SummaryRow label={t('booking.book.duration')} value={format.minutes(chosenDuration)} />
                {moving && <SummaryRow label={t('booking.rebook.from')} value={dates.dayTime(moving.startsAt)} />}
                <SummaryRow label={t('booking.book.minutesNow')} value={format.minutes(remaining)} />
                <SummaryRow
                  label={t('booking.book.minutesAfter')}
                  value={format.minutes(Math.max(0, spendable - chosenDuration))}
                  strong
                />
              </dl>
              {policy && <CancellableUntilNote startsAt={chosenTime.startsAt} policy={policy} now={now} />}
              <p className="text-xs text-muted">{t('booking.book.timeZoneNote')}</p>
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-4">
          <Button variant="ghost" onClick={() => setStep((s) => s - 1)} disabled={step === 0 || mutation.isPending}>
            {t('common.back')}
          </Button>
          {step < 3 ? (
            <Button
              onClick={() => setStep((s) => s + 1)}
              disabled={
                (step === 0 && !day) ||
                (step === 1 && (!chosenDuration || timesOf(chosenDuration).length === 0)) ||
                (step === 2 && !startsAt)
              }
            >
              {t('common.next')}
            </Button>
          ) : (
            <Button
              onClick={submit}
              loading={mutation.isPending}
              disabled={!chosenTime || refusedAsIs || pending.lesson !== null}
            >
              {t(moving ? 'booking.rebook.confirm' : 'booking.book.confirm')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="lg">
      {content}
    </Dialog>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3 sm:flex-col sm:justify-start">
      <dt className="text-muted">{label}</dt>
      <dd className={strong ? 'font-bold text-primary-700' : 'font-semibold text-ink'}>{value}</dd>
    </div>
  );
}
