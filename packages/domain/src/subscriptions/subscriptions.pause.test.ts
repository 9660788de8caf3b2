import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_DEFAULTS } from '../settings/platform-settings.ts';
import {
  cairoDayOf,
  earlyPauseEnd,
  isPausedAt,
  pausedWeekAt,
  pauseEndsAt,
  pauseStartFor,
  pauseViolation,
  pauseWeeksOf,
} from './subscriptions.pause.ts';
import { subscriptionEndsAt, weekAnchorFor } from './subscriptions.rules.ts';

// Bought Thursday 2024-01-04 at 12:00 Cairo (UTC+2) for a month: weeks renew on Thursdays at 06:00 Cairo.
const startsAt = new Date('2024-01-04T10:00:00Z');
const weekAnchorAt = weekAnchorFor(startsAt, 6);
const monthEnd = subscriptionEndsAt(weekAnchorAt, 4);
// Paused two weeks from Monday 2024-01-08 at 12:00 Cairo, in the middle of her first week.
const pause = { startsAt: new Date('2024-01-08T10:00:00Z'), endsAt: new Date('2024-01-22T10:00:00Z') };
const span = { startsAt, weekAnchorAt, endsAt: pauseEndsAt(monthEnd, 2) };
const d = (iso: string) => new Date(iso);

describe('a pause in whole weeks', () => {
  it('ends whole Cairo weeks later, an hour of daylight saving notwithstanding', () => {
    expect(pauseEndsAt(pause.startsAt, 2)).toEqual(pause.endsAt);
    const acrossDst = { startsAt: d('2024-04-22T10:00:00Z'), endsAt: pauseEndsAt(d('2024-04-22T10:00:00Z'), 1) };
    expect(acrossDst.endsAt.toISOString()).toBe('2024-04-29T09:00:00.000Z');
    expect(pauseWeeksOf(acrossDst)).toBe(1);
    expect(pauseWeeksOf(pause)).toBe(2);
  });

  it('is paused from its start up to, not including, its end', () => {
    expect(isPausedAt(pause, d('2024-01-08T09:59:59Z'))).toBe(false);
    expect(isPausedAt(pause, pause.startsAt)).toBe(true);
    expect(isPausedAt(pause, pause.endsAt)).toBe(false);
    expect(isPausedAt(null, pause.startsAt)).toBe(false);
  });
});

describe('the day a pause starts', () => {
  const now = d('2024-01-06T10:00:00Z'); // Saturday 12:00 Cairo
  it('starts now for today or no day, and at the first minute of a later Cairo day', () => {
    expect(pauseStartFor(undefined, now)).toEqual(now);
    expect(pauseStartFor('2024-01-06', now)).toEqual(now);
    expect(pauseStartFor('2024-01-09', now)?.toISOString()).toBe('2024-01-08T22:00:00.000Z');
  });

  it('names Cairo days, not UTC ones', () => {
    expect(cairoDayOf(d('2024-01-08T22:30:00Z'))).toBe('2024-01-09');
    expect(pauseStartFor(cairoDayOf(now), now)).toEqual(now);
  });

  it('refuses a day already past', () => {
    expect(pauseStartFor('2024-01-05', now)).toBeNull();
  });
});

describe('what may be paused', () => {
  const facts = {
    startsAt: pause.startsAt,
    weeks: 2,
    subscription: { period: 'month' as const, endsAt: monthEnd },
    settings: PLATFORM_SETTINGS_DEFAULTS,
    taken: false,
  };

  it('allows 1 to 3 weeks from a day of her period, once', () => {
    for (const weeks of [1, 2, 3]) expect(pauseViolation({ ...facts, weeks })).toBeNull();
    expect(pauseViolation({ ...facts, taken: true })).toBe('pause-taken');
  });

  it('refuses lengths outside the settings', () => {
    expect(pauseViolation({ ...facts, weeks: 0 })).toBe('pause-weeks-out-of-range');
    expect(pauseViolation({ ...facts, weeks: 4 })).toBe('pause-weeks-out-of-range');
    const settings = { ...PLATFORM_SETTINGS_DEFAULTS, pauseMinWeeks: 2, pauseMaxWeeks: 4 };
    expect(pauseViolation({ ...facts, weeks: 1, settings })).toBe('pause-weeks-out-of-range');
    expect(pauseViolation({ ...facts, weeks: 4, settings })).toBeNull();
  });

  it('refuses a start outside the period', () => {
    expect(pauseViolation({ ...facts, startsAt: null })).toBe('pause-out-of-period');
    expect(pauseViolation({ ...facts, startsAt: monthEnd })).toBe('pause-out-of-period');
  });

  it('has nothing to pause in a free trial, nor when the setting turns pausing off', () => {
    const trial = { period: 'freeTrial' as const, endsAt: monthEnd };
    expect(pauseViolation({ ...facts, subscription: trial })).toBe('pause-unavailable');
    const off = { ...PLATFORM_SETTINGS_DEFAULTS, pausesPerPeriod: 0 };
    expect(pauseViolation({ ...facts, settings: off })).toBe('pause-unavailable');
  });
});

describe('weeks around a pause', () => {
  it('cuts the week the pause begins in, counting its lessons up to its resumed part', () => {
    expect(pausedWeekAt(span, pause, d('2024-01-06T10:00:00Z'))).toEqual({
      index: 0,
      startsAt,
      endsAt: pause.startsAt,
      counted: { startsAt, endsAt: d('2024-01-25T04:00:00Z') },
    });
  });

  it('has no week in the pause', () => {
    expect(pausedWeekAt(span, pause, pause.startsAt)).toBeNull();
    expect(pausedWeekAt(span, pause, d('2024-01-15T10:00:00Z'))).toBeNull();
  });

  it('resumes the cut week after the pause with the same minutes', () => {
    expect(pausedWeekAt(span, pause, d('2024-01-23T10:00:00Z'))).toEqual({
      index: 0,
      startsAt: pause.endsAt,
      endsAt: d('2024-01-25T04:00:00Z'),
      counted: { startsAt, endsAt: d('2024-01-25T04:00:00Z') },
    });
  });

  it('renews on the same weekday and hour after it, and gives four weeks in all up to the moved end', () => {
    expect(pausedWeekAt(span, pause, d('2024-01-26T10:00:00Z'))).toEqual({
      index: 1,
      startsAt: d('2024-01-25T04:00:00Z'),
      endsAt: d('2024-02-01T04:00:00Z'),
    });
    expect(pausedWeekAt(span, pause, d('2024-02-14T10:00:00Z'))?.index).toBe(3);
    expect(pausedWeekAt(span, pause, span.endsAt)).toBeNull();
  });

  it('is the plain week without a pause', () => {
    expect(pausedWeekAt({ ...span, endsAt: monthEnd }, null, d('2024-01-12T10:00:00Z'))?.index).toBe(1);
  });
});

describe('ending a pause early', () => {
  it('calls it off before it begins', () => {
    expect(earlyPauseEnd(pause, d('2024-01-07T10:00:00Z'))).toEqual({ endsAt: null });
  });

  it('ends it with the pause week under way', () => {
    expect(earlyPauseEnd(pause, d('2024-01-09T10:00:00Z'))).toEqual({ endsAt: d('2024-01-15T10:00:00Z') });
  });

  it('cannot end it sooner in its last week or after it', () => {
    expect(earlyPauseEnd(pause, d('2024-01-16T10:00:00Z'))).toBeNull();
    expect(earlyPauseEnd(pause, d('2024-01-23T10:00:00Z'))).toBeNull();
  });
});
