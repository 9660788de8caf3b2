import { describe, expect, it } from 'vitest';
import {
  addMonths,
  BUSINESS_TIME_ZONE,
  cairoOffsetMs,
  cairoParts,
  cairoWallTimeToDate,
  DAYS_PER_WEEK,
  MINUTES_PER_DAY,
  MONTH_DAYS,
  MS_PER_HOUR,
  startOfCairoDay,
} from './time.ts';

describe('time constants', () => {
  it('match spec §9', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Africa/Cairo');
    expect(MINUTES_PER_DAY).toBe(1440);
    expect(DAYS_PER_WEEK).toBe(7);
    expect(MONTH_DAYS).toBe(30);
  });
});

describe('cairoParts', () => {
  it('reads winter time at UTC+2', () => {
    // 2024-01-04 is a Thursday.
    expect(cairoParts(new Date('2024-01-04T04:30:15Z'))).toEqual({
      year: 2024,
      month: 1,
      day: 4,
      weekday: 4,
      hour: 6,
      minute: 30,
      second: 15,
    });
  });

  it('reads summer time at UTC+3', () => {
    expect(cairoParts(new Date('2024-07-01T12:00:00Z'))).toMatchObject({ hour: 15, minute: 0, weekday: 1 });
  });

  it('rolls the date over at Cairo midnight, not UTC midnight', () => {
    expect(cairoParts(new Date('2024-01-06T21:59:59Z'))).toMatchObject({ day: 6, weekday: 6, hour: 23 });
    expect(cairoParts(new Date('2024-01-06T22:00:00Z'))).toMatchObject({ day: 7, weekday: 0, hour: 0 });
  });

  it('uses hour 0, never 24, at midnight', () => {
    expect(cairoParts(new Date('2024-01-06T22:00:00Z')).hour).toBe(0);
  });
});

describe('cairoOffsetMs', () => {
  it('is +2 h in winter and +3 h in summer', () => {
    expect(cairoOffsetMs(new Date('2024-01-15T10:00:00Z'))).toBe(2 * MS_PER_HOUR);
    expect(cairoOffsetMs(new Date('2024-07-15T10:00:00Z'))).toBe(3 * MS_PER_HOUR);
  });

  it('ignores milliseconds', () => {
    expect(cairoOffsetMs(new Date('2024-01-15T10:00:00.999Z'))).toBe(2 * MS_PER_HOUR);
  });
});

describe('cairoWallTimeToDate', () => {
  it('maps Cairo wall time to UTC in both seasons', () => {
    expect(cairoWallTimeToDate({ year: 2024, month: 1, day: 4, hour: 6 }).toISOString()).toBe(
      '2024-01-04T04:00:00.000Z',
    );
    expect(cairoWallTimeToDate({ year: 2024, month: 7, day: 4, hour: 6 }).toISOString()).toBe(
      '2024-07-04T03:00:00.000Z',
    );
  });

  it('defaults hour and minute to midnight', () => {
    expect(cairoWallTimeToDate({ year: 2024, month: 1, day: 4 }).toISOString()).toBe('2024-01-03T22:00:00.000Z');
  });

  it('moves a time skipped by the spring jump forward', () => {
    // Egypt jumped from 00:00 to 01:00 on Friday 2024-04-26.
    expect(cairoWallTimeToDate({ year: 2024, month: 4, day: 26, hour: 0, minute: 30 }).toISOString()).toBe(
      '2024-04-25T22:30:00.000Z',
    );
  });
});

describe('startOfCairoDay', () => {
  it('returns Cairo midnight', () => {
    expect(startOfCairoDay(new Date('2024-01-04T12:00:00Z')).toISOString()).toBe('2024-01-03T22:00:00.000Z');
    expect(startOfCairoDay(new Date('2024-07-04T12:00:00Z')).toISOString()).toBe('2024-07-03T21:00:00.000Z');
  });

  it('is stable at the first and last instants of a day', () => {
    const start = new Date('2024-01-03T22:00:00Z');
    expect(startOfCairoDay(start).toISOString()).toBe(start.toISOString());
    expect(startOfCairoDay(new Date('2024-01-04T21:59:59.999Z')).toISOString()).toBe(start.toISOString());
  });

  it('starts the spring-forward day at 01:00, its first existing instant', () => {
    const start = startOfCairoDay(new Date('2024-04-26T12:00:00Z'));
    expect(start.toISOString()).toBe('2024-04-25T22:00:00.000Z');
    expect(cairoParts(start)).toMatchObject({ day: 26, hour: 1, minute: 0 });
  });

  it('handles the fall-back night (23:00 happens twice on 2024-10-31)', () => {
    expect(startOfCairoDay(new Date('2024-11-01T12:00:00Z')).toISOString()).toBe('2024-10-31T22:00:00.000Z');
    expect(startOfCairoDay(new Date('2024-10-31T21:30:00Z')).toISOString()).toBe('2024-10-30T21:00:00.000Z');
  });
});

describe('addMonths', () => {
  it('adds calendar months', () => {
    expect(addMonths(new Date('2024-01-15T10:00:00Z'), 3).toISOString()).toBe('2024-04-15T10:00:00.000Z');
    expect(addMonths(new Date('2024-11-15T10:00:00Z'), 6).toISOString()).toBe('2025-05-15T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-15T10:00:00Z'), 0).toISOString()).toBe('2024-01-15T10:00:00.000Z');
  });

  it('clamps to the last day of a shorter month', () => {
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2023-01-31T10:00:00Z'), 1).toISOString()).toBe('2023-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-08-31T10:00:00Z'), 3).toISOString()).toBe('2024-11-30T10:00:00.000Z');
  });
});
