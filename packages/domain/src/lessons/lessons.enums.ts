/** The lessons' enumerations, free of zod so a front end's frame can use them (their schemas: lessons.schemas.ts). */
export const LessonStatus = {
  pending: 'pending',
  happening: 'happening',
  fulfilled: 'fulfilled',
  cancelledByStudent: 'cancelledByStudent',
  cancelledByTutor: 'cancelledByTutor',
  /** An admin cancelled it (spec §4 names the lesson's members only; staff cancel too, issue 12). */
  cancelledByAdmin: 'cancelledByAdmin',
} as const;
export type LessonStatus = (typeof LessonStatus)[keyof typeof LessonStatus];

/** The cancelled states: their lessons give their minutes back to the week's quota and hold no time. */
export const CANCELLED_LESSON_STATUSES = [
  LessonStatus.cancelledByStudent,
  LessonStatus.cancelledByTutor,
  LessonStatus.cancelledByAdmin,
] as const satisfies readonly LessonStatus[];

export const isLessonCancelled = (status: LessonStatus): boolean =>
  (CANCELLED_LESSON_STATUSES as readonly LessonStatus[]).includes(status);

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
