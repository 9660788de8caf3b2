import { z } from 'zod';
import { Id, IdParam, IdParams, Ok, textInt } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import type { ErrorCode } from '../errors/codes.ts';
import { CouponCode } from '../plans/coupons.schemas.ts';
import { PlanPeriodSchema } from '../plans/plans.enums.ts';
import { PaidPeriodSchema } from '../plans/plans.schemas.ts';
import { MAX_INSTALLMENTS } from '../plans/pricing.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { EgyptianMobile } from '../users/users.schemas.ts';
import { PaymentMethodSchema, PaymentStateSchema, TransactionStatusSchema } from './payments.enums.ts';
import { RECEIPT_LANGUAGES } from './payments.receipts.ts';

/** A receipt is written in Arabic (the default) or English. */
export const ReceiptLanguageSchema = z.enum(RECEIPT_LANGUAGES);

export const ReceiptQuery = z.strictObject({ lang: ReceiptLanguageSchema.default('ar') });

/** The receipt as a PDF file (`application/pdf`): its bytes, sent as they are, not JSON. */
export const ReceiptFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', contentMediaType: 'application/pdf' });

/**
 * The checkout's key (header `Idempotency-Key`, or `idempotencyKey` in the body): the same key is the same
 * payment, however often it is sent.
 */
export const IdempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,200}$/, 'idempotency-key-format');
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const TransactionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  planId: z.number().int(),
  period: PlanPeriodSchema,
  /** What was bought: the plan's weekly minutes at checkout. */
  weeklyMinutes: z.number().int(),
  method: PaymentMethodSchema,
  provider: z.enum(['fawry', 'paymob']),
  merchantRefNum: z.string(),
  /** DRS-2026-000123, given once when the payment is paid; null until then (no receipt). */
  receiptNumber: z.string().nullable(),
  /** The provider's reference (the Fawry reference number a cash payment is made with). */
  referenceNumber: z.string().nullable(),
  amountPiastres: z.number().int(),
  discountPiastres: z.number().int(),
  refundedPiastres: z.number().int(),
  installments: z.number().int().nullable(),
  status: TransactionStatusSchema,
  /** What the student sees: pending, done, failed or cancelled. */
  state: PaymentStateSchema,
  canCancel: z.boolean(),
  canRetry: z.boolean(),
  subscriptionId: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/**
 * `payment-in-progress` answers with `details.openPayment`: the student's payment still open (one at a time),
 * to finish or cancel before another checkout or a free trial.
 */
export const OpenPaymentSchema = z.object({
  transactionId: z.number().int(),
  planId: z.number().int(),
  period: PlanPeriodSchema,
  weeklyMinutes: z.number().int(),
  method: PaymentMethodSchema,
  amountPiastres: z.number().int(),
  /** Cash: the Fawry reference to pay at a kiosk; null for the other methods. */
  referenceNumber: z.string().nullable(),
  /** Until when it can be paid; after that the expiry job closes it. */
  expiresAt: z.string().nullable(),
});
export type OpenPayment = z.infer<typeof OpenPaymentSchema>;

export const TransactionListQuery = PageQuery.extend({
  /** Admins only; a student always lists their own. */
  userId: IdParam.optional(),
  status: textInt(z.number().int().min(0).max(7)).optional(),
}).strict();

const tx = { tags: ['transaction'] } as const;

/** TRANSACTION of spec §7: the payments page (a student's own; admins anyone's). */
export const transactionsContract = {
  list: defineRoute({
    ...tx,
    method: 'GET',
    path: '/api/v1/tx/list',
    summary: "The student's payments, newest first (admins: anyone's)",
    auth: ['student', ...ROLE_GROUPS.admins],
    query: TransactionListQuery,
    response: pageOf(TransactionSchema),
    errors: [],
  }),
  last: defineRoute({
    ...tx,
    method: 'GET',
    path: '/api/v1/tx/last',
    summary: "The student's latest payment",
    auth: ['student'],
    response: TransactionSchema,
    errors: ['transaction-not-found'],
  }),
  get: defineRoute({
    ...tx,
    method: 'GET',
    path: '/api/v1/tx/:id',
    summary: 'A payment (its buyer or admins)',
    auth: ['student', ...ROLE_GROUPS.admins],
    params: IdParams,
    response: TransactionSchema,
    errors: ['transaction-not-found', 'forbidden'],
  }),
  receipt: defineRoute({
    ...tx,
    method: 'GET',
    path: '/api/v1/tx/:id/receipt',
    summary:
      "A paid payment's receipt as a PDF (application/pdf), in Arabic (lang=ar, the default) or English, with its refunds (its buyer or admins)",
    auth: ['student', ...ROLE_GROUPS.admins],
    params: IdParams,
    query: ReceiptQuery,
    response: ReceiptFileSchema,
    errors: ['transaction-not-found', 'forbidden', 'payment-not-paid'],
  }),
} as const;

/** What every pay call carries: the plan and period, maybe a coupon. Never an amount: the server prices it. */
const Checkout = {
  planId: Id,
  period: PaidPeriodSchema,
  couponCode: CouponCode.optional(),
  idempotencyKey: IdempotencyKey.optional(),
  /** A mid-term upgrade of the subscription under way to this larger plan (same period), priced for its weeks left. */
  upgrade: z.literal(true).optional(),
};
const Cvv = z.string().regex(/^[0-9]{3,4}$/, 'cvv-format');

export const CheckoutInput = z.strictObject(Checkout);
export const PayByCardInput = z.strictObject({ ...Checkout, cardTokenId: Id, cvv: Cvv });
export const PayByWalletInput = z.strictObject({ ...Checkout, walletPhone: EgyptianMobile });
export const PayByInstallmentsInput = z.strictObject({
  ...Checkout,
  cardTokenId: Id,
  cvv: Cvv,
  installments: z.number().int().min(2).max(MAX_INSTALLMENTS),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;
export type PayByCardInput = z.infer<typeof PayByCardInput>;
export type PayByWalletInput = z.infer<typeof PayByWalletInput>;
export type PayByInstallmentsInput = z.infer<typeof PayByInstallmentsInput>;

export const PaymentResultSchema = z.object({
  transaction: TransactionSchema,
  /** Where to send the browser next (3-D Secure, a hosted checkout), if anywhere. */
  redirectUrl: z.string().nullable(),
  /** Cash reference: the number to pay at a kiosk or in the myFawry app, until `transaction.expiresAt`. */
  referenceNumber: z.string().nullable(),
  /** E-wallet: a QR code image (data URL) when the wallet is paid by scanning instead of a request to the phone. */
  walletQr: z.string().nullable(),
  /** Bank instalments: the monthly parts, in piastres. */
  installmentSchedule: z.array(z.number().int()).nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const TransactionRef = z.strictObject({ transactionId: Id });
export const RefundInput = z.strictObject({
  transactionId: Id,
  /** Defaults to everything not refunded yet. */
  amountPiastres: z.number().int().min(1).max(100_000_000).optional(),
  reason: z.string().trim().max(200).optional(),
});

export const SavedCardSchema = z.object({
  id: z.number().int(),
  lastFour: z.string().nullable(),
  brand: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/**
 * Automatic renewal with a saved card (issue 31): off by default (null). While on, each period is charged at its
 * end by the card, the student told days before; a refused charge turns it off (she renews by hand then).
 */
export const AutoRenewalStateSchema = z.object({
  autoRenewal: z
    .object({ cardTokenId: z.number().int(), lastFour: z.string().nullable(), brand: z.string().nullable() })
    .nullable(),
});
export type AutoRenewalState = z.infer<typeof AutoRenewalStateSchema>;
export const AutoRenewalInput = z.strictObject({ cardTokenId: Id });

/** Fawry's server notification V2 (providers.md §1.9): signed fields are required, the rest pass through. */
export const FawryNotificationSchema = z.looseObject({
  requestId: z.string().max(100).optional(),
  fawryRefNumber: z.union([z.string().min(1).max(50), z.number().int().nonnegative()]),
  merchantRefNumber: z.string().min(1).max(100),
  paymentAmount: z.number().nonnegative(),
  orderAmount: z.number().nonnegative(),
  orderStatus: z.string().min(1).max(40),
  paymentMethod: z.string().min(1).max(40),
  paymentRefrenceNumber: z.union([z.string().max(100), z.number()]).nullish(),
  /** Refunded so far, in EGP (PARTIAL_REFUNDED and REFUNDED; the status API's field of the same name). */
  refundedAmount: z.number().nonnegative().nullish(),
  messageSignature: z.string().regex(/^[0-9a-fA-F]{64}$/),
});
export type FawryNotification = z.infer<typeof FawryNotificationSchema>;

/** Paymob's processed callback (providers.md §2.3): `{type, obj}` with the HMAC in the query string. */
export const PaymobCallbackQuery = z.strictObject({ hmac: z.string().regex(/^[0-9a-fA-F]{128}$/) });
export const PaymobCallbackBody = z.looseObject({
  type: z.string().min(1).max(40),
  obj: z.record(z.string(), z.unknown()),
});

const fawry = { tags: ['payment'] } as const;

/**
 * What any checkout may answer: plan and coupon checks, another payment still open (`payment-in-progress`),
 * idempotency, and the provider's failures.
 */
const CHECKOUT_ERRORS = [
  'plan-not-found',
  'plan-not-offered',
  'next-period-scheduled',
  'upgrade-not-larger',
  'upgrade-no-weeks-left',
  'coupon-not-found',
  'coupon-expired',
  'invalid-coupon',
  'idempotency-key-reused',
  'payment-in-progress',
  'fawry-error',
  'service-unavailable',
] as const satisfies readonly ErrorCode[];

/** PAYMENT of spec §7: Fawry's calls, Paymob's checkout URL and both providers' server callbacks. */
export const paymentsContract = {
  payByCard: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/pay/card',
    summary: 'Pay with a saved card; follow redirectUrl for 3-D Secure when the bank asks for it',
    auth: ['student'],
    body: PayByCardInput,
    response: PaymentResultSchema,
    status: 201,
    errors: [...CHECKOUT_ERRORS, 'card-not-found'],
  }),
  payByReference: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/pay/ref-num',
    summary: 'Get a cash reference number to pay at a kiosk before it expires',
    auth: ['student'],
    body: CheckoutInput,
    response: PaymentResultSchema,
    status: 201,
    errors: CHECKOUT_ERRORS,
  }),
  payByWallet: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/pay/e-wallet',
    summary: "Send a payment request to the wallet's phone number",
    auth: ['student'],
    body: PayByWalletInput,
    response: PaymentResultSchema,
    status: 201,
    errors: [...CHECKOUT_ERRORS, 'incorrect-phone'],
  }),
  payByInstallments: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/pay/bank-installments',
    summary: "Pay with a saved card through the bank's instalment plan",
    auth: ['student'],
    body: PayByInstallmentsInput,
    response: PaymentResultSchema,
    status: 201,
    errors: [...CHECKOUT_ERRORS, 'card-not-found', 'installments-unavailable'],
  }),
  cancelUnpaidOrder: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/cancel-unpaid-order',
    summary: 'Cancel a payment that is still pending (its buyer or admins)',
    auth: ['student', ...ROLE_GROUPS.admins],
    body: TransactionRef,
    response: TransactionSchema,
    errors: ['transaction-not-found', 'forbidden', 'payment-not-cancellable', 'fawry-error', 'service-unavailable'],
  }),
  refund: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/refund',
    summary: 'Refund a paid transaction in full or in part (admins)',
    auth: ROLE_GROUPS.admins,
    body: RefundInput,
    response: TransactionSchema,
    errors: [
      'transaction-not-found',
      'payment-not-refundable',
      'refund-in-progress',
      'fawry-error',
      'service-unavailable',
    ],
  }),
  cardTokenList: defineRoute({
    ...fawry,
    method: 'GET',
    path: '/api/v1/fawry/card-token/list',
    summary: "The student's saved cards",
    auth: ['student'],
    response: z.object({ list: z.array(SavedCardSchema) }),
    errors: ['fawry-error', 'service-unavailable'],
  }),
  cardTokenDelete: defineRoute({
    ...fawry,
    method: 'DELETE',
    path: '/api/v1/fawry/card-token',
    summary: 'Remove a saved card',
    auth: ['student'],
    query: z.strictObject({ cardTokenId: IdParam }),
    response: Ok,
    errors: ['card-not-found', 'fawry-error', 'service-unavailable'],
  }),
  cardTokenUrl: defineRoute({
    ...fawry,
    method: 'GET',
    path: '/api/v1/fawry/card-token/url',
    summary: "The provider's page where the student adds a card; it returns to /card-added",
    auth: ['student'],
    response: z.object({ url: z.string() }),
    errors: ['service-unavailable'],
  }),
  autoRenewal: defineRoute({
    ...fawry,
    method: 'GET',
    path: '/api/v1/fawry/auto-renewal',
    summary: "The student's automatic renewal with a saved card, or null (off, the default)",
    auth: ['student'],
    response: AutoRenewalStateSchema,
    errors: [],
  }),
  autoRenewalOn: defineRoute({
    ...fawry,
    method: 'PUT',
    path: '/api/v1/fawry/auto-renewal',
    summary: 'Renew automatically with this saved card: each period charged at its end, told days before',
    auth: ['student'],
    body: AutoRenewalInput,
    response: AutoRenewalStateSchema,
    errors: ['card-not-found'],
  }),
  autoRenewalOff: defineRoute({
    ...fawry,
    method: 'DELETE',
    path: '/api/v1/fawry/auto-renewal',
    summary: 'Turn automatic renewal off, in one step',
    auth: ['student'],
    response: AutoRenewalStateSchema,
    errors: [],
  }),
  paymentStatus: defineRoute({
    ...fawry,
    method: 'GET',
    path: '/api/v1/fawry/payment-status',
    summary: "A payment's status as last known (its buyer or admins)",
    auth: ['student', ...ROLE_GROUPS.admins],
    query: z.strictObject({ transactionId: IdParam }),
    response: TransactionSchema,
    errors: ['transaction-not-found', 'forbidden'],
  }),
  syncPaymentStatus: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/payment-status/sync',
    summary: "Ask the provider for a payment's status and apply it (its buyer or admins)",
    auth: ['student', ...ROLE_GROUPS.admins],
    body: TransactionRef,
    response: TransactionSchema,
    errors: ['transaction-not-found', 'forbidden', 'fawry-error', 'service-unavailable'],
  }),
  paymobCheckoutUrl: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/paymob/create-checkout-url',
    summary: 'Open a Paymob hosted checkout for a plan; the browser goes to redirectUrl',
    auth: ['student'],
    body: CheckoutInput,
    response: PaymentResultSchema,
    status: 201,
    errors: CHECKOUT_ERRORS,
  }),
  fawryCallback: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/fawry/callback',
    summary: "Fawry's server notification V2 (signed with the merchant's secure key)",
    auth: 'public',
    body: FawryNotificationSchema,
    response: Ok,
    errors: ['invalid-signature', 'callback-mismatch', 'transaction-not-found'],
  }),
  paymobCallback: defineRoute({
    ...fawry,
    method: 'POST',
    path: '/api/v1/paymob/callback',
    summary: "Paymob's transaction processed callback (HMAC-SHA512 in ?hmac)",
    auth: 'public',
    query: PaymobCallbackQuery,
    body: PaymobCallbackBody,
    response: Ok,
    errors: ['invalid-signature', 'callback-mismatch', 'transaction-not-found'],
  }),
} as const;
