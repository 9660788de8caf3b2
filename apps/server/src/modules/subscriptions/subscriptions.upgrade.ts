import { AppError } from '@darsak/domain/errors';
import type { PaidPeriod } from '@darsak/domain/plans';
import {
  isFreeTrial,
  isUnderWay,
  remainingWholeWeeks,
  subscriptionWeekAt,
  type UpgradeQuote,
  upgradePrice,
} from '@darsak/domain/subscriptions';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { PlansService } from '../plans/plans.service.ts';
import * as repo from './subscriptions.repo.ts';

/** The larger plan as checkout priced it: its weekly minutes and its full price for the period now. */
export interface LargerPlan {
  id: number;
  weeklyMinutes: number;
  pricePiastres: number;
}

/**
 * A mid-term upgrade to a larger plan (issue 31; price in the domain's subscriptions.upgrade.ts): priced for the
 * whole weeks from the current week's start, recorded with its checkout's transaction, and applied when that is
 * paid: the plan and weekly minutes change from the current week, the price (refund ceiling) grows by the amount.
 */
export function createSubscriptionUpgrades({
  clock,
  plans,
}: {
  clock: Clock;
  plans: Pick<PlansService, 'checkoutQuote'>;
}) {
  /** What the upgrade of her subscription under way to `larger` costs now, for the same period. */
  async function upgradeQuote(tx: Db, studentId: number, larger: LargerPlan, period: PaidPeriod) {
    const now = clock.now();
    const row = await repo.findActive(tx, studentId, now);
    if (!row || isFreeTrial(row)) throw new AppError('subscription-not-found');
    if (row.period !== period) throw new AppError('upgrade-not-larger', { period: row.period });
    const week = subscriptionWeekAt(row, now);
    const weeks = week ? remainingWholeWeeks(week.startsAt, row.endsAt) : 0;
    const price = upgradePrice({
      period,
      current: row,
      larger: { weeklyMinutes: larger.weeklyMinutes, pricePiastres: larger.pricePiastres },
      weeksLeft: weeks,
    });
    if ('refused' in price) throw new AppError(price.refused);
    const quote: UpgradeQuote = {
      planId: larger.id,
      weeklyMinutes: larger.weeklyMinutes,
      weeks,
      amountPiastres: price.amountPiastres,
    };
    return { subscriptionId: row.id, ...quote };
  }

  return {
    upgradeQuote,

    /** Her upgrade's price now (the larger plan's full price for the period, no coupon). */
    async quoteUpgrade(tx: Db, actor: AuthUser, query: { planId: number; period: PaidPeriod }): Promise<UpgradeQuote> {
      const { plan, quote } = await plans.checkoutQuote(tx, actor, query);
      const larger = { id: plan.id, weeklyMinutes: plan.weeklyMinutes, pricePiastres: quote.amountPiastres };
      const { subscriptionId: _, ...upgrade } = await upgradeQuote(tx, actor.id, larger, query.period);
      return upgrade;
    },

    /** The upgrade a checkout's transaction buys, recorded with it. */
    recordUpgrade: (
      tx: Db,
      values: { transactionId: number; subscriptionId: number; planId: number; weeklyMinutes: number; weeks: number },
    ) => repo.insertUpgrade(tx, values),

    /**
     * Payments' hook, once the upgrade's transaction is paid: the subscription takes the plan and its minutes now.
     * Undefined when the transaction bought no upgrade; null when its subscription is no longer under way or already
     * has as many weekly minutes (the payment is then refunded).
     */
    async applyUpgrade(tx: Db, payment: { id: number; amountPiastres: number }): Promise<number | null | undefined> {
      const upgrade = await repo.findUpgrade(tx, payment.id);
      if (!upgrade) return undefined;
      const now = clock.now();
      const row = await repo.lockSubscription(tx, upgrade.subscriptionId);
      // under its row lock, the plan must still be a larger one: a second upgrade paid late (cancelled here, paid at
      // the provider) is refunded, not added to the price again
      if (!row || upgrade.appliedAt || !isUnderWay(row, now) || row.weeklyMinutes >= upgrade.weeklyMinutes) return null;
      await repo.applyUpgrade(tx, upgrade, row, row.pricePiastres + payment.amountPiastres, now);
      return row.id;
    },

    /**
     * Payments' hook, once an upgrade's payment is refunded in full: the subscription gets back the plan and weekly
     * minutes it had, and its price the amount, while it is still the upgraded one (under its row lock). False when
     * the transaction bought no upgrade.
     */
    async revertUpgrade(tx: Db, payment: { id: number; amountPiastres: number }): Promise<boolean> {
      const upgrade = await repo.findUpgrade(tx, payment.id);
      if (!upgrade) return false;
      const row = await repo.lockSubscription(tx, upgrade.subscriptionId);
      const { previousPlanId, previousWeeklyMinutes } = upgrade;
      if (!row || upgrade.revertedAt || previousPlanId === null || previousWeeklyMinutes === null) return true;
      if (row.planId !== upgrade.planId || row.weeklyMinutes !== upgrade.weeklyMinutes) return true;
      const price = Math.max(row.pricePiastres - payment.amountPiastres, 0);
      await repo.revertUpgrade(tx, { ...upgrade, previousPlanId, previousWeeklyMinutes }, price, clock.now());
      return true;
    },
  };
}
