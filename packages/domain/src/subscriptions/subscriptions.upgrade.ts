import { DAYS_PER_WEEK, MS_PER_DAY } from '../common/time.ts';
import { type PaidPeriod, PERIOD_WEEKS } from '../plans/plans.enums.ts';

/**
 * A mid-term upgrade to a larger plan (issue 31): it applies from the current week, so it is priced for the whole
 * weeks from that week's start to the end: (new weekly price − old weekly price) × weeks left, where a weekly
 * price is the period's price over its weeks (what she paid for hers, what the larger plan costs now for the same
 * period). Computed on the totals and rounded once to the piastre, so no week's rounding adds up.
 */

/** Whole weeks from the current week's start to the subscription's end (Cairo days, so daylight saving is no hour short). */
export function remainingWholeWeeks(weekStartsAt: Date, endsAt: Date): number {
  const days = Math.round((endsAt.getTime() - weekStartsAt.getTime()) / MS_PER_DAY);
  return Math.max(0, Math.floor(days / DAYS_PER_WEEK));
}

export interface UpgradeFacts {
  period: PaidPeriod;
  current: { weeklyMinutes: number; pricePiastres: number };
  /** The larger plan's price for the same period now. */
  larger: { weeklyMinutes: number; pricePiastres: number };
  weeksLeft: number;
}

export type UpgradePrice = { amountPiastres: number } | { refused: 'upgrade-not-larger' | 'upgrade-no-weeks-left' };

export function upgradePrice(f: UpgradeFacts): UpgradePrice {
  if (f.larger.weeklyMinutes <= f.current.weeklyMinutes) return { refused: 'upgrade-not-larger' };
  const periodWeeks = PERIOD_WEEKS[f.period];
  const weeks = Math.min(f.weeksLeft, periodWeeks);
  if (weeks <= 0) return { refused: 'upgrade-no-weeks-left' };
  const difference = Math.max(0, f.larger.pricePiastres - f.current.pricePiastres);
  return { amountPiastres: Math.round((difference * weeks) / periodWeeks) };
}
