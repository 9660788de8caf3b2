import { AppError } from '@darsak/domain/errors';
import type { PaidPeriod, PlanPeriod } from '@darsak/domain/plans';
import type { PlatformSettings } from '@darsak/domain/settings';
import {
  endNoticeAt,
  isFreeTrial,
  periodWeeksOf,
  purchaseStartFor,
  subscriptionEndsAt,
  weekAnchorFor,
} from '@darsak/domain/subscriptions';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { PlansService } from '../plans/plans.service.ts';
import * as repo from './subscriptions.repo.ts';
import type { Subscription as SubscriptionRow } from './subscriptions.table.ts';
import { createSubscriptionUpgrades } from './subscriptions.upgrade.ts';

export const END_NOTICE_JOB = 'subscriptions.end-notice';

/** A paid transaction, as far as starting its subscription needs it. */
export interface PaidTransaction {
  id: number;
  userId: number;
  planId: number;
  period: PlanPeriod;
  /** What was bought: the plan's weekly minutes at checkout. */
  weeklyMinutes: number;
  amountPiastres: number;
  /** Opened as the next period, while a paid subscription was under way (else paid then, it is a duplicate). */
  forNextPeriod: boolean;
}

/**
 * What a purchase does to subscriptions, for checkout and payments: where one bought now starts (now, or at the end
 * of the period under way), the subscription a paid transaction starts or the upgrade it applies, and what a refund
 * in full takes back. `start` is the free trial's too (subscriptions.service.ts).
 */
export function createSubscriptionPurchases(deps: {
  db: Db;
  clock: Clock;
  settings: { current(tx?: Db): Promise<PlatformSettings> };
  plans: Pick<PlansService, 'checkoutQuote'>;
  queue: Pick<JobQueue, 'send'>;
}) {
  const { db, clock } = deps;
  const upgrades = createSubscriptionUpgrades({ clock, plans: deps.plans });

  /**
   * Starts a subscription, now or (an advance period) scheduled at `startsAt`, and books the notice before its end,
   * inside the caller's transaction. An advance period's weeks are anchored at its start.
   */
  async function start(
    tx: Db,
    values: {
      studentId: number;
      planId: number;
      period: PlanPeriod;
      weeklyMinutes: number;
      pricePiastres: number;
      transactionId: number | null;
    },
    startsAt = clock.now(),
  ): Promise<SubscriptionRow> {
    const settings = await deps.settings.current(tx);
    const weekAnchorAt = weekAnchorFor(startsAt, settings.weekRenewalHourCairo);
    const endsAt = subscriptionEndsAt(weekAnchorAt, periodWeeksOf(values.period, settings.freeTrialWeeks));
    const row = await repo.insertSubscription(tx, {
      ...values,
      status: startsAt > clock.now() ? 'scheduled' : 'active',
      startsAt,
      endsAt,
      weekAnchorAt,
    });
    await deps.queue.send(
      END_NOTICE_JOB,
      { subscriptionId: row.id },
      { tx, startAfter: endNoticeAt(endsAt, settings.subscriptionEndNoticeDays), singletonKey: `sub-end:${row.id}` },
    );
    return row;
  }

  /** Where the student's purchase made now would start (the subscription under way locked when `lock`). */
  async function purchaseStartOf(tx: Db, studentId: number, lock: boolean) {
    const now = clock.now();
    const current = await (lock ? repo.lockActive : repo.findActive)(tx, studentId, now);
    const next = await repo.findScheduled(tx, studentId, now);
    return { current, start: purchaseStartFor({ now, current: current ?? null, nextScheduled: next !== undefined }) };
  }

  return {
    start,

    /**
     * Checkout's guard and what it tells: a purchase now starts now, or at the end of the paid period under way (an
     * advance period); `next-period-scheduled` when that next period is already paid for.
     */
    async purchaseStart(tx: Db, studentId: number): Promise<{ startsAt: Date; advance: boolean }> {
      const { start } = await purchaseStartOf(tx, studentId, false);
      if ('refused' in start) throw new AppError(start.refused);
      return start;
    },

    /** Mid-term upgrades (subscriptions.upgrade.ts): their price, and the upgrade a checkout's transaction buys. */
    upgradeQuote: upgrades.upgradeQuote,
    recordUpgrade: upgrades.recordUpgrade,
    quoteUpgrade: (actor: AuthUser, query: { planId: number; period: PaidPeriod }) =>
      upgrades.quoteUpgrade(db, actor, query),

    /**
     * Payments' hook when a transaction becomes paid (same database transaction). A free trial is replaced: it ends
     * now and the paid subscription starts (lessons already booked stay, counted in the new weeks). While a paid
     * subscription is under way, a payment opened as the next period buys it, scheduled from its end. Null for any
     * other payment then, or when that next period is paid for already: it is refunded rather than giving another.
     */
    async startForPayment(tx: Db, payment: PaidTransaction): Promise<number | null> {
      const upgraded = await upgrades.applyUpgrade(tx, payment);
      if (upgraded !== undefined) return upgraded;
      const now = clock.now();
      await repo.endOverdue(tx, now, payment.userId);
      const { current, start: where } = await purchaseStartOf(tx, payment.userId, true);
      if ('refused' in where || (where.advance && !payment.forNextPeriod)) return null;
      if (current && isFreeTrial(current)) await repo.markEndedAt(tx, current.id, now);
      const row = await start(
        tx,
        {
          studentId: payment.userId,
          planId: payment.planId,
          period: payment.period,
          weeklyMinutes: payment.weeklyMinutes,
          pricePiastres: payment.amountPiastres,
          transactionId: payment.id,
        },
        where.startsAt,
      );
      return row.id;
    },

    /** A payment refunded in full takes its subscription with it, or the upgrade it bought (its plan and minutes back). */
    async endForRefund(tx: Db, payment: { id: number; amountPiastres: number }): Promise<void> {
      if (await upgrades.revertUpgrade(tx, payment)) return;
      const row = await repo.lockActiveOfTransaction(tx, payment.id);
      if (row) await repo.markCancelled(tx, row.id, clock.now());
    },

    idsForTransactions: (tx: Db, transactionIds: number[]) => repo.idsForTransactions(tx, transactionIds),
  };
}
