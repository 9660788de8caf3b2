import { arabicDigits } from '@darsak/domain/common';
import type { ReminderKey } from '@darsak/domain/lessons';
import type { MessageKind } from '@darsak/domain/notifications';
import { byGender } from '@darsak/domain/users';
import { messageMoment } from '../../platform/message-time.ts';

export interface LessonNotice {
  subject: string;
  text: string;
}

export type LessonNoticeKind =
  | 'booked'
  | 'rebooked'
  | 'cancelled'
  | 'cancelledByStaff'
  | 'tutorDidNotAttend'
  | 'startingNow'
  | ReminderKey;

/** Each lesson notice as the notification policy knows it: reminders may be turned off, the rest may not. */
export const LESSON_MESSAGE_KIND: Record<LessonNoticeKind, MessageKind> = {
  booked: 'lessonBooked',
  rebooked: 'lessonRebooked',
  cancelled: 'lessonCancelled',
  cancelledByStaff: 'lessonCancelled',
  tutorDidNotAttend: 'lessonCancelled',
  startingNow: 'lessonStarting',
  oneDay: 'lessonReminderDay',
  oneHour: 'lessonReminderHour',
};

/** A member as a notice names or addresses them: Arabic agrees with a woman in the feminine. */
interface Person {
  name: string;
  gender: string | null;
}

/**
 * The text of a lesson notice to one member (`to`, worded for `recipient`), `other` being the lesson's other
 * member; numbers in Arabic-Indic digits.
 */
export function lessonNotice(
  kind: LessonNoticeKind,
  p: { to: 'student' | 'tutor'; recipient: Person; other: Person; startsAt: Date; durationMinutes: number },
): LessonNotice {
  const notice = noticeFor(kind, p);
  return { subject: arabicDigits(notice.subject), text: arabicDigits(notice.text) };
}

function noticeFor(
  kind: LessonNoticeKind,
  p: { to: 'student' | 'tutor'; recipient: Person; other: Person; startsAt: Date; durationMinutes: number },
): LessonNotice {
  const at = messageMoment.format(p.startsAt);
  // The tutor as the student reads of them, and the tutor as addressed.
  const tutor = (male: string, female: string) => byGender(p.other.gender, { male, female });
  const you = (male: string, female: string) => byGender(p.recipient.gender, { male, female });
  const lesson = `درس ${p.durationMinutes} دقيقة مع ${p.other.name} يوم ${at} (بتوقيت القاهرة)`;
  switch (kind) {
    case 'booked':
      return { subject: 'درس جديد في درسك', text: `درسك: حُجز ${lesson}.` };
    case 'rebooked':
      return { subject: 'تغيّر موعد درس في درسك', text: `درسك: تغيّر الموعد، وأصبح ${lesson}.` };
    case 'cancelled':
      return { subject: 'أُلغي درس في درسك', text: `درسك: أُلغي ${lesson}.` };
    case 'cancelledByStaff':
      return {
        subject: 'ألغت إدارة درسك درسًا',
        text:
          p.to === 'student'
            ? `درسك: ألغت الإدارة ${lesson}، وعادت دقائقه إلى رصيدك الأسبوعي.`
            : `درسك: ألغت الإدارة ${lesson}.`,
      };
    case 'tutorDidNotAttend':
      return p.to === 'student'
        ? {
            subject: tutor('درس لم يحضره المعلّم', 'درس لم تحضره المعلّمة'),
            text: `درسك: انتهى ${lesson} لأن ${tutor('المعلّم لم يحضر', 'المعلّمة لم تحضر')}، وعادت دقائقه إلى رصيدك الأسبوعي.`,
          }
        : {
            subject: you('درس لم تحضره', 'درس لم تحضريه'),
            text: `درسك: سُجّل ${lesson} درسًا ${you('لم تحضره', 'لم تحضريه')}، وأُلغي.`,
          };
    case 'oneDay':
      return { subject: 'تذكير بدرس الغد', text: `درسك: تذكير، لديك غدًا ${lesson}.` };
    case 'oneHour':
      return { subject: 'درسك يبدأ بعد ساعة', text: `درسك: تذكير، يبدأ بعد ساعة ${lesson}.` };
    case 'startingNow':
      return { subject: 'درسك يبدأ الآن', text: `درسك: بدأ الآن ${lesson}، ${you('ادخل', 'ادخلي')} الدرس.` };
  }
}
