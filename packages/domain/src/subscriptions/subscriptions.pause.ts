import { cairoParts, cairoWallTimeToDate, DAYS_PER_WEEK, MS_PER_WEEK, startOfCairoDay } from '../common/time.ts';
import type { ErrorCode } from '../errors/codes.ts';
import type { PlanPeriod } from '../plans/plans.enums.ts';
import type { PlatformSettings } from '../settings/platform-settings.ts';
import {
  addCairoDays,
  type SubscriptionSpan,
  type SubscriptionWeek,
  subscriptionWeekAt,
} from './subscriptions.rules.ts';

/**
 * A pause of a subscription (issue 31): whole weeks during which the subscription's clock stands still. Its weeks
 * resume where they stopped and its end moves by the pause, so the student gets every week she paid for, no more.
 */

/** The most weeks the pause settings may allow; the database refuses longer pauses. */
export const PAUSE_WEEKS_LIMIT = 8;

export interface PauseSpan {
  startsAt: Date;
  endsAt: Date;
}

/** Whole Cairo weeks, so the renewal weekday and hour after the pause are those before it. */
export const pauseEndsAt = (startsAt: Date, weeks: number): Date => addCairoDays(startsAt, weeks * DAYS_PER_WEEK);

/** A pause's length in weeks (a daylight-saving change moves its end by an hour, never a week). */
export const pauseWeeksOf = (pause: PauseSpan): number =>
  Math.round((pause.endsAt.getTime() - pause.startsAt.getTime()) / MS_PER_WEEK);

export const isPausedAt = (pause: PauseSpan | null, at: Date): boolean =>
  pause !== null && at >= pause.startsAt && at < pause.endsAt;

/** The Cairo calendar day holding `at`, as a pause's `startDate` names it (`YYYY-MM-DD`). */
export function cairoDayOf(at: Date): string {
  const { year, month, day } = cairoParts(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * When a pause asked for on a Cairo calendar day (`YYYY-MM-DD`) starts: today (or no day) starts it now, a later
 * day at its first minute; null for a day already past.
 */
export function pauseStartFor(startDate: string | undefined, now: Date): Date | null {
  if (startDate === undefined) return now;
  const [year = 0, month = 0, day = 0] = startDate.split('-').map(Number);
  const dayStart = cairoWallTimeToDate({ year, month, day });
  if (dayStart < startOfCairoDay(now)) return null;
  return dayStart > now ? dayStart : now;
}

export interface PauseRequestFacts {
  startsAt: Date | null;
  weeks: number;
  subscription: { period: PlanPeriod; endsAt: Date };
  settings: Pick<PlatformSettings, 'pauseMinWeeks' | 'pauseMaxWeeks' | 'pausesPerPeriod'>;
  /** A pause was already taken in this subscription period. */
  taken: boolean;
}

/** Why a pause may not be taken, or null. A free trial costs nothing to keep, so it has nothing to pause. */
export function pauseViolation(f: PauseRequestFacts): ErrorCode | null {
  if (f.settings.pausesPerPeriod === 0 || f.subscription.period === 'freeTrial') return 'pause-unavailable';
  if (f.taken) return 'pause-taken';
  if (f.weeks < f.settings.pauseMinWeeks || f.weeks > f.settings.pauseMaxWeeks) return 'pause-weeks-out-of-range';
  if (f.startsAt === null || f.startsAt >= f.subscription.endsAt) return 'pause-out-of-period';
  return null;
}

/**
 * The week of a subscription holding `at`, with its pause: null outside the subscription and during the pause. The
 * week the pause cuts in two has one week's minutes for both parts: `counted` spans both, pause between, so the
 * lessons of either part (and those she kept in the pause) draw on the same minutes.
 */
export function pausedWeekAt(span: SubscriptionSpan, pause: PauseSpan | null, at: Date): SubscriptionWeek | null {
  if (!pause) return subscriptionWeekAt(span, at);
  if (isPausedAt(pause, at)) return null;
  const days = pauseWeeksOf(pause) * DAYS_PER_WEEK;
  const unpaused = { ...span, endsAt: addCairoDays(span.endsAt, -days) };
  const moved = (d: Date) => addCairoDays(d, days);
  if (at < pause.startsAt) {
    const week = subscriptionWeekAt(unpaused, at);
    if (!week || week.endsAt <= pause.startsAt) return week;
    return { ...week, endsAt: pause.startsAt, counted: { startsAt: week.startsAt, endsAt: moved(week.endsAt) } };
  }
  const week = subscriptionWeekAt(unpaused, addCairoDays(at, -days));
  if (!week) return null;
  if (week.startsAt >= pause.startsAt) return { ...week, startsAt: moved(week.startsAt), endsAt: moved(week.endsAt) };
  const endsAt = moved(week.endsAt);
  return { ...week, startsAt: pause.endsAt, endsAt, counted: { startsAt: week.startsAt, endsAt } };
}

/**
 * Where ending a pause early now leaves it: not begun, it is called off (`endsAt` null); under way, it ends with the
 * pause week running, so weeks stay whole. Null when it cannot end any earlier.
 */
export function earlyPauseEnd(pause: PauseSpan, now: Date): { endsAt: Date | null } | null {
  if (now < pause.startsAt) return { endsAt: null };
  let weeks = 1;
  while (pauseEndsAt(pause.startsAt, weeks) <= now) weeks++;
  const endsAt = pauseEndsAt(pause.startsAt, weeks);
  return endsAt < pause.endsAt ? { endsAt } : null;
}
