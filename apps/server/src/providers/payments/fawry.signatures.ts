import { createHash, timingSafeEqual } from 'node:crypto';
import { egpToPiastres, piastresToDecimal } from '@darsak/domain/common';

/**
 * Fawry's request and notification signatures (providers.md §1): lowercase hex SHA-256 over the listed fields
 * joined with no separator, the secure key last (first-field order differs for cancel), amounts as "%.2f" and
 * absent optional fields as "".
 */
export interface FawryKeys {
  merchantCode: string;
  secureKey: string;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A decimal EGP amount as Fawry sends it (840.0, 20.5) written "%.2f" ("840.00", "20.50"). */
export const fawryAmount = (egp: number): string => piastresToDecimal(egpToPiastres(egp));

const sign = (...parts: string[]) => sha256Hex(parts.join(''));

/** §1.1 PayAtFawry reference number. */
export const referenceChargeSignature = (
  k: FawryKeys,
  p: { merchantRefNum: string; customerProfileId: string; amount: string },
) => sign(k.merchantCode, p.merchantRefNum, p.customerProfileId, 'PAYATFAWRY', p.amount, k.secureKey);

/** §1.2 (a) saved card token without 3-D Secure. */
export const cardTokenChargeSignature = (
  k: FawryKeys,
  p: { merchantRefNum: string; customerProfileId: string; amount: string; cardToken: string },
) => sign(k.merchantCode, p.merchantRefNum, p.customerProfileId, 'CARD', p.amount, p.cardToken, k.secureKey);

/** §1.2 (b) saved card token with 3-D Secure. */
export const card3dsChargeSignature = (
  k: FawryKeys,
  p: {
    merchantRefNum: string;
    customerProfileId: string;
    amount: string;
    cardToken: string;
    cvv: string;
    returnUrl: string;
  },
) =>
  sign(
    k.merchantCode,
    p.merchantRefNum,
    p.customerProfileId,
    'CARD',
    p.amount,
    p.cardToken,
    p.cvv,
    p.returnUrl,
    k.secureKey,
  );

/** §1.3 mobile wallet: with the wallet's number (request to pay) or without it (QR). */
export const walletChargeSignature = (
  k: FawryKeys,
  p: { merchantRefNum: string; customerProfileId: string; amount: string; debitMobileWalletNo?: string | undefined },
) =>
  sign(
    k.merchantCode,
    p.merchantRefNum,
    p.customerProfileId,
    'MWALLET',
    p.amount,
    p.debitMobileWalletNo ?? '',
    k.secureKey,
  );

/** §1.4 bank instalments with a saved card (returnUrl left out, as in the derived vector). */
export const installmentChargeSignature = (
  k: FawryKeys,
  p: {
    merchantRefNum: string;
    customerProfileId: string;
    amount: string;
    cardToken: string;
    cvv: string;
    installmentPlanId: string;
  },
) =>
  sign(
    k.merchantCode,
    p.merchantRefNum,
    p.customerProfileId,
    'CARD',
    p.amount,
    p.cardToken,
    p.cvv,
    p.installmentPlanId,
    k.secureKey,
  );

/** §1.5 refund, by Fawry's reference number. */
export const refundSignature = (
  k: FawryKeys,
  p: { referenceNumber: string; refundAmount: string; reason?: string | null | undefined },
) => sign(k.merchantCode, p.referenceNumber, p.refundAmount, p.reason ?? '', k.secureKey);

/** §1.6 cancel unpaid order: the reference comes first. */
export const cancelUnpaidSignature = (k: FawryKeys, p: { orderRefNo: string; lang: string }) =>
  sign(p.orderRefNo, k.merchantCode, p.lang, k.secureKey);

/** §1.7 payment status V2. */
export const statusSignature = (k: FawryKeys, merchantRefNumber: string) =>
  sign(k.merchantCode, merchantRefNumber, k.secureKey);

/** §1.8 list card tokens. */
export const listTokensSignature = (k: FawryKeys, customerProfileId: string) =>
  sign(k.merchantCode, customerProfileId, k.secureKey);

/** §1.8 delete a card token. */
export const deleteTokenSignature = (k: FawryKeys, customerProfileId: string, cardToken: string) =>
  sign(k.merchantCode, customerProfileId, cardToken, k.secureKey);

export interface NotificationFields {
  fawryRefNumber: string | number;
  merchantRefNumber: string;
  paymentAmount: number;
  orderAmount: number;
  orderStatus: string;
  paymentMethod: string;
  paymentRefrenceNumber?: string | number | null | undefined;
}

/** §1.9 server notification V2 `messageSignature`; the payment method is hashed exactly as received. */
export const notificationSignature = (secureKey: string, n: NotificationFields) =>
  sign(
    String(n.fawryRefNumber),
    n.merchantRefNumber,
    fawryAmount(n.paymentAmount),
    fawryAmount(n.orderAmount),
    n.orderStatus,
    n.paymentMethod,
    n.paymentRefrenceNumber === null || n.paymentRefrenceNumber === undefined ? '' : String(n.paymentRefrenceNumber),
    secureKey,
  );

/** Constant-time comparison of two hex digests (case-insensitive). */
export function sameDigest(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
