import { isApiError, lessonQuery } from '@darsak/client';
import { CancelReason, isLessonCancelled, type LessonView } from '@darsak/domain/lessons';
import { Alert, Avatar, Card, LoadingAnimation, NotFound } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useNow } from '../hooks/use-now.ts';
import { CancelLessonButton } from './cancel-lesson-dialog.tsx';
import { JoinLessonLink } from './join-lesson-link.tsx';
import { otherMemberOf } from './lesson-card.tsx';
import { canChange, changeWindowPassed, mayEndAsTutorAbsent } from './lesson-rules.ts';
import { LessonStatusBadge } from './lesson-status.tsx';
import { TutorAbsentButton } from './tutor-absent.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/**
 * /lesson/{id}: who with, when, how long, its state, the cancellation window; join, cancel, and whatever the
 * page adds (`actions`: rebook, rate).
 */
export function LessonDetails({
  lessonId,
  viewerId,
  actions,
}: {
  lessonId: number;
  viewerId: number;
  actions?: (lesson: LessonView, state: { canChange: boolean }) => ReactNode;
}) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const now = useNow();
  const query = useQuery(lessonQuery(api, lessonId));
  if (query.isPending) return <LoadingAnimation />;
  if (query.isError) {
    if (isApiError(query.error, 'lesson-not-found') || isApiError(query.error, 'forbidden')) return <NotFound />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const lesson = query.data;
  const student = lesson.student.id === viewerId;
  const other = otherMemberOf(lesson, viewerId);
  const changeable = canChange(lesson, now);
  const extra = actions?.(lesson, { canChange: changeable });
  const charged = lesson.chargedMinutes;
  const returned = charged === null ? 0 : lesson.durationMinutes - charged;
  const measured = charged !== null && {
    charged: format.minutes(charged),
    duration: format.minutes(lesson.durationMinutes),
  };
  // the tutor is paid for what was lost on the student's side alone (attendanceOf)
  const paid = lesson.paidMinutes ?? charged ?? lesson.durationMinutes;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={other.name} src={other.image} size="lg" decorative />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">
            {t(student ? 'booking.lesson.withTutor' : 'booking.lesson.withStudent', {
              name: other.name,
              gender: other.gender,
            })}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-muted">
            <LessonStatusBadge lesson={lesson} />
            <span>{dates.dayTime(lesson.startsAt)}</span>
          </div>
        </div>
      </header>

      {lesson.cancelReason === CancelReason.rebooked && <Alert tone="info">{t('booking.lesson.rebookedNotice')}</Alert>}
      {student && lesson.cancelReason === CancelReason.tutorDidNotAttend && (
        <Alert tone="info" title={t('booking.absent.endedTitle')}>
          {t('booking.cancel.minutesBack', { count: lesson.durationMinutes })}
        </Alert>
      )}
      {measured && returned > 0 && (
        <Alert tone="info" title={t('booking.lesson.lostTitle')}>
          {student
            ? t('booking.cancel.minutesBack', { count: returned })
            : paid >= lesson.durationMinutes
              ? t('booking.lesson.lostTutorPaidInFull')
              : t('booking.lesson.lostTutor', {
                  paid: format.minutes(paid),
                  duration: format.minutes(lesson.durationMinutes),
                })}
        </Alert>
      )}
      {mayEndAsTutorAbsent(lesson, viewerId, now) && (
        <Alert
          tone="warning"
          title={t('booking.absent.noticeTitle')}
          action={<TutorAbsentButton lessonId={lesson.id} durationMinutes={lesson.durationMinutes} />}
        >
          {t('booking.absent.notice')}
        </Alert>
      )}

      <Card title={t('booking.lesson.details')}>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Row label={t('booking.book.date')}>{dates.day(lesson.startsAt)}</Row>
          <Row label={t('booking.book.time')}>{dates.timeRange(lesson.startsAt, lesson.endsAt)}</Row>
          <Row label={t('booking.book.duration')}>{format.minutes(lesson.durationMinutes)}</Row>
          <Row label={t(student ? 'booking.book.tutor' : 'booking.lesson.student')}>
            {student ? (
              <Link className="text-primary-700 hover:underline" to={paths.tutor.href(other.id)}>
                {other.name}
              </Link>
            ) : (
              other.name
            )}
          </Row>
          {!student && <Row label={t('booking.lesson.price')}>{format.piastres(lesson.pricePiastres)}</Row>}
          {isLessonCancelled(lesson.status) && lesson.cancelledAt && (
            <Row label={t('booking.lesson.cancelledAt')}>{dates.dayTime(lesson.cancelledAt)}</Row>
          )}
          {measured && <Row label={t('booking.lesson.charged')}>{t('booking.lesson.chargedOf', measured)}</Row>}
          <Row label={t('booking.lesson.session')}>
            {t(`booking.lesson.session.${lesson.sessionStatus}` as MessageKey)}
          </Row>
        </dl>
        <p className="mt-4 text-xs text-muted">{t('booking.book.timeZoneNote')}</p>
      </Card>

      {changeable && (
        <Alert tone="info">{t('booking.lesson.changeUntil', { until: dates.dayTime(lesson.cancellableUntil) })}</Alert>
      )}
      {changeWindowPassed(lesson, now) && (
        <Alert tone="warning">
          {t('booking.lesson.changeClosed', { until: dates.dayTime(lesson.cancellableUntil) })}
        </Alert>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <JoinLessonLink lesson={lesson} />
        {extra}
        <CancelLessonButton lesson={lesson} viewerId={viewerId} />
      </div>
    </div>
  );
}
