import { z } from 'zod';

/** Provider-side transaction status (spec §4). */
export const TransactionStatus = {
  new: 0,
  paid: 1,
  canceled: 2,
  refunded: 3,
  expired: 4,
  partialRefunded: 5,
  failed: 6,
  processed: 7,
} as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];
export const TransactionStatusSchema = z.enum(TransactionStatus);

export const PaymentMethod = {
  card: 'card',
  eWallet: 'eWallet',
  bankInstallment: 'bankInstallment',
  cashReference: 'cashReference',
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const PaymentMethodSchema = z.enum(PaymentMethod);

/** What the student sees of a payment. */
export const PaymentState = { pending: 'pending', done: 'done', failed: 'failed', cancelled: 'cancelled' } as const;
export type PaymentState = (typeof PaymentState)[keyof typeof PaymentState];
export const PaymentStateSchema = z.enum(PaymentState);

/**
 * Expired counts as failed (the student can simply retry); a refund undoes the purchase, so it
 * reads as cancelled, while a partial refund leaves the purchase standing.
 */
export const PAYMENT_STATE_OF: Record<TransactionStatus, PaymentState> = {
  [TransactionStatus.new]: PaymentState.pending,
  [TransactionStatus.paid]: PaymentState.done,
  [TransactionStatus.canceled]: PaymentState.cancelled,
  [TransactionStatus.refunded]: PaymentState.cancelled,
  [TransactionStatus.expired]: PaymentState.failed,
  [TransactionStatus.partialRefunded]: PaymentState.done,
  [TransactionStatus.failed]: PaymentState.failed,
  [TransactionStatus.processed]: PaymentState.done,
};

export const paymentStateOf = (status: TransactionStatus): PaymentState => PAYMENT_STATE_OF[status];

/** Only a payment still waiting can be cancelled; a failed or cancelled one can be retried. */
export const canCancelPayment = (status: TransactionStatus): boolean => paymentStateOf(status) === PaymentState.pending;
export const canRetryPayment = (status: TransactionStatus): boolean => {
  const state = paymentStateOf(status);
  return state === PaymentState.failed || state === PaymentState.cancelled;
};
