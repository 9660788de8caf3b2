import { BUSINESS_TIME_ZONE } from '@darsak/domain/common';
import type { AppointmentKind } from './onboarding.repo.ts';

const when = new Intl.DateTimeFormat('ar-EG', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat('ar-EG', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'long' });

const NAMES: Record<AppointmentKind, string> = { interview: 'المقابلة', demoSession: 'الجلسة التجريبية' };

export interface OnboardingNotice {
  subject: string;
  text: string;
}

export type OnboardingNoticeKind =
  | { kind: 'videoAccepted' }
  | { kind: 'videoRejected'; reason: string; reapplyAt: Date }
  | {
      kind: 'booked' | 'cancelled' | 'reminder' | 'managerDidNotAttend';
      appointment: AppointmentKind;
      startsAt: Date;
      other: string;
    }
  | { kind: 'passed'; appointment: AppointmentKind }
  | { kind: 'rejected'; appointment: AppointmentKind; feedback: string | null; reapplyAt: Date | null }
  | { kind: 'photoSessionDone' }
  | { kind: 'activated' | 'deactivated' };

/** The Arabic text of an onboarding notice (by e-mail, WhatsApp or Telegram, as the person chose). */
export function onboardingNotice(n: OnboardingNoticeKind): OnboardingNotice {
  switch (n.kind) {
    case 'videoAccepted':
      return {
        subject: 'قُبل فيديوك التعريفي',
        text: 'درسك: قُبل فيديوك التعريفي، احجز الآن موعد المقابلة من صفحة الانضمام.',
      };
    case 'videoRejected':
      return {
        subject: 'لم يُقبل فيديوك التعريفي',
        text: `درسك: لم يُقبل فيديوك التعريفي. السبب: ${n.reason}. يمكنك إرسال فيديو جديد بدءًا من ${day.format(n.reapplyAt)}.`,
      };
    case 'booked':
      return {
        subject: `حُجز موعد ${NAMES[n.appointment]}`,
        text: `درسك: حُجزت ${NAMES[n.appointment]} مع ${n.other} يوم ${when.format(n.startsAt)} (بتوقيت القاهرة).`,
      };
    case 'cancelled':
      return {
        subject: `أُلغيت ${NAMES[n.appointment]}`,
        text: `درسك: أُلغيت ${NAMES[n.appointment]} مع ${n.other} التي كانت يوم ${when.format(n.startsAt)}.`,
      };
    case 'reminder':
      return {
        subject: `تذكير بموعد ${NAMES[n.appointment]}`,
        text: `درسك: تذكير، ${NAMES[n.appointment]} مع ${n.other} يوم ${when.format(n.startsAt)}. ادخل الغرفة من صفحة الموعد.`,
      };
    case 'managerDidNotAttend':
      return {
        subject: `لم يحضر المُحاوِر ${NAMES[n.appointment]}`,
        text: `درسك: نعتذر، لم يحضر ${n.other} ${NAMES[n.appointment]} التي كانت يوم ${when.format(n.startsAt)}. احجز موعدًا جديدًا من صفحة الانضمام.`,
      };
    case 'passed':
      return {
        subject: `اجتزت ${NAMES[n.appointment]}`,
        text:
          n.appointment === 'interview'
            ? 'درسك: مبروك، اجتزت المقابلة. احجز الآن الجلسة التجريبية من صفحة الانضمام.'
            : 'درسك: مبروك، اجتزت الجلسة التجريبية. سيتواصل معك الاستوديو لموعد جلسة التصوير.',
      };
    case 'rejected':
      return {
        subject: `نتيجة ${NAMES[n.appointment]}`,
        text: [
          `درسك: لم تجتز ${NAMES[n.appointment]} هذه المرة.`,
          n.feedback ? `ملاحظات: ${n.feedback}.` : '',
          n.reapplyAt ? `يمكنك التقدم مرة أخرى بدءًا من ${day.format(n.reapplyAt)}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
      };
    case 'photoSessionDone':
      return { subject: 'انتهت جلسة التصوير', text: 'درسك: انتهت جلسة التصوير ورُفعت صورك وفيديوك.' };
    case 'activated':
      return {
        subject: 'حسابك مفعّل على درسك',
        text: 'درسك: مبروك، أصبح ملفك ظاهرًا للطلاب ويمكنهم حجز الدروس معك. راجع جدولك من صفحة الجدول.',
      };
    case 'deactivated':
      return { subject: 'أُوقف ظهور ملفك', text: 'درسك: أوقفت الإدارة ظهور ملفك للطلاب، وتبقى دروسك المحجوزة كما هي.' };
  }
}
