import { nextTransactionStatus, TransactionStatus } from '@darsak/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { RefundRequest, SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import * as repo from './payments.repo.ts';
import type { Transaction } from './payments.table.ts';

export interface ProcessingDeps {
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  subscriptions: Pick<SubscriptionsService, 'startForPayment'>;
  /** Enlists a refund in the caller's transaction (payments.refunds.ts). */
  requestRefund: (tx: Db, refund: RefundRequest) => Promise<void>;
}

/** What a paid transaction became: processed with the subscription it started, or left paid (and refunded). */
export interface Processed {
  status: TransactionStatus;
  subscriptionId: number | null;
}

/**
 * Applies a purchase the provider reported paid, in the transaction that recorded the payment: the subscription
 * starts (replacing a free trial) and the transaction becomes processed (spec status 7), both or neither. A
 * payment made while a paid subscription is active is not applied: it stays paid and is refunded in full.
 */
export function createPurchaseProcessor(deps: ProcessingDeps) {
  return async function processPaid(tx: Db, row: Transaction): Promise<Processed> {
    const subscriptionId = await deps.subscriptions.startForPayment(tx, row);
    if (subscriptionId === null) {
      deps.log.warn(
        { transactionId: row.id, userId: row.userId },
        'paid while a paid subscription is active: refunding',
      );
      await deps.requestRefund(tx, {
        transactionId: row.id,
        amountPiastres: row.amountPiastres,
        reason: 'duplicate payment',
        actorId: null,
        source: 'system',
      });
      return { status: TransactionStatus.paid, subscriptionId: null };
    }
    const from = row.status as TransactionStatus;
    const status = nextTransactionStatus(from, TransactionStatus.processed);
    await repo.updateTransaction(tx, row.id, { status });
    await repo.insertEvent(tx, {
      transactionId: row.id,
      fromStatus: from,
      toStatus: status,
      source: 'system',
      note: `subscription ${subscriptionId} started`,
      at: deps.clock.now(),
    });
    return { status, subscriptionId };
  };
}
