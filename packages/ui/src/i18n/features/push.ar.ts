import type { FeatureMessages } from '../messages.ts';

/** Arabic messages of notifications on the device (Web Push) and installing the app; keys start with 'push.'. */
export const pushAr = {
  'push.title': 'إشعارات على هذا الجهاز',
  'push.body': 'تصلك على الهاتف حتى وإن كان درسك مغلقًا، مع تذكيراتك بالبريد أو واتساب أو تيليجرام.',
  'push.enable': 'فعّل الإشعارات على هذا الجهاز',
  'push.disable': 'أوقفها على هذا الجهاز',
  'push.onHere': 'الإشعارات مفعّلة على هذا الجهاز.',
  'push.devices': {
    zero: 'لم تفعّلها على أي جهاز بعد.',
    one: 'مفعّلة على جهاز واحد.',
    two: 'مفعّلة على جهازين.',
    few: 'مفعّلة على {count} أجهزة.',
    many: 'مفعّلة على {count} جهازًا.',
    other: 'مفعّلة على {count} جهاز.',
  },
  'push.unsupported':
    'هذا المتصفح لا يدعم الإشعارات على الجهاز. افتح درسك في Chrome على هاتفك، أو ثبّته على الشاشة الرئيسية، لتصلك.',
  'push.denied':
    'الإشعارات محظورة لدرسك في هذا المتصفح. اسمح بها من إعدادات الموقع (رمز القفل بجانب العنوان)، ثم عد إلى هنا.',
  'push.unavailable': 'إشعارات الجهاز غير متاحة الآن.',
  'push.failed': 'تعذّر تفعيل الإشعارات على هذا الجهاز. حاول مرة أخرى.',
  'push.kinds': 'ما يصلك على الجهاز',
  'push.kind.lessonReminders': 'تذكيرات الدروس',
  'push.kind.lessonStarting': 'بدء الدرس الآن',
  'push.kind.chatMessages': 'رسائل المحادثة',
  'push.kind.paymentResults': 'نتيجة الدفع',
  'push.saved': 'حُفظ اختيارك',
  'push.loading': 'جارٍ تحميل إشعارات الجهاز…',
  'push.loadError': 'تعذّر تحميل إشعارات الجهاز.',
  'push.install.title': 'ثبّت درسك على هاتفك',
  'push.install.body': 'افتح دروسك بلمسة من الشاشة الرئيسية، ولو كان الاتصال ضعيفًا.',
  'push.install.action': 'ثبّت التطبيق',
  'push.install.later': 'ليس الآن',
} as const;

/** pushAr in every language, for the pages that show it to register (registerMessages). */
export const pushMessages: FeatureMessages = {
  ar: pushAr,
  en: async () => (await import('./push.en.ts')).pushEn,
};
