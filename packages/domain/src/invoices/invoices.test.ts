import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import {
  BANK_CODES,
  BANKS,
  CreateInvoiceInput,
  expectedPayoutWindow,
  InvoiceNote,
  InvoiceStatus,
  WITHDRAWAL_MAX_EGP,
  WITHDRAWAL_MAX_PIASTRES,
  WITHDRAWAL_MIN_EGP,
  WITHDRAWAL_MIN_PIASTRES,
  WithdrawalAmount,
  WithdrawMethod,
  WithdrawMethodInput,
  weeklyEarnings,
  withdrawalFitsBalance,
  withdrawMethodDetails,
} from './index.ts';

const wallet = { method: WithdrawMethod.wallet, phone: '01012345678' };
const bank = {
  method: WithdrawMethod.bank,
  bank: 'NBE',
  accountNumber: '1234 5678 9012',
  receiverName: 'أحمد علي',
};
const instapay = { method: WithdrawMethod.instapay, instapayAddress: 'ahmed@instapay' };

describe('invoice enums', () => {
  it('match spec §3/§4', () => {
    expect(InvoiceStatus).toEqual({
      pendingApproval: 0,
      pendingCancellation: 1,
      canceled: 2,
      approved: 3,
      rejected: 4,
    });
    expect(WithdrawMethod).toEqual({ wallet: 0, bank: 1, instapay: 2 });
    expect(BANK_CODES).toEqual(['CIB', 'ALEX', 'NBE', 'MISR', 'QNB', 'MASHREQ', 'AAIB']);
    for (const bankInfo of BANKS) expect(bankInfo.ar.length).toBeGreaterThan(0);
  });

  it('has withdrawal bounds in EGP and piastres', () => {
    expect([WITHDRAWAL_MIN_EGP, WITHDRAWAL_MAX_EGP]).toEqual([100, 50_000]);
    expect([WITHDRAWAL_MIN_PIASTRES, WITHDRAWAL_MAX_PIASTRES]).toEqual([10_000, 5_000_000]);
  });
});

describe('WithdrawalAmount', () => {
  it('accepts 100 to 50000 EGP', () => {
    expect(WithdrawalAmount.safeParse(100).success).toBe(true);
    expect(WithdrawalAmount.safeParse(50_000).success).toBe(true);
    expect(WithdrawalAmount.safeParse(99.99).error?.issues[0]?.message).toBe('withdraw-amount-min');
    expect(WithdrawalAmount.safeParse(50_000.01).error?.issues[0]?.message).toBe('withdraw-amount-max');
  });

  it('allows piastres but nothing finer', () => {
    expect(WithdrawalAmount.safeParse(150.25).success).toBe(true);
    expect(WithdrawalAmount.safeParse(150.255).error?.issues[0]?.message).toBe('withdraw-amount-precision');
    expect(WithdrawalAmount.safeParse('150').success).toBe(false);
  });
});

describe('withdrawMethodDetails', () => {
  const parse = (input: object) => withdrawMethodDetails(WithdrawMethodInput.parse(input));
  const codeOf = (input: object) => {
    try {
      parse(input);
      return null;
    } catch (error) {
      return error instanceof AppError ? { code: error.code, details: error.details } : error;
    }
  };

  it('keeps each method with its own fields only', () => {
    expect(parse(wallet)).toEqual(wallet);
    expect(parse(bank)).toMatchObject({ accountNumber: '123456789012' });
    expect(parse({ ...instapay, phone: '01012345678' })).toEqual(instapay);
  });

  it('answers invalid-invoice-method naming the fields the method lacks', () => {
    expect(codeOf({ method: WithdrawMethod.wallet })).toEqual({
      code: 'invalid-invoice-method',
      details: { fields: { phone: 'required' } },
    });
    expect(codeOf({ method: WithdrawMethod.bank, bank: 'NBE' })).toEqual({
      code: 'invalid-invoice-method',
      details: { fields: { accountNumber: 'required', receiverName: 'required' } },
    });
    expect(codeOf({ method: WithdrawMethod.instapay, phone: '01012345678' })).toMatchObject({
      code: 'invalid-invoice-method',
    });
  });

  it('refuses unknown methods, banks and malformed fields', () => {
    expect(WithdrawMethodInput.safeParse({ ...wallet, method: 3 }).success).toBe(false);
    expect(WithdrawMethodInput.safeParse({ ...bank, bank: 'HSBC' }).success).toBe(false);
    expect(WithdrawMethodInput.safeParse({ ...bank, accountNumber: '1234567' }).success).toBe(false);
    expect(
      WithdrawMethodInput.safeParse({ ...bank, accountNumber: 'EG38 0019 0005 0000 0000 2631 8000 2' }).success,
    ).toBe(true);
    expect(WithdrawMethodInput.safeParse({ ...wallet, phone: '01312345678' }).success).toBe(false);
    expect(WithdrawMethodInput.safeParse({ ...instapay, instapayAddress: 'ahmed' }).success).toBe(false);
  });
});

describe('CreateInvoiceInput', () => {
  it('takes an amount in EGP and a saved method', () => {
    expect(CreateInvoiceInput.safeParse({ amount: 400, withdrawMethodId: 1 }).success).toBe(true);
    for (const amount of [99, 50_001, -100, 100.001, '400'])
      expect(CreateInvoiceInput.safeParse({ amount, withdrawMethodId: 1 }).success).toBe(false);
  });
});

describe('payout window and weekly earnings', () => {
  it('counts 4 to 5 business days, skipping Friday and Saturday', () => {
    // Thursday 2026-11-26 noon Cairo: Sun, Mon, Tue, Wed are the 4 business days after it.
    expect(expectedPayoutWindow(new Date('2026-11-26T10:00:00Z'))).toEqual({ from: '2026-12-02', to: '2026-12-03' });
  });

  it('sums by Saturday-started Cairo weeks, empty weeks included', () => {
    const now = new Date('2026-11-25T10:00:00Z'); // Wednesday; the week began Saturday 2026-11-21
    const series = weeklyEarnings(
      [
        { at: new Date('2026-11-21T00:30:00Z'), piastres: 100 }, // Saturday 02:30 Cairo
        { at: new Date('2026-11-20T21:30:00Z'), piastres: 50 }, // Friday 23:30 Cairo: the week before
        { at: new Date('2026-01-01T00:00:00Z'), piastres: 999 }, // outside the chart
      ],
      now,
      3,
    );
    expect(series).toEqual([
      { weekStart: '2026-11-07', piastres: 0 },
      { weekStart: '2026-11-14', piastres: 50 },
      { weekStart: '2026-11-21', piastres: 100 },
    ]);
  });
});

describe('withdrawalFitsBalance and InvoiceNote', () => {
  it('never exceeds the available balance', () => {
    expect(withdrawalFitsBalance(10_000, 10_000)).toBe(true);
    expect(withdrawalFitsBalance(10_001, 10_000)).toBe(false);
    expect(withdrawalFitsBalance(0, 10_000)).toBe(false);
  });

  it('bounds the admin note', () => {
    expect(InvoiceNote.safeParse('x').success).toBe(true);
    expect(InvoiceNote.safeParse('x'.repeat(500)).success).toBe(true);
    expect(InvoiceNote.safeParse('x'.repeat(501)).success).toBe(false);
    expect(InvoiceNote.safeParse('   ').success).toBe(false);
  });
});
