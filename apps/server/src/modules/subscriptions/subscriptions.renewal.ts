import { AppError } from '@darsak/domain/errors';
import { type CancelledSubscription, endNoticeAt } from '@darsak/domain/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { subscriptionEndingMessage } from './subscriptions.messages.ts';
import * as repo from './subscriptions.repo.ts';
import type { SubscriptionsDeps, SubscriptionsService } from './subscriptions.service.ts';

export type SubscriptionRenewalsDeps = Pick<
  SubscriptionsDeps,
  'db' | 'clock' | 'settings' | 'users' | 'outbox' | 'notifications' | 'appUrl'
> & { subscriptions: Pick<SubscriptionsService, 'cancelRefunding'> };

/**
 * Renewal without a gap (issue 31): the next period paid in advance (scheduled from the current one's end by the
 * subscriptions service when its payment is paid) may be cancelled before it starts, refunded in full; the
 * student is told before her period ends, unless the next one is paid for already.
 */
export function createSubscriptionRenewals(deps: SubscriptionRenewalsDeps) {
  const { db, clock } = deps;

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

    /** Job: tells the student, days before the end, that the subscription is about to end. */
    async noticeEnding({ subscriptionId }: { subscriptionId: number }): Promise<boolean> {
      const sent = await db.transaction(async (tx: Db) => {
        const row = await repo.findSubscription(tx, subscriptionId);
        const now = clock.now();
        if (!row || row.endsAt <= now || !['active', 'scheduled'].includes(row.status)) return false;
        // The next period is paid for already: nothing ends.
        if (await repo.findScheduled(tx, row.studentId, now)) return false;
        // A pause moved the end: the notice booked for the new end tells her then.
        const { subscriptionEndNoticeDays } = await deps.settings.current(tx);
        if (now < endNoticeAt(row.endsAt, subscriptionEndNoticeDays)) return false;
        const student = await deps.users.findById(tx, row.studentId);
        if (!student) return false;
        const notice = subscriptionEndingMessage({
          name: student.name,
          endsAt: row.endsAt,
          weeklyMinutes: row.weeklyMinutes,
          plansUrl: `${deps.appUrl}/plans`,
        });
        await deps.notifications.send(tx, student.id, 'subscriptionEnding', notice, {
          template: 'subscription-ending',
          dedupeKey: `subscription-ending:${row.id}`,
        });
        return true;
      });
      if (sent) deps.outbox.kick();
      return sent;
    },
  };
}

export type SubscriptionRenewals = ReturnType<typeof createSubscriptionRenewals>;
