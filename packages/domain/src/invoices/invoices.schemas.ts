import { z } from 'zod';
import { Id, IdParam } from '../common/ids.ts';
import { isWholePiastres } from '../common/money.ts';
import { PageQuery } from '../common/paging.ts';
import { AppError } from '../errors/app-error.ts';
import { EgyptianMobile, InstapayAddress, PersonName } from '../users/users.schemas.ts';
import { INVOICE_NOTE_MAX_LENGTH, WITHDRAWAL_MAX_EGP, WITHDRAWAL_MIN_EGP } from './invoices.constants.ts';
import {
  BankCodeSchema,
  InvoiceLabelSchema,
  InvoiceStatusSchema,
  WithdrawMethod,
  WithdrawMethodSchema,
} from './invoices.enums.ts';

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

export const WalletDetails = z.object({ method: z.literal(WithdrawMethod.wallet), phone: EgyptianMobile });
export const BankDetails = z.object({
  method: z.literal(WithdrawMethod.bank),
  bank: BankCodeSchema,
  accountNumber: BankAccountNumber,
  receiverName: PersonName,
});
export const InstapayDetails = z.object({
  method: z.literal(WithdrawMethod.instapay),
  instapayAddress: InstapayAddress,
});
/** Where a withdrawal is paid: each method with its own fields only. */
export const WithdrawMethodDetails = z.discriminatedUnion('method', [WalletDetails, BankDetails, InstapayDetails]);
export type WithdrawMethodDetails = z.infer<typeof WithdrawMethodDetails>;

/**
 * A withdraw method as a form sends it: the method and any fields, each checked when present. Which fields the
 * method needs is checked by `withdrawMethodDetails`, answering `invalid-invoice-method` (spec §8).
 */
export const WithdrawMethodInput = z.strictObject({
  method: WithdrawMethodSchema,
  phone: EgyptianMobile.optional(),
  bank: BankCodeSchema.optional(),
  accountNumber: BankAccountNumber.optional(),
  receiverName: PersonName.optional(),
  instapayAddress: InstapayAddress.optional(),
  isDefault: z.boolean().optional(),
});
export type WithdrawMethodInput = z.input<typeof WithdrawMethodInput>;

/** The fields each method needs, in form order. */
export const WITHDRAW_METHOD_FIELDS = {
  [WithdrawMethod.wallet]: ['phone'],
  [WithdrawMethod.bank]: ['bank', 'accountNumber', 'receiverName'],
  [WithdrawMethod.instapay]: ['instapayAddress'],
} as const satisfies Record<WithdrawMethod, readonly (keyof WithdrawMethodInput)[]>;

/** The method's own fields, or `invalid-invoice-method` naming the ones missing. Fields of other methods are dropped. */
export function withdrawMethodDetails(input: z.output<typeof WithdrawMethodInput>): WithdrawMethodDetails {
  const result = WithdrawMethodDetails.safeParse(input);
  if (result.success) return result.data;
  const missing = WITHDRAW_METHOD_FIELDS[input.method].filter((field) => input[field] === undefined);
  throw new AppError('invalid-invoice-method', { fields: Object.fromEntries(missing.map((f) => [f, 'required'])) });
}

export const WithdrawMethodItemSchema = z.object({
  id: z.number().int(),
  method: WithdrawMethodSchema,
  phone: z.string().nullable(),
  bank: BankCodeSchema.nullable(),
  accountNumber: z.string().nullable(),
  receiverName: z.string().nullable(),
  instapayAddress: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type WithdrawMethodItem = z.infer<typeof WithdrawMethodItemSchema>;

export const InvoiceNote = z
  .string()
  .trim()
  .min(1, 'invoice-note-length')
  .max(INVOICE_NOTE_MAX_LENGTH, 'invoice-note-length');

/** A new withdrawal request: how much, paid through which saved method (its details are copied onto it). */
export const CreateInvoiceInput = z.strictObject({ amount: WithdrawalAmount, withdrawMethodId: Id });
export type CreateInvoiceInput = z.infer<typeof CreateInvoiceInput>;

/** The tutor's edit of a pending request: a proposal (updated-by-receiver) until an admin approves the update. */
export const UpdateInvoiceInput = z
  .strictObject({ amount: WithdrawalAmount.optional(), withdrawMethodId: Id.optional() })
  .refine((v) => v.amount !== undefined || v.withdrawMethodId !== undefined, { message: 'required', path: ['amount'] });
export type UpdateInvoiceInput = z.infer<typeof UpdateInvoiceInput>;

/** The tutor's proposed values, waiting for an admin's approval: the whole amount and payout details. */
export const PendingInvoiceUpdateSchema = z.object({
  amountPiastres: z.number().int(),
  method: WithdrawMethodSchema,
  withdrawMethodId: z.number().int().nullable(),
  phone: z.string().nullable(),
  bank: BankCodeSchema.nullable(),
  accountNumber: z.string().nullable(),
  receiverName: z.string().nullable(),
  instapayAddress: z.string().nullable(),
});
export type PendingInvoiceUpdate = z.infer<typeof PendingInvoiceUpdateSchema>;

/**
 * The admin's decisions besides fulfilment (which carries a receipt). Rejecting needs a note. Approving an update
 * names the proposal the admin saw: one the tutor changed since is not approved (`invoice-update-changed`).
 */
export const InvoiceActionInput = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('approveUpdate'),
    update: PendingInvoiceUpdateSchema.strict(),
    note: InvoiceNote.optional(),
  }),
  z.strictObject({ action: z.literal('approveCancel'), note: InvoiceNote.optional() }),
  z.strictObject({ action: z.literal('adminCancel'), note: InvoiceNote.optional() }),
  z.strictObject({ action: z.literal('reject'), note: InvoiceNote }),
]);
export type InvoiceActionInput = z.infer<typeof InvoiceActionInput>;

export const InvoiceNoteInput = z.strictObject({ note: InvoiceNote.nullable() });

export const InvoiceSchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  amountPiastres: z.number().int(),
  status: InvoiceStatusSchema,
  label: InvoiceLabelSchema,
  method: WithdrawMethodSchema,
  withdrawMethodId: z.number().int().nullable(),
  phone: z.string().nullable(),
  bank: BankCodeSchema.nullable(),
  accountNumber: z.string().nullable(),
  receiverName: z.string().nullable(),
  instapayAddress: z.string().nullable(),
  adminNote: z.string().nullable(),
  /** `/assets/receipts/{name}`: only the tutor and admins can open it. */
  receiptUrl: z.string().nullable(),
  addressedBy: z.number().int().nullable(),
  addressedAt: z.string().nullable(),
  /** The tutor's edit waiting for "approve update" (label updated-by-receiver), else null. */
  pendingUpdate: PendingInvoiceUpdateSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the owner has available now (admins weigh a request against it). */
  ownerAvailablePiastres: z.number().int(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

const DateOnly = z.iso.date();
export const InvoiceListQuery = PageQuery.extend({
  status: z.coerce.number().pipe(InvoiceStatusSchema).optional(),
  method: z.coerce.number().pipe(WithdrawMethodSchema).optional(),
  /** Admins only; a tutor always lists their own. */
  ownerId: IdParam.optional(),
  /** Requests created on or after this day and on or before `to` (Cairo days). */
  from: DateOnly.optional(),
  to: DateOnly.optional(),
}).strict();
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>;

/** A tutor's balance, derived from the ledger (DESIGN §4): earned − reserved − paid out = available. */
export const BalanceSchema = z.object({
  tutorId: z.number().int(),
  earnedPiastres: z.number().int(),
  reservedPiastres: z.number().int(),
  paidOutPiastres: z.number().int(),
  availablePiastres: z.number().int(),
  fulfilledLessons: z.number().int(),
  /** The least and the most one withdrawal may be now (platform settings). */
  limits: z.object({ withdrawalMinPiastres: z.number().int(), withdrawalMaxPiastres: z.number().int() }),
  /** Earnings of the last weeks (Saturday-started Cairo weeks), oldest first, for the chart. */
  weekly: z.array(z.object({ weekStart: DateOnly, piastres: z.number().int() })),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const EarningsQuery = PageQuery.extend({
  /** `YYYY-MM`, a Cairo month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid')
    .optional(),
  /** Admins only. */
  tutorId: IdParam.optional(),
}).strict();
export type EarningsQuery = z.input<typeof EarningsQuery>;

/** One credit behind the balance: a fulfilled lesson (or a staff adjustment, without lesson fields). */
export const EarningSchema = z.object({
  id: z.number().int(),
  lessonId: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  studentName: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  amountPiastres: z.number().int(),
  createdAt: z.string(),
});
export type Earning = z.infer<typeof EarningSchema>;
