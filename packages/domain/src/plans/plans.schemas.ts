import { z } from 'zod';
import { PageQuery } from '../common/paging.ts';
import { PAID_PERIODS, PlanPeriodSchema, PlanStateSchema } from './plans.enums.ts';
import { MAX_INSTALLMENTS } from './pricing.ts';

export const PaidPeriodSchema = PlanPeriodSchema.extract(PAID_PERIODS);

/** Prices are whole piastres; 1,000,000 EGP is far above any plan and keeps sums in range. */
export const MAX_PRICE_PIASTRES = 100_000_000;
export const PricePiastres = z
  .number('plan-price-range')
  .int('plan-price-range')
  .min(0, 'plan-price-range')
  .max(MAX_PRICE_PIASTRES, 'plan-price-range');
const DiscountPercent = z
  .number('plan-discount-range')
  .int('plan-discount-range')
  .min(0, 'plan-discount-range')
  .max(100, 'plan-discount-range');
const PlanName = z.string().trim().min(2, 'name-length').max(60, 'name-length');

/** Fields an admin sets on a plan (spec §3 Plan). */
const PlanFields = {
  nameAr: PlanName.nullable(),
  nameEn: PlanName.nullable(),
  weeklyMinutes: z
    .number('plan-weekly-minutes-range')
    .int('plan-weekly-minutes-range')
    .min(1, 'plan-weekly-minutes-range')
    .max(10_080, 'plan-weekly-minutes-range'),
  baseMonthPricePiastres: PricePiastres,
  monthDiscountPercent: DiscountPercent,
  quarterDiscountPercent: DiscountPercent,
  yearDiscountPercent: DiscountPercent,
  state: PlanStateSchema,
  forInvitesOnly: z.boolean(),
  /** The most instalments a buyer may split a payment into (1: pay at once). */
  installments: z.number().int().min(1).max(MAX_INSTALLMENTS),
};

/** A new plan: minutes and base price are required, the rest have the defaults of the data model. */
export const PlanInput = z.strictObject({
  ...PlanFields,
  nameAr: PlanFields.nameAr.optional(),
  nameEn: PlanFields.nameEn.optional(),
  monthDiscountPercent: DiscountPercent.optional(),
  quarterDiscountPercent: DiscountPercent.optional(),
  yearDiscountPercent: DiscountPercent.optional(),
  state: PlanStateSchema.optional(),
  forInvitesOnly: z.boolean().optional(),
  installments: PlanFields.installments.optional(),
});
export type PlanInput = z.infer<typeof PlanInput>;

export const PlanPatch = z.strictObject(PlanFields).partial();
export type PlanPatch = z.infer<typeof PlanPatch>;

/** One period's prices as the plans page shows them. */
export const PeriodPriceSchema = z.object({
  months: z.number().int(),
  weeks: z.number().int(),
  fullPricePiastres: z.number().int(),
  discountPercent: z.number().int(),
  pricePiastres: z.number().int(),
  /** Instalment counts offered for this period (empty: pay at once only). */
  installmentOptions: z.array(z.number().int()),
});
export type PeriodPrice = z.infer<typeof PeriodPriceSchema>;

export const PlanSchema = z.object({
  id: z.number().int(),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  weeklyMinutes: z.number().int(),
  baseMonthPricePiastres: z.number().int(),
  monthDiscountPercent: z.number().int(),
  quarterDiscountPercent: z.number().int(),
  yearDiscountPercent: z.number().int(),
  prices: z.object({ month: PeriodPriceSchema, quarter: PeriodPriceSchema, year: PeriodPriceSchema }),
  state: PlanStateSchema,
  forInvitesOnly: z.boolean(),
  installments: z.number().int(),
  /**
   * The signed-in student may start this plan's free trial: invited to the plan and no trial used yet (false for
   * visitors and staff). An active subscription or an open payment still refuses it when asked.
   */
  freeTrialAvailable: z.boolean(),
  /** The weeks that trial would last if started now (`freeTrialWeeks` setting; 0: until a paid plan replaces it). */
  freeTrialWeeks: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** `state` is for admins; others always see the active plans offered to them. */
export const PlanListQuery = PageQuery.extend({ state: PlanStateSchema.optional() }).strict();

/** Deleting what was never used removes it; what was sold or used is deactivated instead, keeping history. */
export const RemovalSchema = z.object({ id: z.number().int(), outcome: z.enum(['deleted', 'deactivated']) });
export type Removal = z.infer<typeof RemovalSchema>;

export const PlanInviteSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PlanInvite = z.infer<typeof PlanInviteSchema>;
