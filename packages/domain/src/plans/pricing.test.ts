import { describe, expect, it } from 'vitest';
import { CouponInput } from './coupons.schemas.ts';
import { PlanInput, PlanPatch } from './plans.schemas.ts';
import {
  couponDiscountPiastres,
  fullPeriodPricePiastres,
  installmentOptions,
  installmentSchedule,
  lessonPriceFromPiastres,
  periodPricePiastres,
  priceQuote,
} from './pricing.ts';

/** The 120-minute tier: 800 EGP a month, 10% off a quarter, 20% off a year. */
const plan = {
  baseMonthPricePiastres: 80_000,
  monthDiscountPercent: 0,
  quarterDiscountPercent: 10,
  yearDiscountPercent: 20,
};

describe('period prices', () => {
  it('are base × months × (1 − discount)', () => {
    expect(periodPricePiastres(plan, 'month')).toBe(80_000);
    expect(periodPricePiastres(plan, 'quarter')).toBe(216_000);
    expect(periodPricePiastres(plan, 'year')).toBe(768_000);
    expect(fullPeriodPricePiastres(plan, 'year')).toBe(960_000);
  });

  it('rounds to the nearest piastre', () => {
    const odd = { ...plan, baseMonthPricePiastres: 33_333, quarterDiscountPercent: 7 };
    // 33,333 × 3 × 0.93 = 92,999.07
    expect(periodPricePiastres(odd, 'quarter')).toBe(92_999);
    expect(periodPricePiastres({ ...plan, baseMonthPricePiastres: 1, monthDiscountPercent: 50 }, 'month')).toBe(1);
  });

  it('at the discount bounds: 0% is the full price, 100% is free', () => {
    expect(periodPricePiastres({ ...plan, monthDiscountPercent: 100 }, 'month')).toBe(0);
    expect(periodPricePiastres({ ...plan, yearDiscountPercent: 0 }, 'year')).toBe(960_000);
  });

  it('makes the free trial free whatever the plan costs', () => {
    expect(periodPricePiastres(plan, 'freeTrial')).toBe(0);
    expect(priceQuote(plan, 'freeTrial')).toMatchObject({ fullPricePiastres: 0, amountPiastres: 0 });
  });
});

describe('coupons', () => {
  const percent = (discountPercent: number, maxDiscountPiastres: number | null = null) => ({
    discountPercent,
    discountPiastres: null,
    maxDiscountPiastres,
  });
  const amount = (discountPiastres: number) => ({ discountPercent: null, discountPiastres, maxDiscountPiastres: null });

  it('takes a percentage, capped by its maximum', () => {
    expect(couponDiscountPiastres(percent(25), 80_000)).toBe(20_000);
    expect(couponDiscountPiastres(percent(25, 15_000), 80_000)).toBe(15_000);
    expect(couponDiscountPiastres(percent(25, 20_000), 80_000)).toBe(20_000);
    expect(couponDiscountPiastres(percent(100), 80_000)).toBe(80_000);
  });

  it('takes a fixed amount, never more than the price', () => {
    expect(couponDiscountPiastres(amount(5_000), 80_000)).toBe(5_000);
    expect(couponDiscountPiastres(amount(90_000), 80_000)).toBe(80_000);
  });

  it('gives zero on a zero price', () => {
    expect(couponDiscountPiastres(percent(50), 0)).toBe(0);
    expect(couponDiscountPiastres(amount(100), 0)).toBe(0);
  });

  it('prices a checkout: period discount first, then the coupon', () => {
    expect(priceQuote(plan, 'quarter', percent(10))).toEqual({
      period: 'quarter',
      fullPricePiastres: 240_000,
      periodDiscountPercent: 10,
      pricePiastres: 216_000,
      couponDiscountPiastres: 21_600,
      amountPiastres: 194_400,
    });
    expect(priceQuote(plan, 'month', null).amountPiastres).toBe(80_000);
  });
});

describe('instalments', () => {
  it('offers 2 up to the plan maximum', () => {
    expect(installmentOptions(1)).toEqual([]);
    expect(installmentOptions(2)).toEqual([2]);
    expect(installmentOptions(3)).toEqual([2, 3]);
    expect(installmentOptions(99)).toHaveLength(11);
  });

  it('splits exactly, leftover piastres first', () => {
    expect(installmentSchedule(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(installmentSchedule(100_001, 2)).toEqual([50_001, 50_000]);
    expect(installmentSchedule(5, 1)).toEqual([5]);
    for (const count of [2, 3, 4, 7, 12]) {
      expect(installmentSchedule(768_001, count).reduce((a, b) => a + b, 0)).toBe(768_001);
    }
  });

  it('refuses counts outside 1 to 12', () => {
    expect(() => installmentSchedule(100, 0)).toThrow(RangeError);
    expect(() => installmentSchedule(100, 13)).toThrow(RangeError);
    expect(() => installmentSchedule(100, 1.5)).toThrow(RangeError);
  });
});

describe('plan input', () => {
  it('needs weekly minutes and a base price within bounds', () => {
    expect(PlanInput.safeParse({ weeklyMinutes: 120, baseMonthPricePiastres: 80_000 }).success).toBe(true);
    expect(PlanInput.safeParse({ weeklyMinutes: 0, baseMonthPricePiastres: 1 }).error?.issues[0]?.message).toBe(
      'plan-weekly-minutes-range',
    );
    expect(PlanInput.safeParse({ weeklyMinutes: 10_081, baseMonthPricePiastres: 1 }).success).toBe(false);
    expect(PlanInput.safeParse({ weeklyMinutes: 60, baseMonthPricePiastres: -1 }).error?.issues[0]?.message).toBe(
      'plan-price-range',
    );
    expect(PlanInput.safeParse({ weeklyMinutes: 60, baseMonthPricePiastres: 1.5 }).success).toBe(false);
  });

  it('bounds discounts to 0–100', () => {
    const base = { weeklyMinutes: 60, baseMonthPricePiastres: 100 };
    expect(PlanInput.safeParse({ ...base, yearDiscountPercent: 100 }).success).toBe(true);
    expect(PlanInput.safeParse({ ...base, yearDiscountPercent: 101 }).error?.issues[0]?.message).toBe(
      'plan-discount-range',
    );
    expect(PlanPatch.safeParse({ monthDiscountPercent: -1 }).success).toBe(false);
    expect(PlanPatch.safeParse({}).success).toBe(true);
  });
});

describe('coupon input', () => {
  it('needs exactly one discount', () => {
    expect(CouponInput.safeParse({ code: 'RAMADAN', discountPercent: 10 }).success).toBe(true);
    expect(CouponInput.safeParse({ code: 'RAMADAN', discountPiastres: 5_000 }).success).toBe(true);
    expect(CouponInput.safeParse({ code: 'RAMADAN' }).error?.issues[0]?.message).toBe('coupon-zero-discount');
    expect(CouponInput.safeParse({ code: 'RAMADAN', discountPercent: 10, discountPiastres: 100 }).success).toBe(false);
    expect(CouponInput.safeParse({ code: 'RAMADAN', discountPercent: 0 }).error?.issues[0]?.message).toBe(
      'coupon-zero-discount',
    );
    expect(CouponInput.safeParse({ code: 'RAMADAN', discountPiastres: 0 }).success).toBe(false);
  });

  it('takes a maximum only with a percentage', () => {
    expect(CouponInput.safeParse({ code: 'ABC', discountPercent: 10, maxDiscountPiastres: 100 }).success).toBe(true);
    const fixed = CouponInput.safeParse({ code: 'ABC', discountPiastres: 10, maxDiscountPiastres: 100 });
    expect(fixed.error?.issues[0]?.message).toBe('coupon-max-discount');
  });

  it('checks the code format', () => {
    expect(CouponInput.safeParse({ code: 'ab', discountPercent: 5 }).error?.issues[0]?.message).toBe(
      'coupon-code-format',
    );
    expect(CouponInput.safeParse({ code: 'has space', discountPercent: 5 }).success).toBe(false);
    expect(CouponInput.safeParse({ code: 'A'.repeat(33), discountPercent: 5 }).success).toBe(false);
  });
});

describe('the price of a lesson', () => {
  const plan = (
    weeklyMinutes: number,
    month: number,
    year: number,
    more: Partial<{ state: string; forInvitesOnly: boolean }> = {},
  ) => ({
    weeklyMinutes,
    state: 'active',
    forInvitesOnly: false,
    ...more,
    prices: {
      month: { weeks: 4, pricePiastres: month },
      quarter: { weeks: 12, pricePiastres: month * 3 },
      year: { weeks: 52, pricePiastres: year },
    },
  });

  it('spreads the cheapest period over its weekly minutes and rounds up to a pound', () => {
    // 120 min × 4 weeks for 800 EGP: 1.666 EGP a minute, 50 EGP for 30 minutes
    expect(lessonPriceFromPiastres([plan(120, 80_000, 1_040_000)], 30)).toBe(5_000);
    // the year costs 1,000 EGP for 52 × 120 minutes: 4.8 EGP for 30 minutes, shown as 5
    expect(lessonPriceFromPiastres([plan(120, 80_000, 100_000)], 30)).toBe(500);
  });

  it('takes the least of the public plans', () => {
    const plans = [plan(60, 60_000, 780_000), plan(230, 150_000, 1_950_000)];
    // 230 min a week for 1,500 EGP a month: 48.9 EGP for 30 minutes, so from 49
    expect(lessonPriceFromPiastres(plans, 30)).toBe(4_900);
    expect(lessonPriceFromPiastres(plans, 15)).toBe(2_500);
  });

  it('leaves out plans not on sale to everyone, and has no price without one', () => {
    const cheap = plan(230, 1_000, 1_000);
    expect(lessonPriceFromPiastres([plan(60, 60_000, 780_000), { ...cheap, forInvitesOnly: true }], 30)).toBe(7_500);
    expect(lessonPriceFromPiastres([{ ...cheap, state: 'inactive' }], 30)).toBeUndefined();
    expect(lessonPriceFromPiastres([], 30)).toBeUndefined();
  });
});
