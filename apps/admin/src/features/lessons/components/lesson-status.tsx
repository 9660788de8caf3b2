import { CancelReason, type LessonView } from '@darsak/domain/lessons';
import { Badge, type BadgeTone } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';

const TONES: Record<LessonView['status'], BadgeTone> = {
  pending: 'primary',
  happening: 'info',
  fulfilled: 'success',
  cancelledByStudent: 'error',
  cancelledByTutor: 'error',
};

/** The lesson's state in words; a move, a no-show and a staff cancellation say so rather than "cancelled". */
export function lessonStatusText(t: (key: MessageKey) => string, lesson: LessonView): string {
  if (lesson.cancelReason === CancelReason.staff) return t('staff.lessonsPage.cancelledByStaff');
  if (lesson.cancelReason === CancelReason.rebooked) return t('booking.lesson.status.rebooked');
  if (lesson.cancelReason === CancelReason.tutorDidNotAttend) return t('booking.lesson.status.tutorDidNotAttend');
  return t(`booking.lesson.status.${lesson.status}` as MessageKey);
}

export function LessonStatus({ lesson }: { lesson: LessonView }) {
  const { t } = useI18n();
  return <Badge tone={TONES[lesson.status]}>{lessonStatusText(t, lesson)}</Badge>;
}
