import { CancelReason, type LessonView } from '@darsak/domain/lessons';
import { Badge, type BadgeTone } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';

const TONES: Record<LessonView['status'], BadgeTone> = {
  pending: 'primary',
  happening: 'info',
  fulfilled: 'success',
  cancelledByStudent: 'error',
  cancelledByTutor: 'error',
  cancelledByAdmin: 'error',
};

/** The lesson's state in words; a move and a no-show say so rather than "cancelled". */
export function lessonStatusText(t: (key: MessageKey) => string, lesson: LessonView): string {
  if (lesson.cancelReason === CancelReason.rebooked) return t('booking.lesson.status.rebooked');
  if (lesson.cancelReason === CancelReason.tutorDidNotAttend) return t('booking.lesson.status.tutorDidNotAttend');
  return t(`booking.lesson.status.${lesson.status}` as MessageKey);
}

/** Its live session's status (spec §4) in words: held, or whose side it fell through on. */
export const sessionStatusText = (t: (key: MessageKey) => string, lesson: LessonView): string =>
  t(`booking.lesson.session.${lesson.sessionStatus}` as MessageKey);

export function LessonStatus({ lesson }: { lesson: LessonView }) {
  const { t } = useI18n();
  return <Badge tone={TONES[lesson.status]}>{lessonStatusText(t, lesson)}</Badge>;
}
