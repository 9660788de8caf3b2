import { z } from 'zod';

export const PlanPeriod = { month: 'month', quarter: 'quarter', year: 'year', freeTrial: 'freeTrial' } as const;
export type PlanPeriod = (typeof PlanPeriod)[keyof typeof PlanPeriod];
export const PlanPeriodSchema = z.enum(PlanPeriod);

/** The periods a buyer pays for; the free trial is granted, never charged. */
export const PAID_PERIODS = ['month', 'quarter', 'year'] as const satisfies readonly PlanPeriod[];
export type PaidPeriod = (typeof PAID_PERIODS)[number];
export const isPaidPeriod = (value: unknown): value is PaidPeriod => PAID_PERIODS.includes(value as PaidPeriod);

/** Spec §9 month and week counts; the free trial's huge counts mean "never ends by itself" (`freeTrialWeeks` 0). */
export const PERIOD_MONTHS: Record<PlanPeriod, number> = { month: 1, quarter: 3, year: 12, freeTrial: 1200 };
export const PERIOD_WEEKS: Record<PlanPeriod, number> = { month: 4, quarter: 12, year: 52, freeTrial: 5200 };

/** Weekly minutes of the three tiers seen in the specification. */
export const PLAN_TIERS = [60, 120, 230] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const PlanState = { active: 'active', inactive: 'inactive' } as const;
export type PlanState = (typeof PlanState)[keyof typeof PlanState];
export const PlanStateSchema = z.enum(PlanState);
