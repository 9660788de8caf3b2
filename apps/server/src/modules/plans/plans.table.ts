import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/**
 * Weekly-minute plans (spec §3 Plan). Period prices are derived, never stored:
 * base month price × months × (1 − period discount / 100).
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    nameAr: text('name_ar'),
    nameEn: text('name_en'),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    baseMonthPricePiastres: integer('base_month_price_piastres').notNull(),
    monthDiscountPercent: smallint('month_discount_percent').notNull().default(0),
    quarterDiscountPercent: smallint('quarter_discount_percent').notNull().default(0),
    yearDiscountPercent: smallint('year_discount_percent').notNull().default(0),
    /** active: offered; inactive: hidden from new buyers (a plan that was sold is never deleted, only deactivated). */
    state: text('state', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    forInvitesOnly: boolean('for_invites_only').notNull().default(false),
    /** The most instalments a buyer may split a payment into (1 = pay at once). */
    installments: smallint('installments').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_state_idx').on(t.state, t.weeklyMinutes),
    check('plans_weekly_minutes_check', sql`${t.weeklyMinutes} > 0 and ${t.weeklyMinutes} <= 10080`),
    check('plans_base_month_price_check', sql`${t.baseMonthPricePiastres} >= 0`),
    check(
      'plans_discounts_check',
      sql`${t.monthDiscountPercent} between 0 and 100 and ${t.quarterDiscountPercent} between 0 and 100 and ${t.yearDiscountPercent} between 0 and 100`,
    ),
    check('plans_state_check', sql`${t.state} in ('active', 'inactive')`),
    check('plans_installments_check', sql`${t.installments} between 1 and 12`),
  ],
);

/** Grants one user access to an invites-only plan. */
export const planInvites = pgTable(
  'plan_invites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    planId: integer('plan_id').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_invites_user_plan_key').on(t.userId, t.planId),
    index('plan_invites_plan_idx').on(t.planId),
    foreignKeyOf('plan_invites', t.userId, users.id, 'cascade'),
    foreignKeyOf('plan_invites', t.planId, plans.id, 'cascade'),
    foreignKeyOf('plan_invites', t.createdBy, users.id, 'set null'),
  ],
);

/**
 * Discount codes. Exactly one of percent or fixed amount; `max_discount_piastres` caps a percent discount.
 * Status uses the spec's invite/coupon numbers: pending 1, rejected 2, approved 3 (only approved codes apply).
 * `used_count` is raised when a transaction using the code is paid; the check refuses going past the limit.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    discountPercent: smallint('discount_percent'),
    discountPiastres: integer('discount_piastres'),
    maxDiscountPiastres: integer('max_discount_piastres'),
    /** Limits the coupon to one plan; null means any plan. */
    planId: integer('plan_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /**
     * Uses held by checkouts not yet paid: taken when the checkout is priced, turned into a use when it is paid,
     * given back when it closes unpaid. Used and held together never pass the limit, however many checkouts race.
     */
    reservedCount: integer('reserved_count').notNull().default(0),
    status: smallint('status').notNull().default(3),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Za-z0-9_-]{3,32}$'`),
    check('coupons_discount_kind_check', sql`num_nonnulls(${t.discountPercent}, ${t.discountPiastres}) = 1`),
    check(
      'coupons_discount_percent_check',
      sql`${t.discountPercent} is null or ${t.discountPercent} between 1 and 100`,
    ),
    check('coupons_discount_piastres_check', sql`${t.discountPiastres} is null or ${t.discountPiastres} > 0`),
    check('coupons_max_discount_check', sql`${t.maxDiscountPiastres} is null or ${t.maxDiscountPiastres} > 0`),
    check('coupons_usage_limit_check', sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
    check(
      'coupons_used_count_check',
      sql`${t.usedCount} >= 0 and ${t.reservedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} + ${t.reservedCount} <= ${t.usageLimit})`,
    ),
    check('coupons_status_check', sql`${t.status} between 1 and 3`),
    foreignKeyOf('coupons', t.planId, plans.id, 'restrict'),
    foreignKeyOf('coupons', t.createdBy, users.id, 'set null'),
  ],
);

export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanInvite = typeof planInvites.$inferSelect;
export type NewPlanInvite = typeof planInvites.$inferInsert;
export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
