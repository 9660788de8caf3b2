import { z } from 'zod';
import { isWholePiastres } from '../common/money.ts';
import { EgyptianMobile, InstapayAddress, PersonName } from '../users/users.schemas.ts';
import { INVOICE_NOTE_MAX_LENGTH, WITHDRAWAL_MAX_EGP, WITHDRAWAL_MIN_EGP } from './invoices.constants.ts';
import { BankCodeSchema, WithdrawMethod } from './invoices.enums.ts';

/** Amount in EGP as the tutor types it (at most two decimals); the server stores piastres. */
export const WithdrawalAmount = z
  .number()
  .min(WITHDRAWAL_MIN_EGP, 'withdraw-amount-min')
  .max(WITHDRAWAL_MAX_EGP, 'withdraw-amount-max')
  .refine(isWholePiastres, 'withdraw-amount-precision');

/** Local account number or IBAN (EG + 27 digits); spaces and dashes people paste are dropped. */
export const BankAccountNumber = z
  .string()
  .overwrite((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .regex(/^[A-Z0-9]{8,34}$/, 'account-number-invalid');

export const WalletWithdrawal = z.object({
  method: z.literal(WithdrawMethod.wallet),
  amount: WithdrawalAmount,
  phone: EgyptianMobile,
});

export const BankWithdrawal = z.object({
  method: z.literal(WithdrawMethod.bank),
  amount: WithdrawalAmount,
  bank: BankCodeSchema,
  accountNumber: BankAccountNumber,
  receiverName: PersonName,
});

export const InstapayWithdrawal = z.object({
  method: z.literal(WithdrawMethod.instapay),
  amount: WithdrawalAmount,
  instapayAddress: InstapayAddress,
});

/** Create or edit a withdrawal request: each method requires its own fields. */
export const WithdrawalRequest = z.discriminatedUnion('method', [WalletWithdrawal, BankWithdrawal, InstapayWithdrawal]);
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

export const InvoiceNote = z
  .string()
  .trim()
  .min(1, 'invoice-note-length')
  .max(INVOICE_NOTE_MAX_LENGTH, 'invoice-note-length');
