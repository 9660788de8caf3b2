import { AppError } from '../errors/app-error.ts';
import { TransactionStatus } from './payments.enums.ts';

const T = TransactionStatus;

/** Statuses in which the buyer's money was taken (and perhaps partly or fully given back). */
export const MONEY_TAKEN_STATUSES: readonly TransactionStatus[] = [T.paid, T.refunded, T.partialRefunded, T.processed];
export const isMoneyTaken = (status: TransactionStatus): boolean => MONEY_TAKEN_STATUSES.includes(status);

/**
 * The whole transition table of a transaction (spec §4); anything absent is illegal. Paid is the provider's word
 * that money was taken; processed is ours that the purchase was applied (its subscription started, in the same
 * database transaction). A payment left paid was never applied (a duplicate, refunded). Providers call back more
 * than once and out of order, so: a payment that took money never goes back to unpaid; an unpaid one (even
 * cancelled, expired or failed on our side) becomes paid when the provider says money was taken, because it was;
 * a refund only follows a payment, and a partial refund may be followed by more.
 */
export const TRANSACTION_TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  [T.new]: [T.paid, T.canceled, T.expired, T.failed],
  [T.canceled]: [T.paid],
  [T.expired]: [T.paid],
  [T.failed]: [T.paid],
  [T.paid]: [T.processed, T.refunded, T.partialRefunded],
  [T.processed]: [T.refunded, T.partialRefunded],
  [T.partialRefunded]: [T.partialRefunded, T.refunded],
  [T.refunded]: [],
};

/** Whether a transaction in `from` may move to `to` (the same status again is a move only where listed). */
export function canMoveTransaction(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[from].includes(to);
}

/** `to`, or `illegal` (400) when the table does not allow the move. */
export function nextTransactionStatus(from: TransactionStatus, to: TransactionStatus): TransactionStatus {
  if (!canMoveTransaction(from, to)) throw new AppError('illegal', { from, to });
  return to;
}

/** Money can be given back while a refund may follow: paid, processed or partly refunded. */
export const isRefundable = (status: TransactionStatus): boolean => canMoveTransaction(status, T.partialRefunded);
