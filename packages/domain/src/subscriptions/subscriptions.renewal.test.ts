import { describe, expect, it } from 'vitest';
import { cairoParts } from '../common/time.ts';
import { followingPeriod, isUnderWay, purchaseStartFor, shownStatus } from './subscriptions.renewal.ts';

const now = new Date('2025-03-06T10:00:00Z');
const end = new Date('2025-03-31T04:00:00Z');
const paid = { period: 'month' as const, status: 'active' as const, endsAt: end };

describe('where a purchase starts', () => {
  it('now, when nothing runs', () => {
    expect(purchaseStartFor({ now, current: null, nextScheduled: false })).toEqual({ startsAt: now, advance: false });
  });

  it('now, over a free trial (which it replaces)', () => {
    const trial = { ...paid, period: 'freeTrial' as const };
    expect(purchaseStartFor({ now, current: trial, nextScheduled: false })).toEqual({ startsAt: now, advance: false });
  });

  it('at the end of the paid period under way: an advance period', () => {
    expect(purchaseStartFor({ now, current: paid, nextScheduled: false })).toEqual({ startsAt: end, advance: true });
  });

  it('now, at the very moment the current one ends (its end is not in it)', () => {
    expect(purchaseStartFor({ now: end, current: paid, nextScheduled: false })).toEqual({
      startsAt: end,
      advance: false,
    });
  });

  it('refused when the next period is already paid for, even once the current one was cancelled', () => {
    expect(purchaseStartFor({ now, current: paid, nextScheduled: true })).toEqual({ refused: 'next-period-scheduled' });
    expect(purchaseStartFor({ now, current: null, nextScheduled: true })).toEqual({ refused: 'next-period-scheduled' });
  });
});

describe('a scheduled period follows a pause', () => {
  const next = { startsAt: end, endsAt: new Date('2025-04-28T03:00:00Z'), weekAnchorAt: end };

  it('moves by the pause weeks, keeping the Cairo renewal hour across daylight saving', () => {
    const moved = followingPeriod(next, 2);
    expect(moved.startsAt.toISOString()).toBe('2025-04-14T04:00:00.000Z');
    expect(moved.weekAnchorAt.toISOString()).toBe('2025-04-14T04:00:00.000Z');
    // 2025-04-25 Cairo moves to UTC+3: 06:00 Cairo is then 03:00 UTC
    expect(moved.endsAt.toISOString()).toBe('2025-05-12T03:00:00.000Z');
    expect(cairoParts(moved.endsAt)).toMatchObject({ hour: 6, weekday: 1 });
  });

  it('moves back when a pause gives weeks back, and not at all for 0', () => {
    expect(followingPeriod(followingPeriod(next, 3), -3)).toEqual(next);
    expect(followingPeriod(next, 0)).toEqual(next);
  });
});

describe('the subscription under way', () => {
  const scheduled = { status: 'scheduled' as const, startsAt: end, endsAt: new Date('2025-04-28T03:00:00Z') };

  it('a scheduled period is under way from its first instant to before its end', () => {
    expect(isUnderWay(scheduled, new Date(end.getTime() - 1))).toBe(false);
    expect(isUnderWay(scheduled, end)).toBe(true);
    expect(isUnderWay(scheduled, scheduled.endsAt)).toBe(false);
    expect(isUnderWay({ ...scheduled, status: 'cancelled' }, end)).toBe(false);
  });

  it('is shown active once begun, before the sweep marks it', () => {
    expect(shownStatus(scheduled, now)).toBe('scheduled');
    expect(shownStatus(scheduled, end)).toBe('active');
    expect(shownStatus({ ...scheduled, status: 'ended' }, end)).toBe('ended');
  });
});
