import type { FeatureMessages } from '../messages.ts';

/** Arabic messages of linking a Telegram chat for notifications; keys start with 'telegram.'. */
export const telegramAr = {
  'telegram.title': 'ربط تيليجرام',
  'telegram.notLinked': 'لم تربط حسابك بتيليجرام بعد. اربطه لتصلك أكواد التأكيد وتذكيرات الدروس على تيليجرام.',
  'telegram.link': 'ربط تيليجرام',
  'telegram.linkedSince': 'حسابك مرتبط بتيليجرام منذ {date}.',
  'telegram.linked': 'حسابك مرتبط بتيليجرام.',
  'telegram.linkedNow': 'تم ربط تيليجرام بنجاح',
  'telegram.waiting': 'بانتظار ضغطك على «ابدأ» في محادثة بوت درسك على تيليجرام…',
  'telegram.waitingHint': 'ينتهي هذا الرابط الساعة {time}. إن لم تُفتح تيليجرام فافتحه من هنا.',
  'telegram.openLink': 'افتح تيليجرام',
  'telegram.expired': 'انتهت صلاحية رابط الربط قبل الضغط على «ابدأ». اطلب رابطًا جديدًا.',
  'telegram.retry': 'رابط جديد',
  'telegram.unlink': 'إلغاء ربط تيليجرام',
  'telegram.unlinkTitle': 'إلغاء ربط تيليجرام؟',
  'telegram.unlinkBody': 'لن تصلك الأكواد والتذكيرات على تيليجرام حتى تربطه من جديد.',
  'telegram.unlinkConfirm': 'إلغاء الربط',
  'telegram.unlinked': 'أُلغي ربط تيليجرام',
  'telegram.loading': 'جارٍ التحقق من ربط تيليجرام…',
  'telegram.loadError': 'تعذّر معرفة حالة ربط تيليجرام.',
} as const;

/** telegramAr in every language, for the apps that show it to register (registerMessages). */
export const telegramMessages: FeatureMessages = {
  ar: telegramAr,
  en: async () => (await import('./telegram.en.ts')).telegramEn,
};
