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
import { canMoveTransaction, isMoneyTaken, MONEY_TAKEN_STATUSES } from './payments.machine.ts';

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

describe('transaction moves', () => {
  const T = TransactionStatus;
  const all = Object.values(T);

  it('never moves a payment that took money back to unpaid', () => {
    for (const from of MONEY_TAKEN_STATUSES) {
      for (const to of [T.new, T.canceled, T.expired, T.failed]) expect(canMoveTransaction(from, to)).toBe(false);
    }
  });

  it('takes a late payment on an unpaid transaction, whatever we decided meanwhile', () => {
    for (const from of [T.new, T.canceled, T.expired, T.failed]) expect(canMoveTransaction(from, T.paid)).toBe(true);
  });

  it('has exactly these moves', () => {
    const moves = all.flatMap((from) => all.filter((to) => canMoveTransaction(from, to)).map((to) => `${from}>${to}`));
    expect(moves).toEqual([
      '0>1',
      '0>2',
      '0>4',
      '0>6',
      '1>3',
      '1>5',
      '1>7',
      '2>1',
      '4>1',
      '5>3',
      '5>5',
      '6>1',
      '7>3',
      '7>5',
    ]);
    expect(isMoneyTaken(T.partialRefunded)).toBe(true);
    expect(isMoneyTaken(T.expired)).toBe(false);
  });
});
