import type { FeatureMessages } from '../messages.ts';

/** Arabic messages of the guided tour of a new student; keys start with 'tour.'. */
export const tourAr = {
  'tour.label': 'جولة تعريفية',
  'tour.menu': 'جولة تعريفية بالتطبيق',
  'tour.progress': 'الخطوة {current} من {total}',
  'tour.next': 'التالي',
  'tour.back': 'السابق',
  'tour.skip': 'تخطَّ الجولة',
  'tour.finish': 'ابدأ التعلّم',
  'tour.welcome.title': 'أهلًا بك في درسك',
  'tour.welcome.body':
    'هذه لوحتك: دروسك القادمة ودقائقك المتبقية ومحادثاتك في مكان واحد. خذ جولة سريعة، أو تخطَّها وارجع إليها من قائمة حسابك متى شئت.',
  'tour.tutors.title': 'اختر معلّمك',
  'tour.tutors.body': 'تصفّح المعلّمين، وصفِّهم بالموضوع والوقت الذي يناسبك، وشاهد فيديو التعريف والتقييمات قبل أن تختار.',
  'tour.minutes.title': 'دقائقك الأسبوعية',
  'tour.minutes.body':
    'باقتك تمنحك دقائق كل أسبوع تحجز بها دروسك. تتجدّد الدقائق كل أسبوع صباح اليوم الذي بدأ فيه اشتراكك، وتختار باقتك من هنا.',
  'tour.booking.title': 'احجز درسك',
  'tour.booking.body':
    'افتح صفحة المعلّم، واختر وقتًا متاحًا هذا الأسبوع ومدّة الدرس، ثم أكّد الحجز. تُخصم المدّة من دقائقك، ويخبرك الحجز حتى متى يمكنك إلغاؤه.',
  'tour.lessons.title': 'انضم إلى درسك',
  'tour.lessons.body':
    'دروسك القادمة هنا. يظهر زرّ الانضمام قبل الموعد بدقائق: جرّب الكاميرا والميكروفون، ثم ادخل إلى الغرفة مع معلّمك.',
  'tour.chat.title': 'تحدّث مع معلّمك',
  'tour.chat.body': 'بعد الحجز تستطيع مراسلة معلّمك من هنا لتتفقا على ما تريد أن تتعلّمه في الدرس.',
} as const;

/** tourAr in every language, for the apps that show it to register (registerMessages). */
export const tourMessages: FeatureMessages = {
  ar: tourAr,
  en: async () => (await import('./tour.en.ts')).tourEn,
};
