import { cairoParts, cairoWallTimeToDate, DAYS_PER_WEEK, MS_PER_DAY, MS_PER_WEEK } from '../common/time.ts';
import { PERIOD_WEEKS, type PlanPeriod } from '../plans/plans.enums.ts';
import type { SubscriptionStatus } from './subscriptions.contract.ts';

/**
 * The subscription week of DESIGN §4: weeks start on the weekday the subscription began, at the renewal hour in
 * Cairo, and every 7 days after, on the Cairo wall clock (so daylight saving never shifts the renewal hour).
 */

/** The same Cairo wall time `days` calendar days later. */
export function addCairoDays(at: Date, days: number): Date {
  const p = cairoParts(at);
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return cairoWallTimeToDate({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: p.hour,
    minute: p.minute,
  });
}

/** The renewal moment on the Cairo day the subscription began: every later week starts 7 days on from it. */
export function weekAnchorFor(startedAt: Date, renewalHourCairo: number): Date {
  const { year, month, day } = cairoParts(startedAt);
  return cairoWallTimeToDate({ year, month, day, hour: renewalHourCairo });
}

/** The longest free trial the `freeTrialWeeks` setting may give: a paid year. */
export const FREE_TRIAL_MAX_WEEKS = PERIOD_WEEKS.year;

/**
 * The weeks a subscription of this period lasts (spec §9: 4, 12, 52); a free trial lasts the `freeTrialWeeks`
 * setting, 0 keeping the spec's 5,200 weeks, i.e. until a paid plan replaces it.
 */
export const periodWeeksOf = (period: PlanPeriod, freeTrialWeeks: number): number =>
  period === 'freeTrial' && freeTrialWeeks > 0 ? freeTrialWeeks : PERIOD_WEEKS[period];

/** A subscription ends when its weeks have passed from the anchor. */
export function subscriptionEndsAt(weekAnchorAt: Date, weeks: number): Date {
  return addCairoDays(weekAnchorAt, weeks * DAYS_PER_WEEK);
}

export interface SubscriptionSpan {
  startsAt: Date;
  endsAt: Date;
  weekAnchorAt: Date;
}

export interface SubscriptionWeek {
  /** 0 for the first week. */
  index: number;
  startsAt: Date;
  /** The renewal moment, or the subscription's end in its last week. */
  endsAt: Date;
  /** Where the week's lessons are counted, when a pause cuts it in two (subscriptions.pause.ts); else its bounds. */
  counted?: { startsAt: Date; endsAt: Date };
}

/**
 * The week of the subscription that holds `at`, or null outside the subscription. The first week runs from the
 * purchase to the first renewal, so a purchase before the renewal hour gets a few extra hours, never fewer.
 */
export function subscriptionWeekAt(span: SubscriptionSpan, at: Date): SubscriptionWeek | null {
  if (at < span.startsAt || at >= span.endsAt) return null;
  const weekStart = (index: number) => addCairoDays(span.weekAnchorAt, index * DAYS_PER_WEEK);
  let index = Math.max(0, Math.floor((at.getTime() - span.weekAnchorAt.getTime()) / MS_PER_WEEK));
  while (index > 0 && weekStart(index) > at) index--;
  while (weekStart(index + 1) <= at) index++;
  const next = weekStart(index + 1);
  return {
    index,
    startsAt: index === 0 ? span.startsAt : weekStart(index),
    endsAt: new Date(Math.min(next.getTime(), span.endsAt.getTime())),
  };
}

/** Unused minutes do not carry over: what the week allows minus what its lessons take, never below zero. */
export const remainingMinutes = (weeklyMinutes: number, bookedMinutes: number): number =>
  Math.max(0, weeklyMinutes - bookedMinutes);

/** DESIGN §4: refundable while the lessons taken under the subscription do not exceed the setting. */
export const isRefundableCancel = (lessonsTaken: number, maxLessonsForRefundableCancel: number): boolean =>
  lessonsTaken <= maxLessonsForRefundableCancel;

/**
 * What a cancellation gives back: the price less the value of the minutes already taken or booked, at the
 * subscription's own price per minute. Nothing used: the whole price.
 */
export function cancellationRefundPiastres(p: {
  pricePiastres: number;
  weeklyMinutes: number;
  period: PlanPeriod;
  usedMinutes: number;
}): number {
  const totalMinutes = p.weeklyMinutes * PERIOD_WEEKS[p.period];
  const used = Math.round((p.pricePiastres * Math.min(p.usedMinutes, totalMinutes)) / totalMinutes);
  return Math.max(0, p.pricePiastres - used);
}

/** When the student is told the subscription is about to end (platform setting: days before). */
export const endNoticeAt = (endsAt: Date, noticeDays: number): Date =>
  new Date(endsAt.getTime() - noticeDays * MS_PER_DAY);

/** A plan's free trial, never paid for. */
export const isFreeTrial = (subscription: { period: PlanPeriod }): boolean => subscription.period === 'freeTrial';

/** Beyond a year and a week (the anchor may lie a day after the start), no period or trial setting reaches. */
const LONGEST_ENDING_MS = (PERIOD_WEEKS.year + 1) * MS_PER_WEEK;

/**
 * Whether a subscription's end date is worth telling: an open-ended free trial (`freeTrialWeeks` 0 when it
 * started) ends some 5,200 weeks on, which is no date; a trial of set weeks has a real one.
 */
export const hasEndDate = (subscription: { startsAt: string; endsAt: string }): boolean =>
  Date.parse(subscription.endsAt) - Date.parse(subscription.startsAt) <= LONGEST_ENDING_MS;

/**
 * Whether this subscription refuses a new purchase (`subscription-exists`): a paid active one does. A free trial
 * does not: a paid plan replaces it, the trial ending when the payment is paid.
 */
export const blocksPurchase = (subscription: { period: PlanPeriod; status: SubscriptionStatus }): boolean =>
  subscription.status === 'active' && !isFreeTrial(subscription);
