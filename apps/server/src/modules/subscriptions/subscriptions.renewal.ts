import { AppError, isAppError } from '@darsak/domain/errors';
import type { PaymentResult } from '@darsak/domain/payments';
import {
  type CancelledSubscription,
  endNoticeAt,
  isFreeTrial,
  type NextPeriod,
  purchaseStartFor,
} from '@darsak/domain/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type RenewalReference, subscriptionEndingMessage } from './subscriptions.messages.ts';
import * as repo from './subscriptions.repo.ts';
import type { SubscriptionsDeps, SubscriptionsService } from './subscriptions.service.ts';
import type { Subscription as SubscriptionRow } from './subscriptions.table.ts';

const nextPeriodView = (row: SubscriptionRow): NextPeriod => ({
  id: row.id,
  planId: row.planId,
  period: row.period,
  weeklyMinutes: row.weeklyMinutes,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  pricePiastres: row.pricePiastres,
  transactionId: row.transactionId,
});

/** While a paid subscription is under way: the next period paid for, or when one bought now would start. */
export async function followingOf(tx: Db, row: SubscriptionRow, now: Date) {
  const next = await repo.findScheduled(tx, row.studentId, now);
  const start = purchaseStartFor({ now, current: row, nextScheduled: next !== undefined });
  return {
    next: next ? nextPeriodView(next) : null,
    payAhead: 'advance' in start && start.advance ? { startsAt: start.startsAt.toISOString() } : null,
  };
}

export type SubscriptionRenewalsDeps = Pick<
  SubscriptionsDeps,
  'db' | 'clock' | 'settings' | 'users' | 'outbox' | 'appUrl'
> & {
  notifications: Pick<NotificationsService, 'send' | 'reaches'>;
  subscriptions: Pick<SubscriptionsService, 'cancelRefunding'>;
  /** Payments' Fawry reference for a cash payer's next period (null: not paid in cash). */
  renewalReference: (
    studentId: number,
    paidWith: number,
    key: string,
    payBy: Date,
  ) => Promise<Pick<PaymentResult, 'referenceNumber' | 'transaction'> | null>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Payments' automatic renewal: the card it will charge, or null when off. */
  autoRenewalCardOf: (tx: Db, studentId: number) => Promise<{ lastFour: string | null } | null>;
};

/**
 * Renewal without a gap (issue 31): the next period paid in advance (scheduled from the current one's end by the
 * subscriptions service when its payment is paid) may be cancelled before it starts, refunded in full; the
 * renewal message reaches the student before her period ends, unless the next one is paid for already.
 */
export function createSubscriptionRenewals(deps: SubscriptionRenewalsDeps) {
  const { db, clock } = deps;

  /**
   * The next period's Fawry reference when this period was paid in cash; null otherwise, or when none can be
   * opened now (another payment of hers open, the plan no longer offered): she renews from the link then.
   */
  async function cashReference(row: SubscriptionRow): Promise<RenewalReference | null> {
    if (row.transactionId === null) return null;
    try {
      const key = `renewal-notice:${row.id}`;
      const opened = await deps.renewalReference(row.studentId, row.transactionId, key, row.endsAt);
      const { referenceNumber, transaction } = opened ?? {};
      if (!referenceNumber || !transaction?.expiresAt || transaction.state !== 'pending') return null;
      return {
        referenceNumber,
        amountPiastres: transaction.amountPiastres,
        expiresAt: new Date(transaction.expiresAt),
      };
    } catch (error) {
      if (!isAppError(error)) throw error;
      deps.log.warn({ subscriptionId: row.id, code: error.code }, 'renewal reference not opened');
      return null;
    }
  }

  return {
    /**
     * Cancels the next period paid in advance, before it starts: nothing of it was used, so its whole price is
     * refunded through the provider (by the payments module, after commit, with retries).
     */
    async cancelNext(actor: AuthUser, input: { reason?: string | undefined }): Promise<CancelledSubscription> {
      return db.transaction(async (tx) => {
        const row = await repo.lockScheduled(tx, actor.id, clock.now());
        if (!row) throw new AppError('subscription-not-found');
        return deps.subscriptions.cancelRefunding(tx, row, row.pricePiastres, {
          reason: input.reason ?? 'next period cancelled before it started',
          actorId: actor.id,
        });
      });
    },

    /**
     * Job: the renewal message, `subscriptionEndNoticeDays` before the end, once per period (the outbox's dedupe
     * key): one tap to the checkout of the same plan and period, and for a cash payer the Fawry reference of the
     * next period, opened ahead through the payments module (its key per period: a rerun replays it, the provider
     * is asked once), payable until her period ends. Paying it starts the next period there. Nothing when the next
     * period is paid already.
     */
    async noticeEnding({ subscriptionId }: { subscriptionId: number }): Promise<boolean> {
      const due = await db.transaction(async (tx: Db) => {
        const row = await repo.findSubscription(tx, subscriptionId);
        const now = clock.now();
        if (!row || row.endsAt <= now || !['active', 'scheduled'].includes(row.status)) return null;
        if (await repo.findScheduled(tx, row.studentId, now)) return null;
        // A pause moved the end: the notice booked for the new end tells her then.
        const { subscriptionEndNoticeDays } = await deps.settings.current(tx);
        return now < endNoticeAt(row.endsAt, subscriptionEndNoticeDays) ? null : row;
      });
      if (!due) return false;
      const card = await deps.autoRenewalCardOf(db, due.studentId);
      // Renewing automatically: the notice before the charge, which she gets whatever her nudges (transactional),
      // and no reference to pay. Otherwise the renewal message is a nudge: turned off (or "none"), no message, and
      // no reference opened in her name.
      const kind = card ? 'autoRenewalNotice' : 'subscriptionEnding';
      if (!card && !(await deps.notifications.reaches(db, due.studentId, kind))) return false;
      const reference = card ? null : await cashReference(due);
      const sent = await db.transaction(async (tx: Db) => {
        const student = await deps.users.findById(tx, due.studentId);
        if (!student) return false;
        const trial = isFreeTrial(due);
        const notice = subscriptionEndingMessage({
          name: student.name,
          endsAt: due.endsAt,
          weeklyMinutes: due.weeklyMinutes,
          renewUrl: trial ? `${deps.appUrl}/plans` : `${deps.appUrl}/checkout/${due.planId}/${due.period}`,
          reference,
          autoRenewal: card && { lastFour: card.lastFour, settingsUrl: `${deps.appUrl}/payments` },
        });
        await deps.notifications.send(tx, student.id, kind, notice, {
          template: 'subscription-ending',
          dedupeKey: `subscription-ending:${due.id}`,
        });
        return true;
      });
      if (sent) deps.outbox.kick();
      return sent;
    },
  };
}

export type SubscriptionRenewals = ReturnType<typeof createSubscriptionRenewals>;
