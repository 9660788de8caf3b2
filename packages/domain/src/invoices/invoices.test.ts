import { describe, expect, it } from 'vitest';
import {
  BANK_CODES,
  BANKS,
  InvoiceNote,
  InvoiceStatus,
  WITHDRAWAL_MAX_EGP,
  WITHDRAWAL_MAX_PIASTRES,
  WITHDRAWAL_MIN_EGP,
  WITHDRAWAL_MIN_PIASTRES,
  WithdrawalAmount,
  WithdrawalRequest,
  WithdrawMethod,
  withdrawalFitsBalance,
} from './index.ts';

const wallet = { method: WithdrawMethod.wallet, amount: 100, phone: '01012345678' };
const bank = {
  method: WithdrawMethod.bank,
  amount: 100,
  bank: 'NBE',
  accountNumber: '1234 5678 9012',
  receiverName: 'أحمد علي',
};
const instapay = { method: WithdrawMethod.instapay, amount: 100, instapayAddress: 'ahmed@instapay' };

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

describe('WithdrawalRequest', () => {
  it('accepts each method with its own fields', () => {
    expect(WithdrawalRequest.safeParse(wallet).success).toBe(true);
    expect(WithdrawalRequest.parse(bank)).toMatchObject({ accountNumber: '123456789012' });
    expect(WithdrawalRequest.safeParse(instapay).success).toBe(true);
  });

  it('requires the fields of the chosen method', () => {
    expect(WithdrawalRequest.safeParse({ ...wallet, phone: undefined }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...wallet, instapayAddress: 'ahmed@instapay' }).success).toBe(true);
    expect(
      WithdrawalRequest.safeParse({ method: WithdrawMethod.instapay, amount: 100, phone: '01012345678' }).success,
    ).toBe(false);
    for (const key of ['bank', 'accountNumber', 'receiverName'] as const) {
      const { [key]: _, ...rest } = bank;
      const result = WithdrawalRequest.safeParse(rest);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([key]);
    }
  });

  it('refuses unknown methods, banks and bad fields', () => {
    expect(WithdrawalRequest.safeParse({ ...wallet, method: 3 }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...bank, bank: 'HSBC' }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...bank, accountNumber: '1234567' }).success).toBe(false);
    expect(
      WithdrawalRequest.safeParse({ ...bank, accountNumber: 'EG38 0019 0005 0000 0000 2631 8000 2' }).success,
    ).toBe(true);
    expect(WithdrawalRequest.safeParse({ ...wallet, phone: '01312345678' }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...instapay, instapayAddress: 'ahmed' }).success).toBe(false);
    expect(WithdrawalRequest.safeParse({ ...wallet, amount: 99 }).success).toBe(false);
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
