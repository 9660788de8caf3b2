import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import {
  canCancelPayment,
  canRetryPayment,
  PaymentMethodSchema,
  PaymentStateSchema,
  paymentStateOf,
  TransactionStatus,
  TransactionStatusSchema,
} from './payments.enums.ts';
import {
  canMoveTransaction,
  isMoneyTaken,
  isRefundable,
  MONEY_TAKEN_STATUSES,
  nextTransactionStatus,
} from './payments.machine.ts';

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

describe('transaction machine', () => {
  const T = TransactionStatus;
  const all = Object.values(T);
  /** Every allowed move, written out: a move nobody intended shows up as a diff. */
  const ALLOWED = new Set([
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

  for (const from of all) {
    for (const to of all) {
      const allowed = ALLOWED.has(`${from}>${to}`);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'illegal'}`, () => {
        expect(canMoveTransaction(from, to)).toBe(allowed);
        if (allowed) {
          expect(nextTransactionStatus(from, to)).toBe(to);
          return;
        }
        try {
          nextTransactionStatus(from, to);
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('illegal');
          expect((error as AppError).status).toBe(400);
          expect((error as AppError).details).toEqual({ from, to });
        }
      });
    }
  }

  it('never moves a payment that took money back to unpaid', () => {
    for (const from of MONEY_TAKEN_STATUSES) {
      for (const to of [T.new, T.canceled, T.expired, T.failed]) expect(canMoveTransaction(from, to)).toBe(false);
    }
  });

  it('takes a late payment on an unpaid transaction, whatever we decided meanwhile', () => {
    for (const from of [T.new, T.canceled, T.expired, T.failed]) expect(canMoveTransaction(from, T.paid)).toBe(true);
  });

  it('is processed only from paid, and refunds from paid, processed or partly refunded', () => {
    expect(all.filter((from) => canMoveTransaction(from, T.processed))).toEqual([T.paid]);
    expect(all.filter(isRefundable)).toEqual([T.paid, T.partialRefunded, T.processed]);
    expect(isMoneyTaken(T.partialRefunded)).toBe(true);
    expect(isMoneyTaken(T.expired)).toBe(false);
  });
});
