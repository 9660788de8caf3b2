import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTICE_PERIOD_MINUTES,
  isLessonCancelled,
  LessonStatus,
  LessonStatusSchema,
  MAX_NOTICE_PERIOD_MINUTES,
  NoticePeriodMinutes,
  REMINDERS,
  WEEKDAYS,
  WeekdaySchema,
} from './index.ts';

describe('lessons', () => {
  it('has the lesson statuses and knows the cancelled ones', () => {
    expect(LessonStatusSchema.options).toEqual([
      'pending',
      'happening',
      'fulfilled',
      'cancelledByStudent',
      'cancelledByTutor',
      'cancelledByAdmin',
    ]);
    expect(Object.values(LessonStatus).filter(isLessonCancelled)).toEqual([
      'cancelledByStudent',
      'cancelledByTutor',
      'cancelledByAdmin',
    ]);
  });

  it('numbers weekdays as Date#getDay does', () => {
    expect(WEEKDAYS.map((d) => d.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(WEEKDAYS[0].ar).toBe('الأحد');
    expect(WEEKDAYS[6].ar).toBe('السبت');
    expect(WEEKDAYS[new Date('2025-01-02T12:00:00Z').getUTCDay()]?.en).toBe('Thursday');
    expect(WeekdaySchema.safeParse(0).success).toBe(true);
    expect(WeekdaySchema.safeParse(6).success).toBe(true);
    expect(WeekdaySchema.safeParse(-1).success).toBe(false);
    expect(WeekdaySchema.safeParse(7).success).toBe(false);
  });

  it('reminds one day and one hour before', () => {
    expect(REMINDERS.map((r) => r.minutesBefore)).toEqual([1440, 60]);
  });

  it('bounds the notice period', () => {
    expect(DEFAULT_NOTICE_PERIOD_MINUTES).toBe(30);
    expect(NoticePeriodMinutes.safeParse(0).success).toBe(true);
    expect(NoticePeriodMinutes.safeParse(MAX_NOTICE_PERIOD_MINUTES).success).toBe(true);
    expect(NoticePeriodMinutes.safeParse(MAX_NOTICE_PERIOD_MINUTES + 1).error?.issues[0]?.message).toBe(
      'notice-period-max',
    );
    expect(NoticePeriodMinutes.safeParse(-1).success).toBe(false);
    expect(NoticePeriodMinutes.safeParse(30.5).success).toBe(false);
  });
});
