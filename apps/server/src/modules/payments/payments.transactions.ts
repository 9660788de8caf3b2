import { offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { canMoveTransaction, TransactionStatus } from '@darsak/domain/payments';
import { isAdminRole } from '@darsak/domain/users';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { PaymentCount } from '../../platform/metrics/metrics.ts';
import { ProviderError } from '../../providers/payments/payment-gateway.ts';
import type { TransactionRecords } from './payments.records.ts';
import { createRefunder, type RefundJob } from './payments.refunds.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsDeps } from './payments.service.ts';

/** Only a payment still waiting may be cancelled (the transaction table's one move to canceled). */
const cancellable = (status: number) => canMoveTransaction(status as TransactionStatus, TransactionStatus.canceled);

const STATUS_NAMES = Object.fromEntries(Object.entries(TransactionStatus).map(([name, n]) => [n, name])) as Record<
  TransactionStatus,
  keyof typeof TransactionStatus
>;

type TransactionsDeps = Pick<
  PaymentsDeps,
  'db' | 'clock' | 'log' | 'fawry' | 'paymob' | 'subscriptions' | 'requestRefund' | 'audit'
>;

/**
 * A transaction once it exists (spec TRANSACTION): its owner's and staff's views, the student's cancellation
 * while it is unpaid, and refunds (staff's inline, or a job's until the provider confirms). `syncOne` is the
 * reconciliation's: it asks the provider for a pending transaction's status and applies it.
 */
export function createTransactionsService(
  deps: TransactionsDeps,
  records: TransactionRecords,
  syncOne: (id: number) => Promise<void>,
) {
  const { db, clock, log } = deps;
  const { apply, announce, requireOwn, toView } = records;

  const refunder = createRefunder({
    db,
    clock,
    log,
    fawry: deps.fawry,
    paymob: deps.paymob,
    requestRefund: deps.requestRefund,
    announce,
    recordRefunded: (tx, row, refundedPiastres, job) =>
      apply(
        tx,
        row,
        { status: 'partialRefunded', amountPiastres: null, referenceNumber: null, refundedPiastres },
        { source: job.source, actorId: job.actorId, note: job.reason },
      ),
  });

  return {
    async cancelUnpaid(actor: AuthUser, transactionId: number) {
      const row = await requireOwn(db, actor, transactionId);
      if (!cancellable(row.status)) throw new AppError('payment-not-cancellable');
      if (row.provider === 'fawry' && row.providerRef) {
        try {
          await deps.fawry.cancelUnpaid(row.providerRef);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          // Refused: perhaps paid meanwhile; learn the truth before answering.
          await syncOne(row.id).catch(() => undefined);
          throw new AppError(error.kind === 'refused' ? 'payment-not-cancellable' : 'service-unavailable');
        }
      }
      const change = await db.transaction(async (tx) => {
        const locked = await repo.lockTransaction(tx, row.id);
        if (!locked) throw new AppError('transaction-not-found');
        // Paid (or closed) meanwhile: the student's answer names it, rather than the machine's `illegal`.
        if (!cancellable(locked.status)) throw new AppError('payment-not-cancellable');
        const report = {
          status: 'canceled' as const,
          amountPiastres: null,
          refundedPiastres: null,
          referenceNumber: null,
        };
        const source = isAdminRole(actor.role) && actor.id !== row.userId ? 'admin' : 'user';
        const moved = await apply(tx, locked, report, { source, actorId: actor.id });
        if (!moved) throw new AppError('payment-not-cancellable');
        return moved;
      });
      await announce(change);
      return toView(db, (await repo.findTransaction(db, row.id)) ?? row);
    },

    /** Staff refund, in full or in part, inline (the provider's refusal is answered at once). */
    async refund(
      actor: AuthUser,
      input: { transactionId: number; amountPiastres?: number | undefined; reason?: string | undefined },
    ) {
      const row = await repo.findTransaction(db, input.transactionId);
      if (!row) throw new AppError('transaction-not-found');
      const refunded = await refunder.refund(
        {
          transactionId: row.id,
          amountPiastres: input.amountPiastres ?? null,
          reason: input.reason ?? 'refund by staff',
          actorId: actor.id,
          source: 'admin',
        },
        { resume: false },
      );
      const amountPiastres = refunded.refundedPiastres - row.refundedPiastres;
      await deps.audit.record(db, {
        actorId: actor.id,
        action: 'transaction.refund',
        objectId: row.id,
        subjectUserId: row.userId,
        before: { status: row.status, refundedPiastres: row.refundedPiastres },
        after: { status: refunded.status, refundedPiastres: refunded.refundedPiastres, amountPiastres },
        reason: input.reason ?? null,
      });
      return toView(db, refunded);
    },

    /** Job: a refund requested by a cancellation or a duplicate payment (retried by the queue until done). */
    async runRefundJob(job: RefundJob) {
      await refunder.refund(job, { resume: true });
    },

    async status(actor: AuthUser, transactionId: number) {
      return toView(db, await requireOwn(db, actor, transactionId));
    },

    async get(actor: AuthUser, id: number) {
      return toView(db, await requireOwn(db, actor, id));
    },

    async last(actor: AuthUser) {
      const row = await repo.lastTransaction(db, actor.id);
      if (!row) throw new AppError('transaction-not-found');
      return toView(db, row);
    },

    async list(
      actor: AuthUser,
      query: { page: number; size: number; userId?: number | undefined; status?: number | undefined },
    ) {
      const userId = isAdminRole(actor.role) ? query.userId : actor.id;
      const { rows, total } = await repo.listTransactions(db, {
        userId,
        status: query.status,
        limit: query.size,
        offset: offsetOf(query),
      });
      const subscriptionIds = await deps.subscriptions.idsForTransactions(
        db,
        rows.map((r) => r.id),
      );
      return { total, list: await Promise.all(rows.map((r) => toView(db, r, subscriptionIds.get(r.id) ?? null))) };
    },

    events: (transactionId: number) => repo.listEvents(db, transactionId),

    /** Every payment by status and method (the metrics' scrape). */
    async countByStatusAndMethod(): Promise<PaymentCount[]> {
      const rows = await repo.countByStatusAndMethod(db);
      return rows.map((r) => ({ ...r, status: STATUS_NAMES[r.status as TransactionStatus] }));
    },
  };
}
