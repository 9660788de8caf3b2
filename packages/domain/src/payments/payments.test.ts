import { describe, expect, it } from 'vitest';
import {
  canCancelPayment,
  canRetryPayment,
  PaymentMethodSchema,
  PaymentStateSchema,
  paymentStateOf,
  TransactionStatus,
  TransactionStatusSchema,
} from './payments.enums.ts';

describe('payments', () => {
  it('numbers transaction statuses 0 to 7', () => {
    expect(Object.values(TransactionStatus)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(TransactionStatusSchema.safeParse(-1).success).toBe(false);
    expect(TransactionStatusSchema.safeParse(8).success).toBe(false);
    expect(PaymentMethodSchema.options).toEqual(['card', 'eWallet', 'bankInstallment', 'cashReference']);
    expect(PaymentStateSchema.options).toEqual(['pending', 'done', 'failed', 'cancelled']);
  });

  it('maps every transaction status to a user-visible state', () => {
    const T = TransactionStatus;
    expect(Object.values(T).map(paymentStateOf)).toEqual([
      'pending',
      'done',
      'cancelled',
      'cancelled',
      'failed',
      'done',
      'failed',
      'done',
    ]);
    expect(paymentStateOf(T.new)).toBe('pending');
  });

  it('cancels pending payments and retries failed or cancelled ones', () => {
    const T = TransactionStatus;
    expect(Object.values(T).filter(canCancelPayment)).toEqual([T.new]);
    expect(Object.values(T).filter(canRetryPayment)).toEqual([T.canceled, T.refunded, T.expired, T.failed]);
  });
});
