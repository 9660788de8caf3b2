import { describe, expect, it } from 'vitest';
import { addCairoDays } from './subscriptions.rules.ts';
import { remainingWholeWeeks, upgradePrice } from './subscriptions.upgrade.ts';

// A month of 60 minutes a week paid 50,000 piastres (12,500 a week); the 120-minute plan costs 80,000 (20,000 a week).
const month = (weeksLeft: number) => ({
  period: 'month' as const,
  current: { weeklyMinutes: 60, pricePiastres: 50_000 },
  larger: { weeklyMinutes: 120, pricePiastres: 80_000 },
  weeksLeft,
});

describe('the price of a mid-term upgrade', () => {
  it('is the weekly difference for each whole week left, the current one counted', () => {
    expect(upgradePrice(month(4))).toEqual({ amountPiastres: 30_000 });
    expect(upgradePrice(month(3))).toEqual({ amountPiastres: 22_500 });
    expect(upgradePrice(month(1))).toEqual({ amountPiastres: 7_500 });
  });

  it('is refused with no whole week left, and never counts more weeks than the period has', () => {
    expect(upgradePrice(month(0))).toEqual({ refused: 'upgrade-no-weeks-left' });
    expect(upgradePrice(month(-1))).toEqual({ refused: 'upgrade-no-weeks-left' });
    // a pause moved her end: still at most the period's weeks
    expect(upgradePrice(month(6))).toEqual({ amountPiastres: 30_000 });
  });

  it('is refused for a plan that is not larger (the same minutes, or fewer)', () => {
    const same = { ...month(3), larger: { weeklyMinutes: 60, pricePiastres: 90_000 } };
    expect(upgradePrice(same)).toEqual({ refused: 'upgrade-not-larger' });
    const smaller = { ...month(3), larger: { weeklyMinutes: 30, pricePiastres: 20_000 } };
    expect(upgradePrice(smaller)).toEqual({ refused: 'upgrade-not-larger' });
  });

  it('costs nothing when the larger plan costs no more than she paid (a discount at purchase), never less', () => {
    const cheaper = { ...month(3), larger: { weeklyMinutes: 120, pricePiastres: 40_000 } };
    expect(upgradePrice(cheaper)).toEqual({ amountPiastres: 0 });
  });

  it('rounds once on the total, to the piastre', () => {
    // a quarter: 12 weeks; a difference of 10,001 piastres over 12 weeks, 5 left → 4,167.08… → 4,167
    const quarter = {
      period: 'quarter' as const,
      current: { weeklyMinutes: 60, pricePiastres: 100_000 },
      larger: { weeklyMinutes: 90, pricePiastres: 110_001 },
      weeksLeft: 5,
    };
    expect(upgradePrice(quarter)).toEqual({ amountPiastres: 4_167 });
    expect(upgradePrice({ ...quarter, weeksLeft: 6 })).toEqual({ amountPiastres: 5_001 }); // 5,000.5 → 5,001
  });
});

describe('whole weeks left', () => {
  const weekStart = new Date('2025-03-03T04:00:00Z'); // Monday 06:00 Cairo

  it('counts the current week and each whole one after it, a part week not', () => {
    expect(remainingWholeWeeks(weekStart, addCairoDays(weekStart, 28))).toBe(4);
    expect(remainingWholeWeeks(weekStart, addCairoDays(weekStart, 7))).toBe(1);
    expect(remainingWholeWeeks(weekStart, addCairoDays(weekStart, 6))).toBe(0);
    expect(remainingWholeWeeks(weekStart, weekStart)).toBe(0);
    expect(remainingWholeWeeks(weekStart, new Date(weekStart.getTime() - 1))).toBe(0);
  });

  it('is not a week short across the change to summer time (a 167-hour week)', () => {
    const april = new Date('2025-04-21T04:00:00Z'); // Monday 06:00 Cairo, UTC+2; summer time starts 2025-04-25
    expect(remainingWholeWeeks(april, addCairoDays(april, 14))).toBe(2);
  });
});
