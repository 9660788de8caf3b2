import {
  type CancellationPolicy,
  cancellableUntil,
  cancellationWindowCloses,
  type LessonView,
} from '@darsak/domain/lessons';
import { Alert, buttonClasses } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDateFormat } from '../../../lib/date-format.ts';

/**
 * Before the student confirms: until when the lesson, booked now, can still be cancelled or moved (DESIGN §4
 * "Cancelling a lesson booked late"), from the same rule the server applies.
 */
export function CancellableUntilNote({
  startsAt,
  policy,
  now,
}: {
  startsAt: string;
  policy: CancellationPolicy;
  now: number;
}) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const start = new Date(startsAt);
  const until = cancellableUntil({ startsAt: start, bookedAt: new Date(now) }, policy).getTime();
  if (until <= now) return <Alert tone="warning">{t('booking.book.cancelNever')}</Alert>;
  // Later than the window allows: only the grace after booking is left.
  if (until > cancellationWindowCloses(start, policy).getTime())
    return <Alert tone="warning">{t('booking.book.cancelLate', { until: dates.time(until) })}</Alert>;
  return <p className="text-sm text-muted">{t('booking.book.cancelUntil', { until: dates.dayTime(until) })}</p>;
}

/** The one-pending-lesson rule, told as the dialog opens, with the way on: that lesson (cancel it) or its end. */
export function PendingLessonNotice({ lesson, now }: { lesson: LessonView; now: number }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const cancellable = now <= Date.parse(lesson.cancellableUntil);
  const facts = { name: lesson.tutor.name, when: dates.dayTime(lesson.startsAt) };
  return (
    <Alert
      tone="warning"
      title={t('booking.book.pendingTitle')}
      action={
        <Link to={paths.lesson.href(lesson.id)} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
          {t('booking.book.toPendingLesson')}
        </Link>
      }
    >
      {cancellable
        ? t('booking.book.pendingCancellable', { ...facts, until: dates.dayTime(lesson.cancellableUntil) })
        : t('booking.book.pendingWait', { ...facts, end: dates.dayTime(lesson.endsAt) })}
    </Alert>
  );
}
