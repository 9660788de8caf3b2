import { z } from 'zod';

export const InvoiceStatus = {
  pendingApproval: 0,
  pendingCancellation: 1,
  canceled: 2,
  approved: 3,
  rejected: 4,
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
export const InvoiceStatusSchema = z.enum(InvoiceStatus);

/** The textual labels of spec §4: what last happened to an invoice, shown beside its status. */
export const InvoiceLabel = {
  pending: 'pending',
  canceledByReceiver: 'canceled-by-receiver',
  cancellationApprovedByAdmin: 'cancellation-approved-by-admin',
  updatedByReceiver: 'updated-by-receiver',
  fulfilled: 'fulfilled',
  rejected: 'rejected',
  canceledByAdmin: 'canceled-by-admin',
} as const;
export type InvoiceLabel = (typeof InvoiceLabel)[keyof typeof InvoiceLabel];
export const InvoiceLabelSchema = z.enum(InvoiceLabel);

export const WithdrawMethod = { wallet: 0, bank: 1, instapay: 2 } as const;
export type WithdrawMethod = (typeof WithdrawMethod)[keyof typeof WithdrawMethod];
export const WithdrawMethodSchema = z.enum(WithdrawMethod);

export const BANKS = [
  { code: 'CIB', ar: 'البنك التجاري الدولي', en: 'Commercial International Bank' },
  { code: 'ALEX', ar: 'بنك الإسكندرية', en: 'Bank of Alexandria' },
  { code: 'NBE', ar: 'البنك الأهلي المصري', en: 'National Bank of Egypt' },
  { code: 'MISR', ar: 'بنك مصر', en: 'Banque Misr' },
  { code: 'QNB', ar: 'بنك قطر الوطني الأهلي', en: 'QNB Alahli' },
  { code: 'MASHREQ', ar: 'بنك المشرق', en: 'Mashreq Bank' },
  { code: 'AAIB', ar: 'البنك العربي الأفريقي الدولي', en: 'Arab African International Bank' },
] as const;
export type BankCode = (typeof BANKS)[number]['code'];
export const BANK_CODES = BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];
export const BankCodeSchema = z.enum(BANK_CODES);
