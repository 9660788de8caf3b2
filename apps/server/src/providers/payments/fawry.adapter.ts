import { CURRENCY, egpToPiastres, piastresToDecimal, piastresToEgp } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { FawryNotification } from '@darsak/domain/payments';
import { z } from 'zod';
import {
  cancelUnpaidSignature,
  card3dsChargeSignature,
  cardTokenChargeSignature,
  deleteTokenSignature,
  type FawryKeys,
  installmentChargeSignature,
  listTokensSignature,
  notificationSignature,
  referenceChargeSignature,
  refundSignature,
  sameDigest,
  statusSignature,
  walletChargeSignature,
} from './fawry.signatures.ts';
import {
  type CardCharge,
  type ChargeResult,
  callProvider,
  type FawryGateway,
  type PaymentOrder,
  ProviderError,
  type ProviderStatus,
  type StatusReport,
} from './payment-gateway.ts';

export interface FawryOptions extends FawryKeys {
  /** `https://atfawry.fawrystaging.com` (staging) or `https://www.atfawry.com`. */
  baseUrl: string;
  /** Our notification V2 endpoint, sent per order as `orderWebHookUrl`. */
  webhookUrl: string;
  timeoutMs?: number;
}

/** providers.md §1.0: both spellings of cancelled; UNPAID is the old API's NEW. */
const STATUS_OF: Record<string, ProviderStatus> = {
  NEW: 'new',
  UNPAID: 'new',
  PAID: 'paid',
  CANCELED: 'canceled',
  CANCELLED: 'canceled',
  REFUNDED: 'refunded',
  PARTIAL_REFUNDED: 'partialRefunded',
  EXPIRED: 'expired',
  FAILED: 'failed',
};

/** Our status for a Fawry `orderStatus`; an unknown word is refused so it is logged, never guessed. */
export function fawryStatusOf(orderStatus: string): ProviderStatus {
  const status = STATUS_OF[orderStatus.toUpperCase()];
  if (!status) throw new ProviderError('fawry', 'refused', `unknown orderStatus ${orderStatus}`);
  return status;
}

/** Verifies a notification V2 with a secure key (the real merchant's, or the simulator's). */
export function verifyFawryNotification(secureKey: string, body: FawryNotification): StatusReport {
  if (!sameDigest(notificationSignature(secureKey, body), body.messageSignature)) {
    throw new AppError('invalid-signature', { provider: 'fawry', merchantRefNumber: body.merchantRefNumber });
  }
  return {
    merchantRef: body.merchantRefNumber,
    referenceNumber: String(body.fawryRefNumber),
    status: fawryStatusOf(body.orderStatus),
    amountPiastres: egpToPiastres(body.orderAmount),
    refundedPiastres: body.refundedAmount == null ? null : egpToPiastres(body.refundedAmount),
    currency: null,
    raw: body,
  };
}

const Answer = z.looseObject({
  statusCode: z.coerce.number().optional(),
  code: z.coerce.number().optional(),
  statusDescription: z.string().optional(),
  description: z.string().optional(),
});

const ChargeAnswer = z.looseObject({
  referenceNumber: z.union([z.string(), z.number()]).nullish(),
  expirationTime: z.number().nullish(),
  orderStatus: z.string().nullish(),
  walletQr: z.string().nullish(),
  nextAction: z.looseObject({ type: z.string().optional(), redirectUrl: z.string().url().optional() }).nullish(),
});

const StatusAnswer = z.looseObject({
  fawryRefNumber: z.union([z.string(), z.number()]).nullish(),
  referenceNumber: z.union([z.string(), z.number()]).nullish(),
  merchantRefNumber: z.string(),
  orderStatus: z.string().optional(),
  paymentStatus: z.string().optional(),
  orderAmount: z.number().nullish(),
  paymentAmount: z.number().nullish(),
  refundedAmount: z.number().nullish(),
});

/** A status V2 answer that carries the notification's signed fields is checked like a notification. */
const FawryStatusWithSignature = z.looseObject({
  fawryRefNumber: z.union([z.string(), z.number()]),
  merchantRefNumber: z.string(),
  paymentAmount: z.number(),
  orderAmount: z.number(),
  orderStatus: z.string(),
  paymentMethod: z.string(),
  paymentRefrenceNumber: z.union([z.string(), z.number()]).nullish(),
  messageSignature: z.string(),
});

const CardsAnswer = z.looseObject({
  cards: z
    .array(
      z.looseObject({
        token: z.string(),
        lastFourDigits: z.union([z.string(), z.number()]).nullish(),
        brand: z.string().nullish(),
      }),
    )
    .nullish(),
});

const InstallmentPlans = z.array(
  z.looseObject({
    id: z.union([z.string(), z.number()]).optional(),
    installmentPlan: z.looseObject({
      id: z.union([z.string(), z.number()]),
      noOfMonths: z.number(),
      minAmount: z.number().nullish(),
      maxAmount: z.number().nullish(),
    }),
  }),
);

/** FawryPay's server APIs (providers.md §1). Every answer's `statusCode` is read: Fawry errors with HTTP 200 too. */
export function createFawryGateway(options: FawryOptions): FawryGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** Calls Fawry and returns the answer once its code says success; any other code is `refused`. */
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const answer = await callProvider('fawry', `${base}${path}`, { method, body, timeoutMs });
    const parsed = Answer.safeParse(answer.body);
    const code = parsed.success ? (parsed.data.statusCode ?? parsed.data.code) : undefined;
    if (
      answer.status >= 400 ||
      (code !== undefined && code !== 200) ||
      (!parsed.success && !Array.isArray(answer.body))
    ) {
      const description = parsed.data?.statusDescription ?? parsed.data?.description ?? `HTTP ${answer.status}`;
      throw new ProviderError('fawry', 'refused', description, {
        statusCode: code ?? answer.status,
        body: answer.body,
      });
    }
    return answer.body;
  }

  const orderFields = (order: PaymentOrder) => ({
    merchantCode: options.merchantCode,
    merchantRefNum: order.merchantRef,
    customerProfileId: String(order.customer.id),
    customerName: order.customer.name,
    customerMobile: order.customer.phone ?? undefined,
    customerEmail: order.customer.email,
    amount: piastresToEgp(order.amountPiastres),
    currencyCode: CURRENCY,
    language: 'ar-eg',
    description: order.description,
    paymentExpiry: order.expiresAt.getTime(),
    chargeItems: [
      { itemId: order.itemId, description: order.description, price: piastresToEgp(order.amountPiastres), quantity: 1 },
    ],
    orderWebHookUrl: options.webhookUrl,
  });
  const signed = (order: PaymentOrder) => ({
    merchantRefNum: order.merchantRef,
    customerProfileId: String(order.customer.id),
    amount: piastresToDecimal(order.amountPiastres),
  });

  function chargeResult(body: unknown): ChargeResult {
    const answer = ChargeAnswer.parse(body);
    return {
      referenceNumber: answer.referenceNumber == null ? null : String(answer.referenceNumber),
      status: answer.orderStatus ? fawryStatusOf(answer.orderStatus) : 'new',
      redirectUrl: answer.nextAction?.redirectUrl ?? null,
      expiresAt: answer.expirationTime ? new Date(answer.expirationTime) : null,
      walletQr: answer.walletQr ?? null,
      raw: body,
    };
  }

  const cardFields = (card: CardCharge) => ({
    cardToken: card.token,
    cvv: card.cvv,
    enable3DS: true,
    authCaptureModePayment: false,
    returnUrl: card.returnUrl,
  });

  return {
    provider: 'fawry',

    async payByReference(order) {
      const signature = referenceChargeSignature(options, signed(order));
      const body = { ...orderFields(order), paymentMethod: 'PAYATFAWRY', signature };
      return chargeResult(await call('POST', '/ECommerceWeb/Fawry/payments/charge', body));
    },

    async payByCard(order, card) {
      const signature = card3dsChargeSignature(options, {
        ...signed(order),
        cardToken: card.token,
        cvv: card.cvv,
        returnUrl: card.returnUrl,
      });
      const body = { ...orderFields(order), paymentMethod: 'CARD', ...cardFields(card), signature };
      return chargeResult(await call('POST', '/ECommerceWeb/Fawry/payments/charge', body));
    },

    async chargeSavedCard(order, token) {
      const signature = cardTokenChargeSignature(options, { ...signed(order), cardToken: token });
      const body = { ...orderFields(order), paymentMethod: 'CARD', cardToken: token, signature };
      return chargeResult(await call('POST', '/ECommerceWeb/Fawry/payments/charge', body));
    },

    async payByWallet(order, walletPhone) {
      const signature = walletChargeSignature(options, { ...signed(order), debitMobileWalletNo: walletPhone });
      const body = { ...orderFields(order), paymentMethod: 'MWALLET', debitMobileWalletNo: walletPhone, signature };
      // The wallet charge lives under /api/, not /Fawry/ (providers.md §1.3).
      return chargeResult(await call('POST', '/ECommerceWeb/api/payments/charge', body));
    },

    async installmentPlanFor(amountPiastres, months) {
      const query = `accountNumber=${encodeURIComponent(options.merchantCode)}`;
      const plans = InstallmentPlans.parse(await call('GET', `/ECommerceWeb/api/merchant/installment-plans?${query}`));
      const egp = piastresToEgp(amountPiastres);
      const fit = plans.find(
        ({ installmentPlan: p }) =>
          p.noOfMonths === months && (p.minAmount ?? 0) <= egp && egp <= (p.maxAmount ?? Number.POSITIVE_INFINITY),
      );
      return fit ? String(fit.installmentPlan.id) : null;
    },

    async payByInstallments(order, card, installmentPlanId) {
      const signature = installmentChargeSignature(options, {
        ...signed(order),
        cardToken: card.token,
        cvv: card.cvv,
        installmentPlanId,
      });
      const body = { ...orderFields(order), paymentMethod: 'CARD', ...cardFields(card), installmentPlanId, signature };
      return chargeResult(await call('POST', '/ECommerceWeb/Fawry/payments/charge', body));
    },

    async refund({ referenceNumber, amountPiastres, reason }) {
      const refundAmount = piastresToDecimal(amountPiastres);
      const signature = refundSignature(options, { referenceNumber, refundAmount, reason });
      await call('POST', '/ECommerceWeb/Fawry/payments/refund', {
        merchantCode: options.merchantCode,
        referenceNumber,
        refundAmount: piastresToEgp(amountPiastres),
        ...(reason ? { reason } : {}),
        signature,
      });
    },

    async cancelUnpaid(referenceNumber) {
      const lang = 'ar-eg';
      const signature = cancelUnpaidSignature(options, { orderRefNo: referenceNumber, lang });
      await call('POST', '/ECommerceWeb/api/orders/cancel-unpaid-order', {
        merchantAccount: options.merchantCode,
        orderRefNo: referenceNumber,
        lang,
        signature,
      });
    },

    async status(merchantRef) {
      // Sent un-encoded: merchant codes hold + / = and Fawry reads them literally (providers.md §1.7).
      const query = `merchantCode=${options.merchantCode}&merchantRefNumber=${merchantRef}&signature=${statusSignature(options, merchantRef)}`;
      const body = await call('GET', `/ECommerceWeb/Fawry/payments/status/v2?${query}`);
      const answer = StatusAnswer.parse(body);
      const signedAnswer = FawryStatusWithSignature.safeParse(body);
      if (signedAnswer.success) verifyFawryNotification(options.secureKey, signedAnswer.data);
      const reference = answer.fawryRefNumber ?? answer.referenceNumber;
      const amount = answer.orderAmount ?? answer.paymentAmount;
      return {
        merchantRef: answer.merchantRefNumber,
        referenceNumber: reference == null ? null : String(reference),
        status: fawryStatusOf(answer.orderStatus ?? answer.paymentStatus ?? ''),
        amountPiastres: amount == null ? null : egpToPiastres(amount),
        refundedPiastres: answer.refundedAmount == null ? null : egpToPiastres(answer.refundedAmount),
        currency: null,
        raw: body,
      };
    },

    async listCards(customerProfileId) {
      const signature = listTokensSignature(options, customerProfileId);
      const query = `merchantCode=${encodeURIComponent(options.merchantCode)}&customerProfileId=${encodeURIComponent(customerProfileId)}&signature=${signature}`;
      const answer = CardsAnswer.parse(await call('GET', `/ECommerceWeb/Fawry/cards/cardToken?${query}`));
      return (answer.cards ?? []).map((card) => ({
        token: card.token,
        lastFour: card.lastFourDigits == null ? null : String(card.lastFourDigits).padStart(4, '0').slice(-4),
        brand: card.brand ?? null,
      }));
    },

    async deleteCard(customerProfileId, token) {
      // The query string, not the documented JSON body, is what works (providers.md §1.8).
      const signature = deleteTokenSignature(options, customerProfileId, token);
      const query = `merchantCode=${encodeURIComponent(options.merchantCode)}&customerProfileId=${encodeURIComponent(customerProfileId)}&cardToken=${encodeURIComponent(token)}&signature=${signature}`;
      await call('DELETE', `/ECommerceWeb/Fawry/cards/cardToken?${query}`);
    },

    cardTokenUrl({ customerProfileId, returnUrl }) {
      const query = new URLSearchParams({ accNo: options.merchantCode, customerProfileId, returnUrl, locale: 'ar' });
      return `${base}/atfawry/plugin/card-token?${query}`;
    },

    verifyNotification: (body) => verifyFawryNotification(options.secureKey, body),
  };
}
