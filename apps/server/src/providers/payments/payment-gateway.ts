import type { FawryNotification } from '@darsak/domain/payments';

/** A provider's order status, in our words (providers.md §1.0 mapping; Paymob's flags map to the same). */
export type ProviderStatus = 'new' | 'paid' | 'canceled' | 'refunded' | 'partialRefunded' | 'expired' | 'failed';

/** One order as every provider call needs it. Amounts are piastres; adapters write them the provider's way. */
export interface PaymentOrder {
  /** Our unique, never reused reference (Fawry merchantRefNum, Paymob special_reference). */
  merchantRef: string;
  amountPiastres: number;
  customer: { id: number; name: string; email: string; phone: string | null };
  /** What the buyer sees on the provider's page and receipt. */
  description: string;
  itemId: string;
  /** Until when the buyer may pay (cash references, wallet requests, hosted checkouts). */
  expiresAt: Date;
}

export interface SavedCardToken {
  token: string;
  lastFour: string | null;
  brand: string | null;
}

/** A card payment's card: the saved token, the CVV typed just now (never stored), where 3-D Secure returns. */
export interface CardCharge {
  token: string;
  cvv: string;
  returnUrl: string;
}

export interface ChargeResult {
  /** The provider's reference for the order (Fawry reference number). */
  referenceNumber: string | null;
  status: ProviderStatus;
  /** Where the browser must go next (3-D Secure challenge, hosted checkout). */
  redirectUrl: string | null;
  expiresAt: Date | null;
  walletQr: string | null;
  raw: unknown;
}

/** A status the provider reported: a verified callback or an answer to a status query. */
export interface StatusReport {
  merchantRef: string;
  referenceNumber: string | null;
  status: ProviderStatus;
  /** What the provider says the order amounts to, to compare with ours. */
  amountPiastres: number | null;
  /** Refunded so far, when the provider tells. */
  refundedPiastres: number | null;
  /** The order's currency, when the provider states it (Paymob signs it; Fawry's notification has none). */
  currency: string | null;
  raw: unknown;
}

/** The Fawry-shaped provider: FawryPay itself, or the local gateway simulator that speaks its contract. */
export interface FawryGateway {
  readonly provider: 'fawry';
  payByReference(order: PaymentOrder): Promise<ChargeResult>;
  payByCard(order: PaymentOrder, card: CardCharge): Promise<ChargeResult>;
  /**
   * A merchant-initiated charge of a saved card token without 3-D Secure or CVV (providers.md §1.2a): the automatic
   * renewal the student opted into. Paid or refused at once.
   */
  chargeSavedCard(order: PaymentOrder, token: string): Promise<ChargeResult>;
  payByWallet(order: PaymentOrder, walletPhone: string): Promise<ChargeResult>;
  /** The bank instalment plan for an amount and a number of months, or null when none fits. */
  installmentPlanFor(amountPiastres: number, months: number): Promise<string | null>;
  payByInstallments(order: PaymentOrder, card: CardCharge, installmentPlanId: string): Promise<ChargeResult>;
  refund(p: { referenceNumber: string; amountPiastres: number; reason: string | null }): Promise<void>;
  cancelUnpaid(referenceNumber: string): Promise<void>;
  status(merchantRef: string): Promise<StatusReport>;
  listCards(customerProfileId: string): Promise<SavedCardToken[]>;
  deleteCard(customerProfileId: string, token: string): Promise<void>;
  /** The hosted page where the buyer adds a card; it sends them back to `returnUrl`. */
  cardTokenUrl(p: { customerProfileId: string; returnUrl: string }): string;
  /** Checks a server notification's signature: the verified report, or `invalid-signature`. */
  verifyNotification(body: FawryNotification): StatusReport;
}

/** Paymob's hosted checkout: an intention, its HMAC-signed callbacks and refunds. */
export interface PaymobGateway {
  readonly provider: 'paymob';
  createCheckout(
    order: PaymentOrder,
    urls: { notificationUrl: string; redirectionUrl: string },
  ): Promise<{ url: string; orderId: string; raw: unknown }>;
  /** `transactionId` is Paymob's own transaction id from its callback. */
  refund(p: { transactionId: string; amountPiastres: number }): Promise<void>;
  /** Null when Paymob offers no status query for the order (the callback is then the only source). */
  status(merchantRef: string): Promise<StatusReport | null>;
  /** Checks the HMAC: a report for a transaction callback, null for callbacks we do not act on (card tokens). */
  verifyCallback(hmac: string, body: { type: string; obj: Record<string, unknown> }): StatusReport | null;
}

/**
 * A provider call that did not succeed: `unavailable` (no answer, timeout, server error; the order may or may not
 * exist at the provider) or `refused` (the provider answered with an error code).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: 'fawry' | 'paymob',
    readonly kind: 'unavailable' | 'refused',
    message: string,
    readonly details: { statusCode?: number | string | undefined; body?: unknown } = {},
    options?: { cause?: unknown },
  ) {
    super(`${provider} ${kind}: ${message}`, options);
    this.name = 'ProviderError';
  }
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * One HTTP call to a provider with a deadline. A network failure, a timeout or a 5xx is `unavailable`; any other
 * answer is returned for the adapter to read (providers answer errors with HTTP 200 too).
 */
export async function callProvider(
  provider: 'fawry' | 'paymob',
  url: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; body?: unknown; headers?: Record<string, string>; timeoutMs: number },
): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    throw new ProviderError(provider, 'unavailable', (error as Error).message, {}, { cause: error });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text for the log
  }
  if (response.status >= 500) {
    throw new ProviderError(provider, 'unavailable', `HTTP ${response.status}`, { statusCode: response.status, body });
  }
  return { status: response.status, body };
}
