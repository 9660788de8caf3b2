import type { FeatureMessages } from '../messages.ts';

/**
 * Arabic messages the main app's frame shows on any page (so they ride in its first bundle while the features'
 * catalogues ride with their pages): the connection banner, the app log export, the lesson alerts and the user
 * menu's problem-report entries.
 */
export const appFrameAr = {
  // connection banner (spec §8: connection lost, poor connection)
  'realtime.connection.poor': 'اتصالك ضعيف',
  'realtime.connection.poorHint': 'نحاول إعادة الاتصال تلقائيًا…',
  'realtime.connection.lost': 'انقطع الاتصال',
  'realtime.connection.lostHint': 'تحقّق من اتصالك بالإنترنت؛ سنعيد الاتصال فور عودته.',

  // log export (spec §2)
  'realtime.log.title': 'تصدير سجل التطبيق',
  'realtime.log.body':
    'يحفظ ملفًا نصيًا بما مرّ به التطبيق على هذا الجهاز (الاتصال والأخطاء وحالة المكالمة)، دون كلمات مرور أو محتوى رسائلك. أرفقه ببلاغ المشكلة ليساعدنا على حلّها.',
  'realtime.log.open': 'تصدير السجل',
  'realtime.log.entries': 'عدد الأحداث المسجّلة: {count}',
  'realtime.log.download': 'تنزيل ملف السجل',
  'realtime.log.downloaded': 'نزّلنا ملف السجل.',
  'realtime.log.cardTitle': 'مشكلة في الاتصال أو الدروس؟',

  // realtime notices to the other member of a lesson
  'booking.realtime.booked': 'حجز طالب درسًا معك {when}',
  'booking.realtime.rebooked': 'غيّر طالب موعد درسه معك إلى {when}',
  'booking.realtime.cancelled': 'أُلغي درسك {when}',

  // problem reports: the user menu's entries (the dialog and the /reports page register the reports' catalogue)
  'reports.open': 'الإبلاغ عن مشكلة',
  'reports.mine.title': 'بلاغاتي',
} as const;

/** appFrameAr in every language, for the apps that show it to register (registerMessages). */
export const appFrameMessages: FeatureMessages = {
  ar: appFrameAr,
  en: async () => (await import('./app-frame.en.ts')).appFrameEn,
};
