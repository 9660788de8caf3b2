import { z } from 'zod';
import { Id, IdParam } from '../common/ids.ts';
import { PageQuery } from '../common/paging.ts';
import { InviteStatusSchema } from '../invites/invites.enums.ts';
import { COUPON_CODE_PATTERN } from './coupon-code.ts';
import { PlanPeriodSchema } from './plans.enums.ts';
import { PaidPeriodSchema, PricePiastres } from './plans.schemas.ts';

export const CouponCode = z.string().trim().regex(COUPON_CODE_PATTERN, 'coupon-code-format');

const PositivePiastres = PricePiastres.refine((v) => v > 0, 'coupon-zero-discount');

/**
 * A coupon as an admin writes it (spec §5 coupon messages): exactly one discount above zero, a maximum only with a
 * percentage. Whether the expiry lies ahead is checked against the server's clock by the service.
 */
export const CouponInput = z
  .strictObject({
    code: CouponCode,
    discountPercent: z.number().int().min(1, 'coupon-zero-discount').max(100, 'plan-discount-range').nullish(),
    discountPiastres: PositivePiastres.nullish(),
    maxDiscountPiastres: PricePiastres.refine((v) => v > 0, 'coupon-max-discount').nullish(),
    /** Limits the coupon to one plan; null or absent means any plan. */
    planId: Id.nullish(),
    expiresAt: z.iso.datetime({ offset: true }).nullish(),
    usageLimit: z.number().int().min(1).max(1_000_000).nullish(),
    /**
     * Only approved (3) coupons apply at checkout. A new coupon is approved unless given pending; a replaced one keeps
     * its status unless given one its machine allows (coupons.machine.ts), else `illegal`.
     */
    status: InviteStatusSchema.optional(),
  })
  .superRefine((coupon, ctx) => {
    const kinds = [coupon.discountPercent, coupon.discountPiastres].filter((v) => v !== null && v !== undefined);
    if (kinds.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: 'coupon-zero-discount' });
    if (coupon.maxDiscountPiastres != null && coupon.discountPercent == null) {
      ctx.addIssue({ code: 'custom', path: ['maxDiscountPiastres'], message: 'coupon-max-discount' });
    }
  });
export type CouponInput = z.infer<typeof CouponInput>;

export const CouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discountPercent: z.number().int().nullable(),
  discountPiastres: z.number().int().nullable(),
  maxDiscountPiastres: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  status: InviteStatusSchema,
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponListQuery = PageQuery.extend({ code: z.string().trim().max(32).optional() }).strict();

/** The checkout's coupon check: with a plan and period it also prices the checkout. */
export const CouponCheckParams = z.strictObject({ code: CouponCode });
export const CouponCheckQuery = z.strictObject({ planId: IdParam.optional(), period: PaidPeriodSchema.optional() });

export const PriceQuoteSchema = z.object({
  period: PlanPeriodSchema,
  fullPricePiastres: z.number().int(),
  periodDiscountPercent: z.number().int(),
  pricePiastres: z.number().int(),
  couponDiscountPiastres: z.number().int(),
  amountPiastres: z.number().int(),
});

export const CouponCheckSchema = z.object({
  code: z.string(),
  discountPercent: z.number().int().nullable(),
  discountPiastres: z.number().int().nullable(),
  maxDiscountPiastres: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  /** The priced checkout, when a plan and period were given. */
  quote: PriceQuoteSchema.nullable(),
});
export type CouponCheck = z.infer<typeof CouponCheckSchema>;
