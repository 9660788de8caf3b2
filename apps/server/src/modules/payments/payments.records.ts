import { cairoParts } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  canCancelPayment,
  canMoveTransaction,
  canRetryPayment,
  nextTransactionStatus,
  paymentStateOf,
  RECEIPT_LANGUAGES,
  receiptNumberOf,
  TransactionStatus,
  type Transaction as TransactionView,
} from '@darsak/domain/payments';
import { isAdminRole } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { ProviderError, ProviderStatus, StatusReport } from '../../providers/payments/payment-gateway.ts';
import { paymentFailedNotice, paymentReceivedNotice, refundNotice } from './payments.messages.ts';
import { createPurchaseProcessor } from './payments.processing.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsDeps } from './payments.service.ts';
import type { Transaction } from './payments.table.ts';

type Source = 'user' | 'admin' | 'provider' | 'sync' | 'system';

/** Reports of what a provider did: stale or repeated ones are acknowledged and change nothing. */
const isProviderReport = (source: Source) => source === 'provider' || source === 'sync';

const STATUS_OF: Record<ProviderStatus, TransactionStatus> = {
  new: TransactionStatus.new,
  paid: TransactionStatus.paid,
  canceled: TransactionStatus.canceled,
  refunded: TransactionStatus.refunded,
  partialRefunded: TransactionStatus.partialRefunded,
  expired: TransactionStatus.expired,
  failed: TransactionStatus.failed,
};

/** A payment's receipt in both languages, as the e-mail that tells of it carries them. */
const receiptFiles = (transactionId: number) =>
  RECEIPT_LANGUAGES.map((lang) => ({ kind: 'receipt' as const, transactionId, lang }));

/** What changed in a transaction, to announce after commit. */
interface Change {
  userId: number;
  transactionId: number;
  status: TransactionStatus;
  subscriptionId: number | null;
}

/** The provider's failure as the API's code: no answer is `service-unavailable`, a refusal is `fawry-error`. */
export const codeOf = (error: ProviderError) => (error.kind === 'unavailable' ? 'service-unavailable' : 'fawry-error');

type RecordsDeps = Pick<
  PaymentsDeps,
  | 'clock'
  | 'log'
  | 'plans'
  | 'subscriptions'
  | 'requestRefund'
  | 'realtime'
  | 'subscriptionChanges'
  | 'notifications'
  | 'outbox'
>;

/**
 * What every payments service shares about a transaction: its one way to move status (with its event, coupon,
 * subscription and processing), the news of a move after commit, its view and who may see it.
 */
export function createTransactionRecords(deps: RecordsDeps) {
  const { clock, log } = deps;
  const processPaid = createPurchaseProcessor(deps);

  async function toView(tx: Db, row: Transaction, subscriptionId?: number | null): Promise<TransactionView> {
    const status = row.status as TransactionStatus;
    const subId =
      subscriptionId !== undefined
        ? subscriptionId
        : (await deps.subscriptions.idsForTransactions(tx, [row.id])).get(row.id);
    return {
      id: row.id,
      userId: row.userId,
      planId: row.planId,
      period: row.period,
      weeklyMinutes: row.weeklyMinutes,
      method: row.method,
      provider: row.provider,
      merchantRefNum: row.merchantRefNum,
      receiptNumber: row.receiptNumber,
      referenceNumber: row.providerRef,
      amountPiastres: row.amountPiastres,
      discountPiastres: row.discountPiastres,
      refundedPiastres: row.refundedPiastres,
      installments: row.installments,
      status,
      state: paymentStateOf(status),
      canCancel: canCancelPayment(status),
      canRetry: canRetryPayment(status),
      subscriptionId: subId ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * After commit. Processed started a subscription and refunded ends it: booking's view of the week is forgotten
   * first.
   */
  async function announce(change: Change | null) {
    deps.outbox.kick();
    if (!change) return;
    const { processed, refunded } = TransactionStatus;
    if (change.status === processed || change.status === refunded) await deps.subscriptionChanges.notify(change.userId);
    deps.realtime.toUser(change.userId, 'transaction:status', {
      transactionId: change.transactionId,
      status: change.status,
      subscriptionId: change.subscriptionId,
    });
  }

  async function requireOwn(tx: Db, actor: AuthUser, id: number): Promise<Transaction> {
    const row = await repo.findTransaction(tx, id);
    if (!row) throw new AppError('transaction-not-found');
    if (row.userId !== actor.id && !isAdminRole(actor.role)) throw new AppError('forbidden');
    return row;
  }

  /**
   * Moves a locked transaction to the status a provider (or we) reported, once. A provider's report the table
   * does not allow (the same report again, or one that would move a payment back) is acknowledged and changes
   * nothing, since providers repeat and reorder their notifications; a move of our own that the table does not
   * allow is refused (`illegal`), rolling the whole transaction back. Paid is processed in the same transaction.
   */
  async function apply(
    tx: Db,
    row: Transaction,
    report: Pick<StatusReport, 'status' | 'amountPiastres' | 'refundedPiastres' | 'referenceNumber'>,
    event: { source: Source; actorId?: number | null; note?: string; payload?: unknown },
  ): Promise<Change | null> {
    const from = row.status as TransactionStatus;
    let to = STATUS_OF[report.status];
    let refunded = row.refundedPiastres;
    if (to === TransactionStatus.refunded || to === TransactionStatus.partialRefunded) {
      refunded = Math.min(
        row.amountPiastres,
        report.refundedPiastres ?? (to === TransactionStatus.refunded ? row.amountPiastres : row.refundedPiastres),
      );
      to = refunded >= row.amountPiastres ? TransactionStatus.refunded : TransactionStatus.partialRefunded;
    }
    if (to !== from && !isProviderReport(event.source)) nextTransactionStatus(from, to);
    const moves = to !== from ? canMoveTransaction(from, to) : refunded > row.refundedPiastres;
    if (!moves) {
      if (to !== from) log.info({ transactionId: row.id, from, to, source: event.source }, 'payment status ignored');
      return null;
    }
    const now = clock.now();
    const updated = await repo.updateTransaction(tx, row.id, {
      status: to,
      refundedPiastres: refunded,
      ...(to === TransactionStatus.paid ? { paidAt: now, receiptNumber: await receiptNumberFor(tx, row, now) } : {}),
      ...(refunded > row.refundedPiastres ? { refundedAt: now } : {}),
      ...(row.providerRef === null && report.referenceNumber ? { providerRef: report.referenceNumber } : {}),
      ...(event.payload !== undefined ? { providerPayload: event.payload } : {}),
    });
    if (refunded > row.refundedPiastres) await repo.settleRefundsReached(tx, row.id, refunded, now);
    await repo.insertEvent(tx, {
      transactionId: row.id,
      fromStatus: from,
      toStatus: to,
      source: event.source,
      actorId: event.actorId ?? null,
      note: event.note ?? null,
      payload: event.payload ?? null,
      at: now,
    });
    await settleCoupon(tx, row, from, to);
    if (to === TransactionStatus.refunded) await deps.subscriptions.endForRefund(tx, row);
    if (refunded > row.refundedPiastres) await tellRefunded(tx, row, refunded, to);
    const change = { userId: row.userId, transactionId: row.id, status: to, subscriptionId: null };
    if (to === TransactionStatus.failed || to === TransactionStatus.expired) {
      const notice = paymentFailedNotice({ transactionId: row.id, amountPiastres: row.amountPiastres });
      await deps.notifications.send(tx, row.userId, 'paymentFailed', notice, {
        template: 'payment-failed',
        dedupeKey: `payment-failed:${row.id}`,
      });
    }
    if (to !== TransactionStatus.paid) return change;
    const processed = await processPaid(tx, updated);
    if (processed.subscriptionId !== null) {
      const notice = paymentReceivedNotice({
        amountPiastres: row.amountPiastres,
        weeklyMinutes: row.weeklyMinutes,
        receiptNumber: updated.receiptNumber ?? '',
        forNextPeriod: row.forNextPeriod,
      });
      // the receipt goes by e-mail in both languages, made from the records when the mail is sent
      await deps.notifications.send(tx, row.userId, 'paymentReceived', notice, {
        template: 'payment-received',
        dedupeKey: `payment-received:${row.id}`,
        attachments: receiptFiles(row.id),
      });
    }
    return { ...change, ...processed };
  }

  /** The payment's receipt number: kept if it has one, else the next of the Cairo year it is paid in. */
  async function receiptNumberFor(tx: Db, row: Transaction, paidAt: Date): Promise<string> {
    if (row.receiptNumber) return row.receiptNumber;
    const { year } = cairoParts(paidAt);
    return receiptNumberOf(year, await repo.takeReceiptSequence(tx, year));
  }

  async function tellRefunded(tx: Db, row: Transaction, refunded: number, to: TransactionStatus) {
    const notice = refundNotice({
      refundedPiastres: refunded - row.refundedPiastres,
      full: to === TransactionStatus.refunded,
    });
    // the receipt, made when the mail is sent, already shows this refund
    await deps.notifications.send(tx, row.userId, 'refund', notice, {
      template: 'payment-refund',
      dedupeKey: `payment-refund:${row.id}:${refunded}`,
      attachments: receiptFiles(row.id),
    });
  }

  /**
   * The coupon use its checkout held (plans' `checkoutQuote`) ends with the open payment: counted when paid, given
   * back when it closes unpaid. A payment paid after it closed takes a use without a hold, if one is left.
   */
  async function settleCoupon(tx: Db, row: Transaction, from: TransactionStatus, to: TransactionStatus) {
    if (row.couponId === null) return;
    if (from === TransactionStatus.new)
      await deps.plans.settleCouponReservation(tx, row.couponId, to === TransactionStatus.paid);
    else if (to === TransactionStatus.paid) await deps.plans.countCouponUse(tx, row.couponId);
  }

  return { toView, announce, requireOwn, apply };
}

export type TransactionRecords = ReturnType<typeof createTransactionRecords>;
