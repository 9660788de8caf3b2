import { arabicDigits, asTyped, BUSINESS_TIME_ZONE } from '@darsak/domain/common';
import { byGender, type Gender } from '@darsak/domain/users';
import { messageMoment } from '../../platform/message-time.ts';
import type { AppointmentKind } from './onboarding.repo.ts';

const day = new Intl.DateTimeFormat('ar-EG', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'long' });

const NAMES: Record<AppointmentKind, string> = { interview: 'المقابلة', demoSession: 'الجلسة التجريبية' };

export interface OnboardingNotice {
  subject: string;
  text: string;
}

export type OnboardingNoticeKind =
  | { kind: 'videoAccepted' }
  | { kind: 'timesOpened'; appointment: AppointmentKind }
  | { kind: 'videoRejected'; reason: string; reapplyAt: Date }
  | {
      kind: 'booked' | 'cancelled' | 'reminder' | 'managerDidNotAttend';
      appointment: AppointmentKind;
      startsAt: Date;
      other: string;
    }
  | { kind: 'passed'; appointment: AppointmentKind; feedback: string | null }
  | { kind: 'rejected'; appointment: AppointmentKind; feedback: string | null; reapplyAt: Date | null }
  | { kind: 'photoSessionDone' }
  | { kind: 'activated' | 'deactivated' };

/**
 * The Arabic text of an onboarding notice (by e-mail, WhatsApp or Telegram, as the person chose), worded for the
 * person it goes to (`gender`: a woman is addressed in the feminine) and written with Arabic-Indic digits.
 */
export function onboardingNotice(n: OnboardingNoticeKind, gender: Gender | string | null): OnboardingNotice {
  const notice = noticeFor(n, (male, female) => byGender(gender, { male, female }));
  return { subject: arabicDigits(notice.subject), text: arabicDigits(notice.text) };
}

/** The interviewer's words, as the applicant reads them after the outcome. */
const feedbackLine = (feedback: string | null) => (feedback ? `ملاحظات المُحاوِر: ${asTyped(feedback)}` : '');
const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');

function noticeFor(n: OnboardingNoticeKind, g: (male: string, female: string) => string): OnboardingNotice {
  switch (n.kind) {
    case 'videoAccepted':
      return {
        subject: 'قُبل فيديوك التعريفي',
        text: `درسك: قُبل فيديوك التعريفي، ${g('احجز', 'احجزي')} الآن موعد المقابلة من صفحة الانضمام.`,
      };
    case 'timesOpened':
      return {
        subject: `مواعيد ${NAMES[n.appointment]} متاحة الآن`,
        text: `درسك: أضاف أحد المُحاوِرين مواعيد جديدة، احجز موعد ${NAMES[n.appointment]} الآن من صفحة الانضمام.`,
      };
    case 'videoRejected':
      return {
        subject: 'لم يُقبل فيديوك التعريفي',
        text: `درسك: لم يُقبل فيديوك التعريفي. السبب: ${asTyped(n.reason)}. يمكنك إرسال فيديو جديد بدءًا من ${day.format(n.reapplyAt)}.`,
      };
    case 'booked':
      return {
        subject: `حُجز موعد ${NAMES[n.appointment]}`,
        text: `درسك: حُجزت ${NAMES[n.appointment]} مع ${n.other} يوم ${messageMoment.format(n.startsAt)} (بتوقيت القاهرة).`,
      };
    case 'cancelled':
      return {
        subject: `أُلغيت ${NAMES[n.appointment]}`,
        text: `درسك: أُلغيت ${NAMES[n.appointment]} مع ${n.other} التي كانت يوم ${messageMoment.format(n.startsAt)}.`,
      };
    case 'reminder':
      return {
        subject: `تذكير بموعد ${NAMES[n.appointment]}`,
        text: `درسك: تذكير، ${NAMES[n.appointment]} مع ${n.other} يوم ${messageMoment.format(n.startsAt)}. ${g('ادخل', 'ادخلي')} الغرفة من صفحة الموعد.`,
      };
    case 'managerDidNotAttend':
      return {
        subject: `لم يحضر المُحاوِر ${NAMES[n.appointment]}`,
        text: `درسك: نعتذر، لم يحضر ${n.other} ${NAMES[n.appointment]} التي كانت يوم ${messageMoment.format(n.startsAt)}. ${g('احجز', 'احجزي')} موعدًا جديدًا من صفحة الانضمام.`,
      };
    case 'passed':
      return {
        subject: `اجتزت ${NAMES[n.appointment]}`,
        text: sentences(
          n.appointment === 'interview'
            ? `درسك: مبروك، اجتزت المقابلة. ${g('احجز', 'احجزي')} الآن الجلسة التجريبية من صفحة الانضمام.`
            : 'درسك: مبروك، اجتزت الجلسة التجريبية. سيتواصل معك الاستوديو لموعد جلسة التصوير.',
          feedbackLine(n.feedback),
        ),
      };
    case 'rejected':
      return {
        subject: `نتيجة ${NAMES[n.appointment]}`,
        text: sentences(
          `درسك: ${g('لم تجتز', 'لم تجتازي')} ${NAMES[n.appointment]} هذه المرة.`,
          feedbackLine(n.feedback),
          n.reapplyAt ? `يمكنك التقدم مرة أخرى بدءًا من ${day.format(n.reapplyAt)}.` : '',
        ),
      };
    case 'photoSessionDone':
      return { subject: 'انتهت جلسة التصوير', text: 'درسك: انتهت جلسة التصوير ورُفعت صورك وفيديوك.' };
    case 'activated':
      return {
        subject: 'حسابك مفعّل على درسك',
        text: `درسك: مبروك، أصبح ملفك ظاهرًا للطلاب ويمكنهم حجز الدروس معك. ${g('راجع', 'راجعي')} جدولك من صفحة الجدول.`,
      };
    case 'deactivated':
      return { subject: 'أُوقف ظهور ملفك', text: 'درسك: أوقفت الإدارة ظهور ملفك للطلاب، وتبقى دروسك المحجوزة كما هي.' };
  }
}
