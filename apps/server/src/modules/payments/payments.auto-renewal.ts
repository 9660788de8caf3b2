import { MS_PER_HOUR } from '@darsak/domain/common';
import { AppError, isAppError } from '@darsak/domain/errors';
import type { AutoRenewalState, PaymentResult } from '@darsak/domain/payments';
import type { PaidPeriod } from '@darsak/domain/plans';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import { autoRenewalFailedNotice } from './payments.messages.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsDeps } from './payments.service.ts';

/** The charge is made this long before the period ends: a refused card leaves her a day to renew by hand. */
export const AUTO_RENEWAL_LEAD_HOURS = 24;

type AutoRenewalDeps = Pick<PaymentsDeps, 'db' | 'log' | 'notifications' | 'outbox' | 'appUrl'> & {
  subscriptions: Pick<SubscriptionsService, 'endingWithoutNext'>;
};

type RenewByCard = (
  studentId: number,
  period: { id: number; planId: number; period: PaidPeriod },
  cardTokenId: number,
) => Promise<PaymentResult>;

/**
 * Automatic renewal for saved-card payers (issue 31): opt-in (off by default), off in one step, told days before
 * each charge by the renewal message; the charge at the period's end by the card token, merchant-initiated, one
 * idempotency key per period so the provider is never asked twice. A refused charge turns it off and tells her:
 * she renews by hand.
 */
export function createAutoRenewals(deps: AutoRenewalDeps, renewByCard: RenewByCard) {
  const { db } = deps;

  async function stateOf(tx: Db, userId: number): Promise<AutoRenewalState> {
    const row = await repo.findAutoRenewal(tx, userId);
    return {
      autoRenewal: row ? { cardTokenId: row.card.id, lastFour: row.card.lastFour, brand: row.card.brand } : null,
    };
  }

  /** The card refused (or is gone): automatic renewal is off and she is told to renew by hand. */
  async function fallBack(studentId: number, period: { planId: number; period: PaidPeriod; endsAt: Date }) {
    await db.transaction(async (tx) => {
      await repo.deleteAutoRenewal(tx, studentId);
      const notice = autoRenewalFailedNotice({
        endsAt: period.endsAt,
        renewUrl: `${deps.appUrl}/checkout/${period.planId}/${period.period}`,
      });
      await deps.notifications.send(tx, studentId, 'autoRenewalFailed', notice, {
        template: 'auto-renewal-failed',
        dedupeKey: `auto-renewal-failed:${studentId}:${period.endsAt.toISOString()}`,
      });
    });
    deps.outbox.kick();
  }

  return {
    autoRenewal: (actor: AuthUser) => stateOf(db, actor.id),

    async autoRenewalOn(actor: AuthUser, input: { cardTokenId: number }): Promise<AutoRenewalState> {
      return db.transaction(async (tx) => {
        const card = await repo.findCard(tx, input.cardTokenId);
        if (!card || card.userId !== actor.id) throw new AppError('card-not-found');
        await repo.saveAutoRenewal(tx, actor.id, card.id);
        return stateOf(tx, actor.id);
      });
    },

    async autoRenewalOff(actor: AuthUser): Promise<AutoRenewalState> {
      await repo.deleteAutoRenewal(db, actor.id);
      return { autoRenewal: null };
    },

    /** The renewal message's word on it: the card that will be charged, or null. */
    autoRenewalCardOf: async (tx: Db, studentId: number) => (await stateOf(tx, studentId)).autoRenewal,

    /** Job: charges the periods of students renewing automatically that end within the lead. Returns how many paid. */
    async chargeDue(): Promise<number> {
      let paid = 0;
      for (const due of await deps.subscriptions.endingWithoutNext(AUTO_RENEWAL_LEAD_HOURS * MS_PER_HOUR)) {
        const on = await repo.findAutoRenewal(db, due.studentId);
        if (!on || due.period === 'freeTrial') continue;
        const period = { id: due.id, planId: due.planId, period: due.period, endsAt: due.endsAt };
        try {
          const result = await renewByCard(due.studentId, period, on.card.id);
          if (result.transaction.state === 'done') paid += 1;
          else if (result.transaction.state === 'failed') await fallBack(due.studentId, period);
        } catch (error) {
          if (!isAppError(error)) throw error;
          deps.log.warn({ subscriptionId: due.id, code: error.code }, 'automatic renewal not charged');
          // Refused by the bank, or the plan is gone: by hand then. Another payment open, or no answer: next run.
          if (['fawry-error', 'plan-not-found', 'plan-not-offered', 'card-not-found'].includes(error.code))
            await fallBack(due.studentId, period);
        }
      }
      return paid;
    },
  };
}
