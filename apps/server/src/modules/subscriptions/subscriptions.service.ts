import { offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { TransactionStatus } from '@darsak/domain/payments';
import type { PlatformSettings } from '@darsak/domain/settings';
import {
  type CancellationTerms,
  type CancelledSubscription,
  type CurrentSubscription,
  cancellationRefundPiastres,
  endNoticeAt,
  isPausedAt,
  isRefundableCancel,
  isUnderWay,
  NO_SUBSCRIPTION,
  type PauseOffer,
  type PauseSpan,
  pausedWeekAt,
  pauseViolation,
  remainingMinutes,
  type Subscription,
  type SubscriptionStatus,
  type SubscriptionWeek,
  shownStatus,
} from '@darsak/domain/subscriptions';
import { isAdminRole } from '@darsak/domain/users';
import type { Changes } from '../../platform/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { PlansService } from '../plans/plans.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { pauseView } from './subscriptions.pause.ts';
import { createSubscriptionPurchases, END_NOTICE_JOB } from './subscriptions.purchases.ts';
import { followingOf } from './subscriptions.renewal.ts';
import * as repo from './subscriptions.repo.ts';
import type { Subscription as SubscriptionRow } from './subscriptions.table.ts';

export { END_NOTICE_JOB, type PaidTransaction } from './subscriptions.purchases.ts';

/** What a refund request carries to the payments module (which calls the provider, and retries). */
export interface RefundRequest {
  transactionId: number;
  amountPiastres: number;
  reason: string;
  /** Who asked (the student cancelling, staff), or null for the system itself. */
  actorId: number | null;
  source: 'user' | 'admin' | 'system';
}

/** The student's active subscription with its current week, as booking needs it. */
export interface ActiveSubscription {
  id: number;
  studentId: number;
  planId: number;
  weeklyMinutes: number;
  startsAt: Date;
  endsAt: Date;
  weekAnchorAt: Date;
  week: SubscriptionWeek;
  /** Its pause in this period, if any: no lesson may start inside it (`subscription-paused`). */
  pause: PauseSpan | null;
}

export interface SubscriptionsDeps {
  db: Db;
  clock: Clock;
  /** Platform settings (renewal hour, refund rule, notice days, trial weeks), read inside the caller's transaction. */
  settings: { current(tx?: Db): Promise<PlatformSettings> };
  plans: Pick<PlansService, 'offeredPlan' | 'hasInvite' | 'checkoutQuote'>;
  users: Pick<UsersService, 'findById'>;
  outbox: Pick<Outbox, 'kick'>;
  /** Every message to a person goes through the notification policy. */
  notifications: Notifier;
  queue: Pick<JobQueue, 'send'>;
  /** Enlists a refund in the caller's transaction; the payments module carries it out after commit. */
  requestRefund: (tx: Db, refund: RefundRequest) => Promise<void>;
  /** Payments' guard: queues behind the student's checkouts and refuses while a payment is open. */
  holdCheckout: (tx: Db, studentId: number) => Promise<void>;
  /** A student's subscription changed (told after commit): booking's cached view of their week is forgotten. */
  subscriptionChanges: Pick<Changes, 'notify'>;
  appUrl: string;
}

/**
 * Subscriptions (DESIGN §4): one active per student, created when its payment is paid, each with its own week;
 * the remaining weekly minutes are derived from that week's lessons.
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { db, clock } = deps;
  const shown = repo.shownWeekQueries(db);
  const { start, ...purchases } = createSubscriptionPurchases(deps);

  /** The subscription with its week at `now`; null outside it, or during its pause. */
  function toActive(row: SubscriptionRow, pause: PauseSpan | null, now: Date): ActiveSubscription | null {
    const week = pausedWeekAt(row, pause, now);
    if (!week) return null;
    const { id, studentId, planId, weeklyMinutes, startsAt, endsAt, weekAnchorAt } = row;
    return { id, studentId, planId, weeklyMinutes, startsAt, endsAt, weekAnchorAt, week, pause };
  }

  async function weekRemaining(tx: Db, sub: Pick<ActiveSubscription, 'studentId' | 'weeklyMinutes' | 'week'>) {
    const { startsAt, endsAt } = sub.week.counted ?? sub.week;
    const booked = await repo.lessonsBetween(tx, sub.studentId, startsAt, endsAt);
    return remainingMinutes(sub.weeklyMinutes, booked.minutes);
  }

  /** The pause the student may still take now (platform settings), or null. */
  async function pauseOffer(tx: Db, row: SubscriptionRow, taken: boolean, now: Date): Promise<PauseOffer | null> {
    const settings = await deps.settings.current(tx);
    const facts = { startsAt: now, weeks: settings.pauseMinWeeks, subscription: row, settings, taken };
    return pauseViolation(facts) ? null : { minWeeks: settings.pauseMinWeeks, maxWeeks: settings.pauseMaxWeeks };
  }

  /** What cancelling now would do: allowed while the lessons under it stay within the setting, and the refund. */
  async function cancellationTerms(tx: Db, row: SubscriptionRow): Promise<CancellationTerms> {
    const settings = await deps.settings.current(tx);
    const used = await repo.lessonsBetween(tx, row.studentId, row.startsAt, row.endsAt);
    const allowed = isRefundableCancel(used.lessons, settings.maxLessonsForRefundableCancel);
    return {
      lessonsTaken: used.lessons,
      maxLessons: settings.maxLessonsForRefundableCancel,
      allowed,
      refundPiastres: allowed ? cancellationRefundPiastres({ ...row, usedMinutes: used.minutes }) : 0,
    };
  }

  async function view(tx: Db, row: SubscriptionRow): Promise<Subscription> {
    const now = clock.now();
    const pause = await repo.pauseOf(tx, row.id);
    const current = isUnderWay(row, now);
    const active = current ? toActive(row, pause, now) : null;
    return {
      id: row.id,
      studentId: row.studentId,
      planId: row.planId,
      period: row.period,
      weeklyMinutes: row.weeklyMinutes,
      remainingWeeklyMinutes: active ? await weekRemaining(tx, active) : 0,
      status: shownStatus(row, now),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      weekStartsAt: active?.week.startsAt.toISOString() ?? null,
      weekEndsAt: active?.week.endsAt.toISOString() ?? null,
      pricePiastres: row.pricePiastres,
      transactionId: row.transactionId,
      cancellation: active ? await cancellationTerms(tx, row) : null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      pause: pause && pauseView(pause, now),
      pauseOffer: current ? await pauseOffer(tx, row, pause !== null, now) : null,
      ...(current ? await followingOf(tx, row, now) : { next: null, payAhead: null }),
    };
  }

  /**
   * Cancels a subscription at its student's request, refunding `amountPiastres` of its payment through the provider
   * (by the payments module, after commit, with retries).
   */
  async function cancelRefunding(
    tx: Db,
    row: SubscriptionRow,
    amountPiastres: number,
    request: { reason: string; actorId: number },
  ): Promise<CancelledSubscription> {
    const cancelled = await repo.markCancelled(tx, row.id, clock.now());
    const refund =
      row.transactionId !== null && amountPiastres > 0
        ? { transactionId: row.transactionId, amountPiastres, status: TransactionStatus.processed, pending: true }
        : null;
    if (refund)
      await deps.requestRefund(tx, { ...request, transactionId: refund.transactionId, amountPiastres, source: 'user' });
    return { subscription: await view(tx, cancelled), refund };
  }

  async function requireOwn(actor: AuthUser, id: number): Promise<SubscriptionRow> {
    const row = await repo.findSubscription(db, id);
    if (!row) throw new AppError('subscription-not-found');
    if (row.studentId !== actor.id && !isAdminRole(actor.role)) throw new AppError('forbidden');
    return row;
  }

  return {
    /** Checkout's and payments' (subscriptions.purchases.ts). */
    ...purchases,
    cancelRefunding,

    /**
     * Booking's entry point: the student's active subscription locked `FOR UPDATE` until the caller's transaction
     * ends, so concurrent bookings cannot overdraw the week; `subscription-required` when there is none.
     */
    async lockActiveForStudent(tx: Db, studentId: number): Promise<ActiveSubscription> {
      const now = clock.now();
      const row = await repo.lockActive(tx, studentId, now);
      if (row && isPausedAt(row.pause, now)) throw new AppError('subscription-paused', { until: row.pause?.endsAt });
      const active = row ? toActive(row, row.pause, now) : null;
      if (!active) throw new AppError('subscription-required');
      return active;
    },

    /**
     * The student's active subscription, its current week and the week's minutes left, or null, without a lock:
     * for showing (free times, stats), since a lock costs a durable write per read; booking reads them again
     * under the lock. Prepared statements: free times read this on every request of a signed-in student.
     */
    async currentWeek(studentId: number): Promise<{ subscription: ActiveSubscription; remaining: number } | null> {
      const now = clock.now();
      const row = await shown.active(studentId, now);
      const subscription = row ? toActive(row, row.pause, now) : null;
      if (!subscription) return null;
      const { startsAt, endsAt } = subscription.week.counted ?? subscription.week;
      const booked = await shown.bookedMinutes(studentId, startsAt, endsAt);
      return { subscription, remaining: remainingMinutes(subscription.weeklyMinutes, booked) };
    },

    /** The week's minutes less its lessons that were not cancelled, inside the booking's transaction. */
    remainingWeeklyMinutes: (tx: Db, sub: ActiveSubscription) => weekRemaining(tx, sub),

    async current(actor: AuthUser): Promise<CurrentSubscription> {
      const row = await repo.findActive(db, actor.id, clock.now());
      return row ? view(db, row) : NO_SUBSCRIPTION;
    },

    async get(actor: AuthUser, id: number): Promise<Subscription> {
      return view(db, await requireOwn(actor, id));
    },

    /** A subscription as its student and staff see it, inside the caller's transaction (the pause service). */
    view,

    /** Books the end notice again for an end a pause moved (subscriptions.pause.ts). */
    async rescheduleEndNotice(tx: Db, row: { id: number; endsAt: Date }): Promise<void> {
      const { subscriptionEndNoticeDays } = await deps.settings.current(tx);
      const startAfter = endNoticeAt(row.endsAt, subscriptionEndNoticeDays);
      const singletonKey = `sub-end:${row.id}:${row.endsAt.toISOString()}`;
      await deps.queue.send(END_NOTICE_JOB, { subscriptionId: row.id }, { tx, startAfter, singletonKey });
    },

    async list(
      actor: AuthUser,
      query: { page: number; size: number; studentId?: number | undefined; status?: SubscriptionStatus | undefined },
    ) {
      const studentId = isAdminRole(actor.role) ? query.studentId : actor.id;
      const { rows, total } = await repo.listSubscriptions(db, {
        studentId,
        status: query.status,
        limit: query.size,
        offset: offsetOf(query),
      });
      return { total, list: await Promise.all(rows.map((row) => view(db, row))) };
    },

    /**
     * Cancels the active subscription. While the lessons taken under it do not exceed the setting, the price less
     * the minutes used is refunded through the provider (by the payments module, after commit, with retries).
     */
    async cancel(actor: AuthUser, input: { reason?: string | undefined }): Promise<CancelledSubscription> {
      const result = await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.lockActive(tx, actor.id, now);
        if (!row) throw new AppError('subscription-not-found');
        const terms = await cancellationTerms(tx, row);
        if (!terms.allowed) {
          throw new AppError('subscription-uncancellable', {
            lessonsTaken: terms.lessonsTaken,
            maxLessons: terms.maxLessons,
          });
        }
        return cancelRefunding(tx, row, terms.refundPiastres, {
          reason: input.reason ?? 'subscription cancelled',
          actorId: actor.id,
        });
      });
      await deps.subscriptionChanges.notify(actor.id);
      return result;
    },

    /**
     * A plan's free trial: for students invited to the plan, once per student, while no subscription is active and
     * no payment is open (that payment, once paid, would have to be refunded).
     */
    async startFreeTrial(actor: AuthUser, input: { planId: number }): Promise<Subscription> {
      const trial = await db.transaction(async (tx) => {
        await deps.holdCheckout(tx, actor.id);
        const plan = await deps.plans.offeredPlan(tx, actor, input.planId);
        if (!(await deps.plans.hasInvite(tx, actor.id, plan.id))) throw new AppError('plan-not-offered');
        if (await repo.findActive(tx, actor.id, clock.now())) throw new AppError('subscription-exists');
        if (await repo.hasFreeTrial(tx, actor.id)) throw new AppError('free-trial-used');
        const row = await start(tx, {
          studentId: actor.id,
          planId: plan.id,
          period: 'freeTrial',
          weeklyMinutes: plan.weeklyMinutes,
          pricePiastres: 0,
          transactionId: null,
        });
        return view(tx, row);
      });
      await deps.subscriptionChanges.notify(actor.id);
      return trial;
    },

    /** Paid periods under way ending within `withinMs`, with no next period yet (automatic renewal's charge). */
    endingWithoutNext: (withinMs: number) => {
      const now = clock.now();
      return repo.endingWithoutNext(db, now, new Date(now.getTime() + withinMs));
    },

    /** Job: ends the subscriptions whose period is over, and starts the next periods paid in advance. */
    async endOverdue(): Promise<number> {
      return db.transaction((tx) => repo.endOverdue(tx, clock.now()));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
