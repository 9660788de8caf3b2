import { describe, expect, it } from 'vitest';
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
