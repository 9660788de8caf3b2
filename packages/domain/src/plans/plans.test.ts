import { describe, expect, it } from 'vitest';
import { couponCodeOf } from './coupon-code.ts';
import { CouponCode } from './coupons.schemas.ts';
import { PERIOD_MONTHS, PERIOD_WEEKS, PLAN_TIERS, PlanPeriodSchema, PlanStateSchema } from './plans.enums.ts';

describe('plans', () => {
  it('has the periods with their month and week counts of spec §9', () => {
    expect(PlanPeriodSchema.options).toEqual(['month', 'quarter', 'year', 'freeTrial']);
    expect(PERIOD_MONTHS).toEqual({ month: 1, quarter: 3, year: 12, freeTrial: 1200 });
    expect(PERIOD_WEEKS).toEqual({ month: 4, quarter: 12, year: 52, freeTrial: 5200 });
    expect(PlanPeriodSchema.safeParse('week').success).toBe(false);
  });

  it('has the tiers and states', () => {
    expect(PLAN_TIERS).toEqual([60, 120, 230]);
    expect(PlanStateSchema.options).toEqual(['active', 'inactive']);
  });
});

describe('coupon codes', () => {
  it('are checked by couponCodeOf with the rule of CouponCode, without zod', () => {
    for (const text of ['SAVE10', ' summer_2026 ', 'ab', 'has space', 'x'.repeat(33), 'خصم10', '']) {
      const parsed = CouponCode.safeParse(text);
      expect(couponCodeOf(text)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
