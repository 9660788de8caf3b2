import { CancelReason, LessonStatus, type LessonView } from '@darsak/domain/lessons';
import { Badge, type BadgeTone } from '@darsak/ui';
import { type MessageKey, useT } from '@darsak/ui/i18n';

const STATUS: Record<LessonStatus, { key: MessageKey; tone: BadgeTone }> = {
  [LessonStatus.pending]: { key: 'booking.lesson.status.pending', tone: 'primary' },
  [LessonStatus.happening]: { key: 'booking.lesson.status.happening', tone: 'success' },
  [LessonStatus.fulfilled]: { key: 'booking.lesson.status.fulfilled', tone: 'neutral' },
  [LessonStatus.cancelledByStudent]: { key: 'booking.lesson.status.cancelledByStudent', tone: 'error' },
  [LessonStatus.cancelledByTutor]: { key: 'booking.lesson.status.cancelledByTutor', tone: 'error' },
  [LessonStatus.cancelledByAdmin]: { key: 'booking.lesson.status.cancelledByAdmin', tone: 'error' },
};

/** The lesson's state in words (a moved lesson says so rather than "cancelled"). */
export function LessonStatusBadge({ lesson }: { lesson: Pick<LessonView, 'status' | 'cancelReason'> }) {
  const t = useT();
  if (lesson.cancelReason === CancelReason.rebooked)
    return <Badge tone="warning">{t('booking.lesson.status.rebooked')}</Badge>;
  if (lesson.cancelReason === CancelReason.tutorDidNotAttend) {
    return <Badge tone="error">{t('booking.lesson.status.tutorDidNotAttend')}</Badge>;
  }
  const status = STATUS[lesson.status];
  return <Badge tone={status.tone}>{t(status.key)}</Badge>;
}
