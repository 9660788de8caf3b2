import { describe, expect, it } from 'vitest';
import { createDateFormat } from '../../../lib/date-format.ts';
import { groupTimesByDay } from './group-times-by-day.ts';

const { dayKey } = createDateFormat('ar-EG', 'Africa/Cairo');
const time = (startsAt: string, minutes = 30) => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
});

describe('groupTimesByDay', () => {
  it('puts times on their Cairo day, keeps empty days of the window, and orders both', () => {
    const times = [
      time('2026-11-24T08:00:00.000Z'),
      time('2026-11-23T21:45:00.000Z'), // 23:45 in Cairo (UTC+2): still the 23rd
      time('2026-11-23T22:00:00.000Z'), // 00:00 in Cairo: the 24th
      time('2026-11-23T08:00:00.000Z'),
    ];
    const days = groupTimesByDay(times, { from: '2026-11-22T04:00:00.000Z', to: '2026-11-25T04:00:00.000Z' }, dayKey);
    expect(days.map((d) => d.key)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(days.map((d) => d.times.length)).toEqual([0, 2, 2, 0]);
    expect(days[1]?.times.map((t) => t.startsAt)).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-23T21:45:00.000Z']);
    expect(days[2]?.times[0]?.startsAt).toBe('2026-11-23T22:00:00.000Z');
  });

  it('reads days across the spring daylight-saving change (last Friday of April in Cairo)', () => {
    const days = groupTimesByDay([], { from: '2026-04-23T10:00:00.000Z', to: '2026-04-26T10:00:00.000Z' }, dayKey);
    expect(days.map((d) => d.key)).toEqual(['2026-04-23', '2026-04-24', '2026-04-25', '2026-04-26']);
  });
});
