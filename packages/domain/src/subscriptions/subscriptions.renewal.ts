import { DAYS_PER_WEEK } from '../common/time.ts';
import type { PlanPeriod } from '../plans/plans.enums.ts';
import type { SubscriptionStatus } from './subscriptions.contract.ts';
import { addCairoDays, isFreeTrial } from './subscriptions.rules.ts';

/**
 * Paying the next period in advance (issue 31): a student with a paid subscription under way may buy the next
 * one; it is `scheduled` from the end of the current one (moved by a pause), its weeks anchored there, and it
 * becomes the active one at that moment. One scheduled period at most, and paid periods never overlap (both
 * enforced by the database as well).
 */

/** What a purchase needs to know about the student's subscriptions now. */
export interface PurchaseFacts {
  now: Date;
  /** The subscription under way (active, or a scheduled one that has begun), if any. */
  current: { period: PlanPeriod; status: SubscriptionStatus; endsAt: Date } | null;
  /** Whether a next period is scheduled (not yet begun). */
  nextScheduled: boolean;
}

export type PurchaseStart = { startsAt: Date; advance: boolean } | { refused: 'next-period-scheduled' };

/**
 * Where a purchase made now starts: now when nothing paid runs (a free trial is replaced then); at the end of the
 * paid period under way otherwise (an advance period); refused while a next period is paid for (also when the one
 * before it was cancelled: a period bought now would overlap it).
 */
export function purchaseStartFor(facts: PurchaseFacts): PurchaseStart {
  const { now, current } = facts;
  if (facts.nextScheduled) return { refused: 'next-period-scheduled' };
  if (!current || isFreeTrial(current) || current.endsAt <= now) return { startsAt: now, advance: false };
  return { startsAt: current.endsAt, advance: true };
}

/** A scheduled period's dates and week anchor. */
export interface PeriodSpan {
  startsAt: Date;
  endsAt: Date;
  weekAnchorAt: Date;
}

/**
 * The scheduled period once a pause moved the current one's end by `weeks` (negative: a pause ended early gave
 * weeks back): it follows that end, its length and Cairo renewal hour kept.
 */
export function followingPeriod(next: PeriodSpan, weeks: number): PeriodSpan {
  const days = weeks * DAYS_PER_WEEK;
  return {
    startsAt: addCairoDays(next.startsAt, days),
    endsAt: addCairoDays(next.endsAt, days),
    weekAnchorAt: addCairoDays(next.weekAnchorAt, days),
  };
}

/** Whether a subscription is the one under way at `now`: active or scheduled, begun and not over. */
export const isUnderWay = (
  subscription: { status: SubscriptionStatus; startsAt: Date; endsAt: Date },
  now: Date,
): boolean =>
  (subscription.status === 'active' || subscription.status === 'scheduled') &&
  subscription.startsAt <= now &&
  now < subscription.endsAt;

/**
 * The status a student sees: a scheduled period that has begun is active (the sweep marks it so within minutes;
 * the rules never wait for it).
 */
export const shownStatus = (
  subscription: { status: SubscriptionStatus; startsAt: Date },
  now: Date,
): SubscriptionStatus =>
  subscription.status === 'scheduled' && subscription.startsAt <= now ? 'active' : subscription.status;
