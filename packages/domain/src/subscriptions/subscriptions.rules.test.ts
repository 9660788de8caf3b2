import { describe, expect, it } from 'vitest';
import { cairoParts, MS_PER_HOUR } from '../common/time.ts';
import { PERIOD_WEEKS } from '../plans/plans.enums.ts';
import {
  addCairoDays,
  blocksPurchase,
  cancellationRefundPiastres,
  endNoticeAt,
  hasEndDate,
  isFreeTrial,
  isRefundableCancel,
  periodWeeksOf,
  remainingMinutes,
  subscriptionEndsAt,
  subscriptionWeekAt,
  weekAnchorFor,
} from './subscriptions.rules.ts';

// 2024-01-04 is a Thursday; Cairo is UTC+2 in winter and UTC+3 from the last Friday of April 2024.
const thursdayNoon = new Date('2024-01-04T10:00:00Z');

describe('week anchor', () => {
  it('is the renewal hour of the Cairo day the subscription began', () => {
    const anchor = weekAnchorFor(thursdayNoon, 6);
    expect(anchor.toISOString()).toBe('2024-01-04T04:00:00.000Z');
    expect(cairoParts(anchor)).toMatchObject({ weekday: 4, hour: 6, minute: 0 });
  });

  it('uses the Cairo date, not the UTC date, near midnight', () => {
    // 23:30 UTC on Jan 4 is 01:30 on Friday Jan 5 in Cairo.
    expect(cairoParts(weekAnchorFor(new Date('2024-01-04T23:30:00Z'), 6))).toMatchObject({ day: 5, weekday: 5 });
  });
});

describe('addCairoDays', () => {
  it('keeps the Cairo wall time across daylight saving', () => {
    const before = new Date('2024-04-18T04:00:00Z'); // Thursday 06:00, UTC+2
    const after = addCairoDays(before, 14);
    expect(after.toISOString()).toBe('2024-05-02T03:00:00.000Z'); // Thursday 06:00, UTC+3
    expect(cairoParts(after)).toMatchObject({ weekday: 4, hour: 6 });
  });
});

describe('subscription weeks', () => {
  const startsAt = thursdayNoon;
  const weekAnchorAt = weekAnchorFor(startsAt, 6);
  const endsAt = subscriptionEndsAt(weekAnchorAt, PERIOD_WEEKS.month);
  const span = { startsAt, endsAt, weekAnchorAt };

  it('ends after the period of weeks', () => {
    expect(endsAt.toISOString()).toBe('2024-02-01T04:00:00.000Z');
    expect(subscriptionEndsAt(weekAnchorAt, PERIOD_WEEKS.quarter).toISOString()).toBe('2024-03-28T04:00:00.000Z');
  });

  it('runs the first week from the purchase to the first renewal', () => {
    expect(subscriptionWeekAt(span, startsAt)).toEqual({
      index: 0,
      startsAt,
      endsAt: new Date('2024-01-11T04:00:00Z'),
    });
  });

  it('renews at the renewal hour to the minute', () => {
    const renewal = new Date('2024-01-11T04:00:00Z');
    expect(subscriptionWeekAt(span, new Date(renewal.getTime() - 1))?.index).toBe(0);
    expect(subscriptionWeekAt(span, renewal)).toEqual({
      index: 1,
      startsAt: renewal,
      endsAt: new Date('2024-01-18T04:00:00Z'),
    });
  });

  it('has no week before it starts or from its end', () => {
    expect(subscriptionWeekAt(span, new Date(startsAt.getTime() - 1))).toBeNull();
    expect(subscriptionWeekAt(span, endsAt)).toBeNull();
    expect(subscriptionWeekAt(span, new Date(endsAt.getTime() - 1))?.index).toBe(3);
  });

  it('gives a purchase before the renewal hour a longer first week', () => {
    const early = new Date('2024-01-04T02:00:00Z'); // 04:00 Cairo, before 06:00
    const anchor = weekAnchorFor(early, 6);
    const earlySpan = { startsAt: early, weekAnchorAt: anchor, endsAt: subscriptionEndsAt(anchor, PERIOD_WEEKS.month) };
    expect(subscriptionWeekAt(earlySpan, early)).toEqual({
      index: 0,
      startsAt: early,
      endsAt: new Date('2024-01-11T04:00:00Z'),
    });
  });

  it('renews at 06:00 Cairo on both sides of the daylight-saving change', () => {
    const start = new Date('2024-04-18T08:00:00Z');
    const anchor = weekAnchorFor(start, 6);
    const dst = { startsAt: start, weekAnchorAt: anchor, endsAt: subscriptionEndsAt(anchor, PERIOD_WEEKS.month) };
    const second = subscriptionWeekAt(dst, new Date('2024-04-26T12:00:00Z'));
    expect(second?.startsAt.toISOString()).toBe('2024-04-25T04:00:00.000Z'); // before the switch on Apr 26
    const third = subscriptionWeekAt(dst, new Date('2024-05-02T03:30:00Z'));
    expect(third?.index).toBe(2);
    expect(third?.startsAt.toISOString()).toBe('2024-05-02T03:00:00.000Z');
    expect(cairoParts(third?.endsAt ?? new Date(0))).toMatchObject({ hour: 6, weekday: 4 });
  });

  it('keeps weeks for the 100-year free trial', () => {
    const trial = { startsAt, weekAnchorAt, endsAt: subscriptionEndsAt(weekAnchorAt, periodWeeksOf('freeTrial', 0)) };
    expect(trial.endsAt.getUTCFullYear()).toBe(2123);
    expect(subscriptionWeekAt(trial, new Date('2030-06-06T12:00:00Z'))?.startsAt.toISOString()).toBe(
      '2030-06-06T03:00:00.000Z',
    );
  });
});

describe('quota and cancellation', () => {
  it('never goes below zero', () => {
    expect(remainingMinutes(120, 0)).toBe(120);
    expect(remainingMinutes(120, 90)).toBe(30);
    expect(remainingMinutes(120, 120)).toBe(0);
    expect(remainingMinutes(120, 150)).toBe(0);
  });

  it('refunds while the lessons taken do not exceed the setting', () => {
    expect(isRefundableCancel(0, 1)).toBe(true);
    expect(isRefundableCancel(1, 1)).toBe(true);
    expect(isRefundableCancel(2, 1)).toBe(false);
    expect(isRefundableCancel(0, 0)).toBe(true);
    expect(isRefundableCancel(1, 0)).toBe(false);
  });

  it('gives back the price less the minutes used', () => {
    const sub = { pricePiastres: 80_000, weeklyMinutes: 120, period: 'month' as const };
    expect(cancellationRefundPiastres({ ...sub, usedMinutes: 0 })).toBe(80_000);
    // 30 of 480 minutes used: 1/16 of the price kept.
    expect(cancellationRefundPiastres({ ...sub, usedMinutes: 30 })).toBe(75_000);
    expect(cancellationRefundPiastres({ ...sub, usedMinutes: 480 })).toBe(0);
    expect(cancellationRefundPiastres({ ...sub, usedMinutes: 9_999 })).toBe(0);
  });

  it('tells the student days before the end', () => {
    const end = new Date('2024-02-01T04:00:00Z');
    expect(endNoticeAt(end, 3).toISOString()).toBe('2024-01-29T04:00:00.000Z');
    expect(endNoticeAt(end, 0).getTime()).toBe(end.getTime());
    expect(end.getTime() - endNoticeAt(end, 1).getTime()).toBe(24 * MS_PER_HOUR);
  });
});

describe('a free trial and buying a plan', () => {
  it('tells a free trial from a paid subscription', () => {
    expect(isFreeTrial({ period: 'freeTrial' })).toBe(true);
    for (const period of ['month', 'quarter', 'year'] as const) expect(isFreeTrial({ period })).toBe(false);
  });

  it('lasts the weeks of the trial setting, 0 keeping the 5,200 weeks; a paid period keeps its own', () => {
    expect(periodWeeksOf('freeTrial', 0)).toBe(5200);
    expect(periodWeeksOf('freeTrial', 2)).toBe(2);
    expect(periodWeeksOf('quarter', 2)).toBe(12);
  });

  it('tells no end date for the 5,200-week trial, and the end of a set trial or a paid period', () => {
    const startsAt = thursdayNoon;
    const anchor = weekAnchorFor(startsAt, 23);
    const span = (weeks: number) => ({
      startsAt: startsAt.toISOString(),
      endsAt: subscriptionEndsAt(anchor, weeks).toISOString(),
    });
    expect(hasEndDate(span(periodWeeksOf('freeTrial', 0)))).toBe(false);
    for (const weeks of [1, 2, PERIOD_WEEKS.month, PERIOD_WEEKS.quarter, PERIOD_WEEKS.year])
      expect(hasEndDate(span(weeks))).toBe(true);
  });

  it('refuses a purchase only while a paid subscription is active: a paid plan replaces a trial', () => {
    for (const period of ['month', 'quarter', 'year'] as const) {
      expect(blocksPurchase({ period, status: 'active' })).toBe(true);
      expect(blocksPurchase({ period, status: 'ended' })).toBe(false);
      expect(blocksPurchase({ period, status: 'cancelled' })).toBe(false);
    }
    expect(blocksPurchase({ period: 'freeTrial', status: 'active' })).toBe(false);
  });
});
