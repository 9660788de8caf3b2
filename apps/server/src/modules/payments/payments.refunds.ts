import { AppError } from '@darsak/domain/errors';
import { isRefundable, type TransactionStatus } from '@darsak/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import {
  type FawryGateway,
  type PaymobGateway,
  ProviderError,
  type StatusReport,
} from '../../providers/payments/payment-gateway.ts';
import type { RefundRequest } from '../subscriptions/subscriptions.service.ts';
import * as repo from './payments.repo.ts';
import type { PaymentRefund, Transaction } from './payments.table.ts';

export const REFUND_JOB = 'payments.refund';

/** A refund to carry out until the transaction's refunded total reaches `targetRefundedPiastres`. */
export interface RefundJob extends RefundRequest {
  targetRefundedPiastres: number;
}

/**
 * Enlists a refund in the caller's transaction: the job exists only if the cancellation (or the payment that
 * turned out to be a duplicate) commits, and it retries until the provider confirms. The target total makes a
 * repeated run a no-op once the refund went through; a refund already in flight passes its own.
 */
export function createRefundRequester(queue: Pick<JobQueue, 'send'>) {
  return async (tx: Db, refund: RefundRequest | RefundJob): Promise<void> => {
    const row = await repo.findTransaction(tx, refund.transactionId);
    if (!row) throw new AppError('transaction-not-found');
    const job: RefundJob = {
      ...refund,
      targetRefundedPiastres:
        'targetRefundedPiastres' in refund
          ? refund.targetRefundedPiastres
          : row.refundedPiastres + refund.amountPiastres,
    };
    await queue.send(REFUND_JOB, job, { tx, singletonKey: `refund:${row.id}:${job.targetRefundedPiastres}` });
  };
}

/**
 * A staff refund: `amountPiastres` more than what is refunded when the lock is taken (null: the rest), so two
 * staff refunds at once are two refunds, the second refused if it would pass the amount paid.
 */
export interface StaffRefund extends Omit<RefundRequest, 'amountPiastres'> {
  amountPiastres: number | null;
}

const targetOf = (order: RefundJob | StaffRefund, row: Transaction): number =>
  'targetRefundedPiastres' in order
    ? order.targetRefundedPiastres
    : row.refundedPiastres + (order.amountPiastres ?? row.amountPiastres - row.refundedPiastres);

/** `Change` is what the payments service announces after commit. */
export interface RefunderDeps<Change> {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  fawry: Pick<FawryGateway, 'refund' | 'status'>;
  paymob: Pick<PaymobGateway, 'refund' | 'status'>;
  /** The payments service's status move of a locked transaction (its event, the subscription's end). */
  recordRefunded: (
    tx: Db,
    row: Transaction,
    refundedPiastres: number,
    order: RefundRequest | StaffRefund,
  ) => Promise<Change>;
  /** After commit: tells the student and booking. */
  announce: (change: Change) => Promise<void>;
  /** Enlists the job that finishes a refund whose provider call got no answer. */
  requestRefund: (tx: Db, refund: RefundJob) => Promise<void>;
}

/**
 * Refunds through the provider, at most one call per refund: the refund is recorded under the transaction's lock
 * before the provider is asked, and a transaction has at most one refund in flight (`refund-in-progress` for a
 * second one), so concurrent refunds can neither ask the provider twice nor add up past the amount paid. A refund
 * whose call got no answer stays in flight and its job finishes it: it first asks the provider what was refunded,
 * and asks for the refund again only if the provider has not made it.
 */
export function createRefunder<Change>(deps: RefunderDeps<Change>) {
  const { db, clock } = deps;

  /** Under the lock: the refund to make now (a new one, or the job's own one in flight), or null when done. */
  async function claim(order: RefundJob | StaffRefund, resume: boolean) {
    return db.transaction(async (tx) => {
      const row = await repo.lockTransaction(tx, order.transactionId);
      if (!row) throw new AppError('transaction-not-found');
      const target = targetOf(order, row);
      const inFlight = await repo.findRefundInFlight(tx, row.id);
      if (inFlight) {
        if (resume && inFlight.targetRefundedPiastres === target) return { row, refund: inFlight, resumed: true };
        throw new AppError('refund-in-progress');
      }
      const amountPiastres = target - row.refundedPiastres;
      if (amountPiastres <= 0) {
        if ('targetRefundedPiastres' in order) return { row, refund: null, resumed: false };
        throw new AppError('payment-not-refundable');
      }
      if (!isRefundable(row.status as TransactionStatus))
        throw new AppError('payment-not-refundable', { status: row.status });
      if (target > row.amountPiastres || !row.providerRef) throw new AppError('payment-not-refundable');
      const refund = await repo.insertRefund(tx, {
        transactionId: row.id,
        amountPiastres,
        targetRefundedPiastres: target,
        source: order.source,
        actorId: order.actorId,
        reason: order.reason,
      });
      return { row, refund, resumed: false };
    });
  }

  /**
   * Whether the provider made a refund whose answer we lost: its refunded total against ours. `unknown` when it
   * reports a partial refund without its amount on top of one we recorded: then the refund is not asked again, and
   * stays in flight until the provider's notification (which carries the amount) settles it.
   */
  async function providerMade(row: Transaction, refund: PaymentRefund): Promise<'yes' | 'no' | 'unknown'> {
    const gateway = row.provider === 'paymob' ? deps.paymob : deps.fawry;
    const report: StatusReport | null = await gateway.status(row.merchantRefNum);
    if (!report) return 'unknown';
    if (report.refundedPiastres !== null)
      return report.refundedPiastres >= refund.targetRefundedPiastres ? 'yes' : 'no';
    if (report.status === 'refunded') return 'yes';
    if (report.status !== 'partialRefunded') return 'no';
    return refund.targetRefundedPiastres === refund.amountPiastres ? 'yes' : 'unknown';
  }

  async function askProvider(row: Transaction, refund: PaymentRefund, reason: string): Promise<void> {
    if (row.provider === 'paymob') {
      const paid = (await repo.paidPayload(db, row.id)) as { obj?: { id?: unknown } } | undefined;
      if (paid?.obj?.id === undefined)
        throw new AppError('payment-not-refundable', { reason: 'no paymob transaction' });
      await deps.paymob.refund({ transactionId: String(paid.obj.id), amountPiastres: refund.amountPiastres });
    } else {
      await deps.fawry.refund({
        referenceNumber: row.providerRef ?? '',
        amountPiastres: refund.amountPiastres,
        reason,
      });
    }
  }

  async function settle(refund: PaymentRefund, order: RefundJob | StaffRefund): Promise<void> {
    const change = await db.transaction(async (tx) => {
      const locked = await repo.lockTransaction(tx, refund.transactionId);
      if (!locked) throw new AppError('transaction-not-found');
      await repo.settleRefund(tx, refund.id, 'done', clock.now());
      // A provider's callback may have recorded this refund already: the total is set, never added to.
      const total = Math.max(locked.refundedPiastres, refund.targetRefundedPiastres);
      return deps.recordRefunded(tx, locked, total, order);
    });
    await deps.announce(change);
  }

  /** The provider refused (or we could not ask): nothing was refunded, and the payment is free for another. */
  async function fail(refund: PaymentRefund): Promise<void> {
    await repo.settleRefund(db, refund.id, 'failed', clock.now());
  }

  /** No answer to staff: the refund stays in flight and a job finishes it (a job's own run is retried instead). */
  async function leaveToJob(order: RefundJob | StaffRefund, refund: PaymentRefund): Promise<void> {
    const own = {
      ...order,
      amountPiastres: refund.amountPiastres,
      targetRefundedPiastres: refund.targetRefundedPiastres,
    };
    await db.transaction((tx) => deps.requestRefund(tx, own));
  }

  return {
    /** `resume`: a job's run, which may finish its own refund left in flight by an earlier run. */
    async refund(order: RefundJob | StaffRefund, { resume }: { resume: boolean }): Promise<Transaction> {
      const { row, refund, resumed } = await claim(order, resume);
      if (!refund) return row;
      try {
        const made = resumed ? await providerMade(row, refund) : 'no';
        if (made === 'unknown') throw new ProviderError(row.provider, 'unavailable', 'refund outcome unknown');
        if (made === 'no') await askProvider(row, refund, order.reason);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'unavailable') {
          deps.log.warn({ transactionId: row.id, refundId: refund.id }, 'refund unanswered: left to its job');
          if (!resume) await leaveToJob(order, refund);
          throw new AppError('service-unavailable', { statusCode: error.details.statusCode });
        }
        await fail(refund);
        if (error instanceof ProviderError) throw new AppError('fawry-error', { statusCode: error.details.statusCode });
        throw error;
      }
      await settle(refund, order);
      return (await repo.findTransaction(db, row.id)) ?? row;
    },
  };
}
