import { TransactionStatus } from './payments.enums.ts';

const T = TransactionStatus;

/** Statuses in which the buyer's money was taken (and perhaps partly or fully given back). */
export const MONEY_TAKEN_STATUSES: readonly TransactionStatus[] = [T.paid, T.refunded, T.partialRefunded, T.processed];
export const isMoneyTaken = (status: TransactionStatus): boolean => MONEY_TAKEN_STATUSES.includes(status);

/**
 * Where a reported status may move a transaction. Providers call back more than once and out of order, so:
 * a payment that took money never goes back to unpaid; an unpaid one (even cancelled, expired or failed on our
 * side) becomes paid when the provider says money was taken, because it was; a refund only follows a payment.
 */
const ALLOWED: Record<TransactionStatus, readonly TransactionStatus[]> = {
  [T.new]: [T.paid, T.canceled, T.expired, T.failed],
  [T.canceled]: [T.paid],
  [T.expired]: [T.paid],
  [T.failed]: [T.paid],
  [T.paid]: [T.refunded, T.partialRefunded, T.processed],
  [T.processed]: [T.refunded, T.partialRefunded],
  [T.partialRefunded]: [T.partialRefunded, T.refunded],
  [T.refunded]: [],
};

/** Whether a transaction in `from` takes the reported status `to` (the same status again is no change). */
export function canMoveTransaction(from: TransactionStatus, to: TransactionStatus): boolean {
  return ALLOWED[from].includes(to);
}
