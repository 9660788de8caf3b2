import { z } from 'zod';
import { MAX_NOTICE_PERIOD_MINUTES } from './lessons.constants.ts';
import { LessonStatus } from './lessons.enums.ts';

export const LessonStatusSchema = z.enum(LessonStatus);
/** Weekdays as `Date#getDay()` numbers them (WEEKDAYS). */
export const WeekdaySchema = z.number().int().min(0).max(6);

export const NoticePeriodMinutes = z
  .number()
  .int('notice-period-range')
  .min(0, 'notice-period-range')
  .max(MAX_NOTICE_PERIOD_MINUTES, 'notice-period-max');
