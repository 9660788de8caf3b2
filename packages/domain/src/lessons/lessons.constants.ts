import { MINUTES_PER_DAY, MINUTES_PER_HOUR } from '../common/time.ts';

/** Reminders sent before a lesson (spec §9). */
export const REMINDERS = [
  { key: 'oneDay', minutesBefore: MINUTES_PER_DAY },
  { key: 'oneHour', minutesBefore: MINUTES_PER_HOUR },
] as const;
export type ReminderKey = (typeof REMINDERS)[number]['key'];

/** A tutor's notice period: least minutes between booking and start (DESIGN §4). */
export const DEFAULT_NOTICE_PERIOD_MINUTES = 30;
/** Two days: a longer notice would leave little of a student's week bookable. */
export const MAX_NOTICE_PERIOD_MINUTES = 2 * MINUTES_PER_DAY;
