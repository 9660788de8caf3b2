import { randomBytes, randomInt } from 'node:crypto';
import { CURRENCY, piastresToEgp } from '@darsak/domain/common';
import { paymentsContract } from '@darsak/domain/payments';
import type { Clock } from '../../../platform/clock.ts';
import { fawryStatusOf, verifyFawryNotification } from '../fawry.adapter.ts';
import { notificationSignature } from '../fawry.signatures.ts';
import {
  type CardCharge,
  type ChargeResult,
  type FawryGateway,
  type PaymentOrder,
  type PaymobGateway,
  ProviderError,
  type SavedCardToken,
  type StatusReport,
} from '../payment-gateway.ts';
import { type PaymobTransaction, transactionHmac, verifyPaymobCallback } from '../paymob.adapter.ts';

/** Fawry's order status words, which the simulator keeps and signs. */
type OrderStatus = 'NEW' | 'PAID' | 'CANCELED' | 'REFUNDED' | 'PARTIAL_REFUNDED' | 'EXPIRED' | 'FAILED';
export type SimulatedMethod = 'card' | 'eWallet' | 'cashReference' | 'bankInstallment' | 'checkout';
export type SimulatorAction = 'pay' | 'fail' | 'expire';

export interface DeliveredCallback {
  at: Date;
  status: OrderStatus;
  answer: number;
}

/** One order as the simulated provider holds it. */
export interface SimulatedOrder {
  merchantRef: string;
  /** Which provider the order imitates: its callbacks are signed and shaped like that provider's. */
  face: 'fawry' | 'paymob';
  method: SimulatedMethod;
  referenceNumber: string;
  amountPiastres: number;
  refundedPiastres: number;
  status: OrderStatus;
  description: string;
  customerName: string;
  walletPhone: string | null;
  card: { lastFour: string | null; brand: string | null } | null;
  /** Where the browser goes after the 3-D Secure step or the hosted checkout. */
  returnUrl: string | null;
  expiresAt: Date;
  createdAt: Date;
  paymobTransactionId: number | null;
  callbacks: DeliveredCallback[];
}

/** How the simulator reaches our webhook: the same HTTP route the real providers call. */
export type Deliver = (request: {
  url: string;
  query?: Record<string, string>;
  payload: unknown;
}) => Promise<{ statusCode: number }>;

const FAWRY_METHOD_NAMES: Record<SimulatedMethod, string> = {
  card: 'PayUsingCC',
  bankInstallment: 'PayUsingCC',
  eWallet: 'MWALLET',
  cashReference: 'PAYATFAWRY',
  checkout: 'PayUsingCC',
};

const brandOf = (cardNumber: string) =>
  cardNumber.startsWith('4') ? 'Visa' : cardNumber.startsWith('5') ? 'MasterCard' : 'Meeza';

/**
 * The local gateway (DESIGN §5): it takes orders like Fawry and Paymob do, lets a person pay, fail or let them
 * expire on its own pages (`/dev/gateway`), and reports back with callbacks signed by its own secure key and
 * HMAC secret, through the very webhook routes and checks the real providers use. State lives in memory:
 * a restart forgets open orders, whose transactions then expire by the usual job.
 */
export function createGatewaySimulator(deps: { clock: Clock; appUrl: string; deliver: Deliver }) {
  const keys = {
    merchantCode: 'darsak-simulator',
    secureKey: randomBytes(24).toString('hex'),
    hmacSecret: randomBytes(24).toString('hex'),
  };
  const orders = new Map<string, SimulatedOrder>();
  const cards = new Map<string, (SavedCardToken & { createdAt: Date })[]>();
  const payPage = (merchantRef: string) => `${deps.appUrl}/dev/gateway/pay/${encodeURIComponent(merchantRef)}`;

  const refused = (face: 'fawry' | 'paymob', code: number, message: string) =>
    new ProviderError(face, 'refused', message, { statusCode: code });

  /** A pending order whose time is up is expired, as the provider would have it by now. */
  function current(order: SimulatedOrder): SimulatedOrder {
    if (order.status === 'NEW' && deps.clock.now() >= order.expiresAt) order.status = 'EXPIRED';
    return order;
  }

  function find(face: 'fawry' | 'paymob', merchantRef: string): SimulatedOrder {
    const order = orders.get(merchantRef);
    if (!order || order.face !== face) throw refused(face, 9938, 'order not found');
    return current(order);
  }

  function open(
    face: 'fawry' | 'paymob',
    order: PaymentOrder,
    method: SimulatedMethod,
    extra: Partial<SimulatedOrder> = {},
  ): SimulatedOrder {
    if (orders.has(order.merchantRef)) throw refused(face, 9946, 'merchantRefNum already used');
    const created: SimulatedOrder = {
      merchantRef: order.merchantRef,
      face,
      method,
      referenceNumber: String(randomInt(100_000_000, 999_999_999)),
      amountPiastres: order.amountPiastres,
      refundedPiastres: 0,
      status: 'NEW',
      description: order.description,
      customerName: order.customer.name,
      walletPhone: null,
      card: null,
      returnUrl: null,
      expiresAt: order.expiresAt,
      createdAt: deps.clock.now(),
      paymobTransactionId: null,
      callbacks: [],
      ...extra,
    };
    orders.set(order.merchantRef, created);
    return created;
  }

  const charged = (order: SimulatedOrder, redirectUrl: string | null): ChargeResult => ({
    referenceNumber: order.referenceNumber,
    status: 'new',
    redirectUrl,
    expiresAt: order.expiresAt,
    walletQr: null,
    raw: { simulator: true, referenceNumber: order.referenceNumber },
  });

  function savedCard(customerProfileId: string, token: string) {
    const card = cards.get(customerProfileId)?.find((c) => c.token === token);
    if (!card) throw refused('fawry', 9946, 'card token not found for this customer');
    return card;
  }

  function report(order: SimulatedOrder): StatusReport {
    return {
      merchantRef: order.merchantRef,
      referenceNumber: order.referenceNumber,
      status: fawryStatusOf(order.status),
      amountPiastres: order.amountPiastres,
      refundedPiastres: order.refundedPiastres,
      currency: CURRENCY,
      raw: { simulator: true, orderStatus: order.status },
    };
  }

  function refund(order: SimulatedOrder, amountPiastres: number) {
    if (order.status !== 'PAID' && order.status !== 'PARTIAL_REFUNDED')
      throw refused(order.face, 9954, 'order not paid');
    if (amountPiastres > order.amountPiastres - order.refundedPiastres) {
      throw refused(order.face, 9935, 'refund amount exceeded');
    }
    order.refundedPiastres += amountPiastres;
    order.status = order.refundedPiastres >= order.amountPiastres ? 'REFUNDED' : 'PARTIAL_REFUNDED';
  }

  /** Fawry's notification V2 body for an order, signed like Fawry signs it. */
  function fawryNotification(order: SimulatedOrder) {
    const fields = {
      fawryRefNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRef,
      paymentAmount: piastresToEgp(order.amountPiastres),
      orderAmount: piastresToEgp(order.amountPiastres),
      orderStatus: order.status,
      paymentMethod: FAWRY_METHOD_NAMES[order.method],
      paymentRefrenceNumber: order.status === 'PAID' ? String(randomInt(10_000_000, 99_999_999)) : '',
    };
    return {
      requestId: randomBytes(16).toString('hex'),
      ...fields,
      ...(order.refundedPiastres > 0 ? { refundedAmount: piastresToEgp(order.refundedPiastres) } : {}),
      customerName: order.customerName,
      fawryFees: 0,
      paymentTime: deps.clock.now().getTime(),
      orderExpiryDate: order.expiresAt.getTime(),
      messageSignature: notificationSignature(keys.secureKey, fields),
    };
  }

  /** Paymob's transaction processed callback for an order, with its HMAC. */
  function paymobCallback(order: SimulatedOrder) {
    order.paymobTransactionId ??= randomInt(100_000_000, 999_999_999);
    const obj: PaymobTransaction = {
      id: order.paymobTransactionId,
      pending: false,
      amount_cents: order.amountPiastres,
      success: order.status === 'PAID',
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: 1,
      has_parent_transaction: false,
      order: { id: Number(order.referenceNumber), merchant_order_id: order.merchantRef },
      created_at: deps.clock.now().toISOString().replace('Z', ''),
      currency: CURRENCY,
      source_data: { pan: order.card?.lastFour ?? '2346', type: 'card', sub_type: order.card?.brand ?? 'MasterCard' },
      error_occured: false,
      owner: 1,
    };
    return { query: { hmac: transactionHmac(keys.hmacSecret, obj) }, payload: { type: 'TRANSACTION', obj } };
  }

  async function notify(order: SimulatedOrder) {
    const request =
      order.face === 'fawry'
        ? { url: paymentsContract.fawryCallback.path, payload: fawryNotification(order) }
        : { url: paymentsContract.paymobCallback.path, ...paymobCallback(order) };
    const answer = await deps.deliver(request);
    order.callbacks.push({ at: deps.clock.now(), status: order.status, answer: answer.statusCode });
    return answer;
  }

  const fawry: FawryGateway = {
    provider: 'fawry',

    async payByReference(order) {
      return charged(open('fawry', order, 'cashReference'), null);
    },

    async payByCard(order, card: CardCharge) {
      const saved = savedCard(String(order.customer.id), card.token);
      const created = open('fawry', order, 'card', { card: saved, returnUrl: card.returnUrl });
      return charged(created, payPage(created.merchantRef));
    },

    async chargeSavedCard(order, token) {
      const card = savedCard(String(order.customer.id), token);
      const created = open('fawry', order, 'card', { card, status: 'PAID' });
      return { ...charged(created, null), status: 'paid' };
    },

    async payByWallet(order, walletPhone) {
      return charged(open('fawry', order, 'eWallet', { walletPhone }), null);
    },

    async installmentPlanFor(_amountPiastres, months) {
      return months >= 2 && months <= 12 ? `simulator-${months}-months` : null;
    },

    async payByInstallments(order, card, installmentPlanId) {
      const saved = savedCard(String(order.customer.id), card.token);
      const created = open('fawry', order, 'bankInstallment', {
        card: saved,
        returnUrl: card.returnUrl,
        description: `${order.description} (${installmentPlanId})`,
      });
      return charged(created, payPage(created.merchantRef));
    },

    async refund({ referenceNumber, amountPiastres }) {
      const order = [...orders.values()].find((o) => o.face === 'fawry' && o.referenceNumber === referenceNumber);
      if (!order) throw refused('fawry', 9938, 'order not found');
      refund(current(order), amountPiastres);
    },

    async cancelUnpaid(referenceNumber) {
      const order = [...orders.values()].find((o) => o.face === 'fawry' && o.referenceNumber === referenceNumber);
      if (!order) throw refused('fawry', 9938, 'order not found');
      if (current(order).status !== 'NEW')
        throw refused('fawry', order.status === 'CANCELED' ? 9984 : 400, 'not unpaid');
      order.status = 'CANCELED';
    },

    async status(merchantRef) {
      return report(find('fawry', merchantRef));
    },

    async listCards(customerProfileId) {
      return (cards.get(customerProfileId) ?? []).map(({ token, lastFour, brand }) => ({ token, lastFour, brand }));
    },

    async deleteCard(customerProfileId, token) {
      savedCard(customerProfileId, token);
      cards.set(
        customerProfileId,
        (cards.get(customerProfileId) ?? []).filter((c) => c.token !== token),
      );
    },

    cardTokenUrl({ customerProfileId, returnUrl }) {
      const query = new URLSearchParams({ accNo: keys.merchantCode, customerProfileId, returnUrl, locale: 'ar' });
      return `${deps.appUrl}/dev/gateway/card-token?${query}`;
    },

    verifyNotification: (body) => verifyFawryNotification(keys.secureKey, body),
  };

  const paymob: PaymobGateway = {
    provider: 'paymob',

    async createCheckout(order, urls) {
      const created = open('paymob', order, 'checkout', { returnUrl: urls.redirectionUrl });
      return { url: payPage(created.merchantRef), orderId: created.referenceNumber, raw: { simulator: true } };
    },

    async refund({ transactionId, amountPiastres }) {
      const order = [...orders.values()].find(
        (o) => o.face === 'paymob' && String(o.paymobTransactionId) === transactionId,
      );
      if (!order) throw refused('paymob', 404, 'transaction not found');
      refund(order, amountPiastres);
    },

    async status(merchantRef) {
      return report(find('paymob', merchantRef));
    },

    verifyCallback: (hmac, body) => verifyPaymobCallback(keys.hmacSecret, hmac, body),
  };

  const NEXT_STATUS: Record<SimulatorAction, OrderStatus> = { pay: 'PAID', fail: 'FAILED', expire: 'EXPIRED' };

  return {
    fawry,
    paymob,
    keys,

    order: (merchantRef: string): SimulatedOrder | undefined => {
      const order = orders.get(merchantRef);
      return order ? current(order) : undefined;
    },

    /** Newest first, for the gateway's index page. */
    orders: (): SimulatedOrder[] => [...orders.values()].map(current).reverse(),

    /**
     * What the person chose on the pay page. Only a pending order moves; the provider then calls our webhook
     * (Paymob calls back on success or decline only, so its expiry is silent).
     */
    async act(merchantRef: string, action: SimulatorAction): Promise<SimulatedOrder | undefined> {
      const order = orders.get(merchantRef);
      if (!order || current(order).status !== 'NEW') return order;
      order.status = NEXT_STATUS[action];
      if (order.face === 'fawry' || action !== 'expire') await notify(order);
      return order;
    },

    /** The tokenization page's "save card": the card number is reduced to its last four digits at once. */
    addCard(customerProfileId: string, cardNumber: string): SavedCardToken {
      const card = {
        token: `sim_${randomBytes(12).toString('hex')}`,
        lastFour: cardNumber.slice(-4),
        brand: brandOf(cardNumber),
        createdAt: deps.clock.now(),
      };
      cards.set(customerProfileId, [...(cards.get(customerProfileId) ?? []), card]);
      return { token: card.token, lastFour: card.lastFour, brand: card.brand };
    },
  };
}

export type GatewaySimulator = ReturnType<typeof createGatewaySimulator>;
