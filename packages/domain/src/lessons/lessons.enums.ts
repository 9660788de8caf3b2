/** The lessons' enumerations, free of zod so a front end's frame can use them (their schemas: lessons.schemas.ts). */
export const LessonStatus = {
  pending: 'pending',
  happening: 'happening',
  fulfilled: 'fulfilled',
  cancelledByStudent: 'cancelledByStudent',
  cancelledByTutor: 'cancelledByTutor',
} as const;
export type LessonStatus = (typeof LessonStatus)[keyof typeof LessonStatus];

/** Cancelled lessons give their minutes back to the week's quota. */
export const isLessonCancelled = (status: LessonStatus): boolean =>
  status === LessonStatus.cancelledByStudent || status === LessonStatus.cancelledByTutor;

/** Weekdays as `Date#getDay()` numbers them. */
export const WEEKDAYS = [
  { id: 0, key: 'sunday', ar: 'الأحد', en: 'Sunday' },
  { id: 1, key: 'monday', ar: 'الاثنين', en: 'Monday' },
  { id: 2, key: 'tuesday', ar: 'الثلاثاء', en: 'Tuesday' },
  { id: 3, key: 'wednesday', ar: 'الأربعاء', en: 'Wednesday' },
  { id: 4, key: 'thursday', ar: 'الخميس', en: 'Thursday' },
  { id: 5, key: 'friday', ar: 'الجمعة', en: 'Friday' },
  { id: 6, key: 'saturday', ar: 'السبت', en: 'Saturday' },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]['id'];
