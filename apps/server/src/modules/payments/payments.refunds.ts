import { AppError } from '@darsak/domain/errors';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { RefundRequest } from '../subscriptions/subscriptions.service.ts';
import * as repo from './payments.repo.ts';

export const REFUND_JOB = 'payments.refund';

/** A refund to carry out until the transaction's refunded total reaches `targetRefundedPiastres`. */
export interface RefundJob extends RefundRequest {
  targetRefundedPiastres: number;
}

/**
 * Enlists a refund in the caller's transaction: the job exists only if the cancellation (or the payment that
 * turned out to be a duplicate) commits, and it retries until the provider confirms. The target total makes a
 * repeated run a no-op once the refund went through.
 */
export function createRefundRequester(queue: Pick<JobQueue, 'send'>) {
  return async (tx: Db, refund: RefundRequest): Promise<void> => {
    const row = await repo.findTransaction(tx, refund.transactionId);
    if (!row) throw new AppError('transaction-not-found');
    const job: RefundJob = { ...refund, targetRefundedPiastres: row.refundedPiastres + refund.amountPiastres };
    await queue.send(REFUND_JOB, job, { tx, singletonKey: `refund:${row.id}:${job.targetRefundedPiastres}` });
  };
}
