import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { transactions } from '../payments/payments.table.ts';
import { plans } from '../plans/plans.table.ts';
import { students, users } from '../users/users.table.ts';

/**
 * A student's purchased plan (DESIGN §4 Subscriptions). `weekly_minutes` is copied from the plan at purchase,
 * so editing a plan never changes what was sold. Each subscription has its own week: weeks start at
 * `week_anchor_at` (the start weekday, 06:00 Cairo) and every 7 days after. Remaining minutes are derived
 * from the lessons of the current week, never kept as a counter. One active subscription per student, and at most
 * one `scheduled`: a next period paid in advance, from the current one's end (subscriptions.renewal.ts in the
 * domain). A student's paid periods never overlap (the migration adds by hand `subscriptions_paid_no_overlap`,
 * EXCLUDE USING gist over the time ranges of her subscriptions neither cancelled nor free trials).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull(),
    planId: integer('plan_id').notNull(),
    period: text('period', { enum: ['month', 'quarter', 'year', 'freeTrial'] }).notNull(),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    /** What was paid for it (0 for a free trial); the refund ceiling. */
    pricePiastres: integer('price_piastres').notNull().default(0),
    transactionId: integer('transaction_id'),
    status: text('status', { enum: ['active', 'scheduled', 'ended', 'cancelled'] })
      .notNull()
      .default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    weekAnchorAt: timestamp('week_anchor_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_per_student').on(t.studentId).where(sql`${t.status} = 'active'`),
    uniqueIndex('subscriptions_one_scheduled_per_student').on(t.studentId).where(sql`${t.status} = 'scheduled'`),
    uniqueIndex('subscriptions_transaction_key').on(t.transactionId),
    index('subscriptions_student_idx').on(t.studentId, t.startsAt),
    index('subscriptions_status_ends_idx').on(t.status, t.endsAt),
    check('subscriptions_period_check', sql`${t.period} in ('month', 'quarter', 'year', 'freeTrial')`),
    check('subscriptions_weekly_minutes_check', sql`${t.weeklyMinutes} > 0 and ${t.weeklyMinutes} <= 10080`),
    check('subscriptions_price_check', sql`${t.pricePiastres} >= 0`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'scheduled', 'ended', 'cancelled')`),
    check('subscriptions_dates_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('subscriptions_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    foreignKeyOf('subscriptions', t.studentId, students.userId, 'restrict'),
    foreignKeyOf('subscriptions', t.planId, plans.id, 'restrict'),
    foreignKeyOf('subscriptions', t.transactionId, transactions.id, 'restrict'),
  ],
);

/**
 * A mid-term upgrade to a larger plan, bought by its transaction (issue 31; priced by the domain's upgradePrice):
 * once paid, the subscription takes the plan and its weekly minutes from the current week, and its price grows by
 * the amount (the refund ceiling). `applied_at` is set then, with the plan and weekly minutes it had before; a refund
 * in full of the upgrade's payment gives those back and sets `reverted_at`. One upgrade per transaction.
 */
export const subscriptionUpgrades = pgTable(
  'subscription_upgrades',
  {
    transactionId: integer('transaction_id').primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    planId: integer('plan_id').notNull(),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    weeks: integer('weeks').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    previousPlanId: integer('previous_plan_id'),
    previousWeeklyMinutes: integer('previous_weekly_minutes'),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_upgrades_subscription_idx').on(t.subscriptionId),
    check(
      'subscription_upgrades_previous_check',
      // upgrades applied before these columns have no record of what was before, and so are never reverted
      sql`(${t.previousPlanId} is null) = (${t.previousWeeklyMinutes} is null) and (${t.previousPlanId} is null or ${t.appliedAt} is not null) and (${t.revertedAt} is null or ${t.previousPlanId} is not null)`,
    ),
    check('subscription_upgrades_weekly_minutes_check', sql`${t.weeklyMinutes} > 0 and ${t.weeklyMinutes} <= 10080`),
    check('subscription_upgrades_weeks_check', sql`${t.weeks} > 0`),
    foreignKeyOf('subscription_upgrades', t.transactionId, transactions.id, 'cascade'),
    foreignKeyOf('subscription_upgrades', t.subscriptionId, subscriptions.id, 'cascade'),
    foreignKeyOf('subscription_upgrades', t.planId, plans.id, 'restrict'),
    foreignKeyOf('subscription_upgrades', t.previousPlanId, plans.id, 'restrict'),
  ],
);

export type SubscriptionUpgrade = typeof subscriptionUpgrades.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * A pause of a subscription (subscriptions.pause.ts): whole weeks in which its clock stands still; the
 * subscription's `ends_at` was moved by it. One per subscription period (a paid period is one subscription), so a
 * pause cannot be taken twice in a period; a student's pauses never overlap (the migration adds by hand
 * `subscription_pauses_no_overlap`, EXCLUDE USING gist over the student's time ranges). A pause called off before it
 * began is deleted; one ended early keeps who ended it and when, with its shortened `ends_at`.
 */
export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    studentId: integer('student_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The weeks asked for; `ends_at` is shorter when ended early. */
    weeks: integer('weeks').notNull(),
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    endedEarlyBy: integer('ended_early_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_pauses_one_per_period').on(t.subscriptionId),
    index('subscription_pauses_student_idx').on(t.studentId, t.startsAt),
    check('subscription_pauses_dates_check', sql`${t.startsAt} < ${t.endsAt}`),
    // 8: the domain's PAUSE_WEEKS_LIMIT
    check('subscription_pauses_weeks_check', sql`${t.weeks} between 1 and 8`),
    check('subscription_pauses_ended_check', sql`${t.endedEarlyAt} is null or ${t.endedEarlyBy} is not null`),
    foreignKeyOf('subscription_pauses', t.subscriptionId, subscriptions.id, 'cascade'),
    foreignKeyOf('subscription_pauses', t.studentId, students.userId, 'restrict'),
    foreignKeyOf('subscription_pauses', t.endedEarlyBy, users.id, 'set null'),
  ],
);

export type SubscriptionPause = typeof subscriptionPauses.$inferSelect;
export type NewSubscriptionPause = typeof subscriptionPauses.$inferInsert;
