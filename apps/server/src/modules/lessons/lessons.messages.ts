import { BUSINESS_TIME_ZONE } from '@darsak/domain/common';
import type { ReminderKey } from '@darsak/domain/lessons';
import type { MessageChannel } from '../../providers/messaging/messenger.ts';

/** Who is told, and how: their notification method when it can reach them, e-mail otherwise. */
export interface Recipient {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  phoneVerifiedAt: Date | null;
  telegramChatId: string | null;
  notificationMethod: string;
}

export function deliveryOf(user: Recipient): { channel: MessageChannel; to: string } {
  if (user.notificationMethod === 'whatsapp' && user.phone && user.phoneVerifiedAt) {
    return { channel: 'whatsapp', to: user.phone };
  }
  if (user.notificationMethod === 'telegram' && user.telegramChatId) {
    return { channel: 'telegram', to: user.telegramChatId };
  }
  return { channel: 'email', to: user.email };
}

const when = new Intl.DateTimeFormat('ar-EG', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

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
  | ReminderKey;

/** The text of a lesson notice to one member, `other` being the lesson's other member. */
export function lessonNotice(
  kind: LessonNoticeKind,
  p: { to: 'student' | 'tutor'; other: string; startsAt: Date; durationMinutes: number },
): LessonNotice {
  const at = when.format(p.startsAt);
  const lesson = `درس ${p.durationMinutes} دقيقة مع ${p.other} يوم ${at} (بتوقيت القاهرة)`;
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
      return {
        subject: 'درس لم يحضره المعلّم',
        text:
          p.to === 'student'
            ? `درسك: انتهى ${lesson} لأن المعلّم لم يحضر، وعادت دقائقه إلى رصيدك الأسبوعي.`
            : `درسك: سُجّل ${lesson} درسًا لم تحضره، وأُلغي.`,
      };
    case 'oneDay':
      return { subject: 'تذكير بدرس الغد', text: `درسك: تذكير، لديك غدًا ${lesson}.` };
    case 'oneHour':
      return { subject: 'درسك يبدأ بعد ساعة', text: `درسك: تذكير، يبدأ بعد ساعة ${lesson}.` };
  }
}
