import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cancelUnpaidSignature,
  card3dsChargeSignature,
  cardTokenChargeSignature,
  deleteTokenSignature,
  type FawryKeys,
  fawryAmount,
  installmentChargeSignature,
  listTokensSignature,
  notificationSignature,
  referenceChargeSignature,
  refundSignature,
  statusSignature,
  walletChargeSignature,
} from '../src/providers/payments/fawry.signatures.ts';
import { type PaymobTransaction, transactionHmac } from '../src/providers/payments/paymob.adapter.ts';

/**
 * A local HTTP server that answers like FawryPay and Paymob do in their documented formats (providers.md §1, §2),
 * checking every signature, so the real adapters are tested end to end without the network.
 */

export const FAKE_FAWRY: FawryKeys = { merchantCode: '1tSa6uxz2nTwlaAmt38enA==', secureKey: 'fake_fawry_secure_key' };
export const FAKE_PAYMOB = { secretKey: 'egy_sk_test_fake', publicKey: 'egy_pk_test_fake', hmacSecret: 'FAKEHMAC123' };

/** How the next charges are answered. */
export type ChargeMode = 'pending' | 'paid' | 'decline' | 'error500' | 'hang';

export interface FakeOrder {
  merchantRefNumber: string;
  referenceNumber: string;
  paymentMethod: string;
  amount: number;
  orderStatus: string;
  refunded: number;
}

interface Recorded {
  method: string;
  path: string;
  query: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export async function startFakeProviders() {
  const requests: Recorded[] = [];
  const orders = new Map<string, FakeOrder>();
  const cards = new Map<string, { token: string; lastFourDigits: string; brand: string }[]>();
  /**
   * refund: `ok`; `down` answers 503 and refunds nothing; `answerLost` refunds, then answers 503 (the answer lost on
   * the way back, so only a status query tells it went through).
   */
  const state = {
    charge: 'pending' as ChargeMode,
    status: 'ok' as 'ok' | 'hang',
    refund: 'ok' as 'ok' | 'down' | 'answerLost',
  };
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fawryError = (res: ServerResponse, statusCode: number, statusDescription: string) =>
    send(res, 200, { type: 'ResponseDataModel', statusCode, statusDescription });

  function charge(res: ServerResponse, body: Record<string, unknown>, wallet: boolean) {
    const amount = fawryAmount(Number(body.amount));
    const common = {
      merchantRefNum: str(body.merchantRefNum),
      customerProfileId: str(body.customerProfileId),
      amount,
    };
    const method = str(body.paymentMethod);
    // a merchant-initiated charge of a saved card: no CVV, no 3-D Secure, paid or refused at once (§1.2a)
    const merchantInitiated = method === 'CARD' && body.cvv === undefined;
    const expected = merchantInitiated
      ? cardTokenChargeSignature(FAKE_FAWRY, { ...common, cardToken: str(body.cardToken) })
      : wallet
        ? walletChargeSignature(FAKE_FAWRY, {
            ...common,
            debitMobileWalletNo: str(body.debitMobileWalletNo) || undefined,
          })
        : method === 'PAYATFAWRY'
          ? referenceChargeSignature(FAKE_FAWRY, common)
          : body.installmentPlanId !== undefined
            ? installmentChargeSignature(FAKE_FAWRY, {
                ...common,
                cardToken: str(body.cardToken),
                cvv: str(body.cvv),
                installmentPlanId: str(body.installmentPlanId),
              })
            : card3dsChargeSignature(FAKE_FAWRY, {
                ...common,
                cardToken: str(body.cardToken),
                cvv: str(body.cvv),
                returnUrl: str(body.returnUrl),
              });
    if (body.signature !== expected || body.merchantCode !== FAKE_FAWRY.merchantCode) {
      return fawryError(res, 9946, 'Wrong Signature');
    }
    if (state.charge === 'hang') return void hanging.add(res);
    if (state.charge === 'error500') return send(res, 500, { message: 'internal error' });
    if (state.charge === 'decline') return fawryError(res, 99951, 'Insufficient funds');
    if (orders.has(common.merchantRefNum)) return fawryError(res, 9946, 'merchantRefNum already used');
    const order: FakeOrder = {
      merchantRefNumber: common.merchantRefNum,
      referenceNumber: String(randomInt(100_000_000, 999_999_999)),
      paymentMethod: method,
      amount: Number(body.amount),
      orderStatus: state.charge === 'paid' || merchantInitiated ? 'PAID' : 'UNPAID',
      refunded: 0,
    };
    orders.set(order.merchantRefNumber, order);
    const threeDs = method === 'CARD' && state.charge === 'pending' && !merchantInitiated;
    send(res, 200, {
      type: 'ChargeResponse',
      referenceNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      expirationTime: Number(body.paymentExpiry ?? Date.now() + 3_600_000),
      orderStatus: order.orderStatus,
      ...(threeDs
        ? { nextAction: { type: 'THREE_D_SECURE', redirectUrl: `https://bank.example/3ds/${order.referenceNumber}` } }
        : {}),
      ...(wallet && !body.debitMobileWalletNo ? { walletQr: 'data:image/PNG;base64,iVBORw0KGgo=' } : {}),
      statusCode: 200,
      statusDescription: 'Operation done successfully',
    });
  }

  /** The notification V2 shape of an order, signed with the merchant's key (also the status V2 answer). */
  function notification(order: FakeOrder) {
    const fields = {
      fawryRefNumber: order.referenceNumber,
      merchantRefNumber: order.merchantRefNumber,
      paymentAmount: order.amount,
      orderAmount: order.amount,
      orderStatus: order.orderStatus,
      paymentMethod: order.paymentMethod === 'CARD' ? 'PayUsingCC' : order.paymentMethod,
      paymentRefrenceNumber: order.orderStatus === 'PAID' ? '2001' : '',
    };
    return {
      requestId: randomBytes(16).toString('hex'),
      ...fields,
      fawryFees: 0,
      messageSignature: notificationSignature(FAKE_FAWRY.secureKey, fields),
    };
  }

  function fawry(req: IncomingMessage, res: ServerResponse, path: string, rawQuery: string, body: unknown) {
    // Parsed by hand: the status call is sent un-encoded, as Fawry expects, so `+` must stay a plus.
    const query = Object.fromEntries(
      rawQuery
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1)];
        }),
    );
    const b = isRecord(body) ? body : {};
    if (req.method === 'POST' && path === '/ECommerceWeb/Fawry/payments/charge') return charge(res, b, false);
    if (req.method === 'POST' && path === '/ECommerceWeb/api/payments/charge') return charge(res, b, true);
    if (req.method === 'GET' && path === '/ECommerceWeb/Fawry/payments/status/v2') {
      if (state.status === 'hang') return void hanging.add(res);
      if (
        query.signature !== statusSignature(FAKE_FAWRY, str(query.merchantRefNumber)) ||
        query.merchantCode !== FAKE_FAWRY.merchantCode
      ) {
        return fawryError(res, 9946, 'Wrong Signature');
      }
      const order = orders.get(str(query.merchantRefNumber));
      if (!order) return fawryError(res, 9938, 'Order not found');
      return send(res, 200, {
        ...notification(order),
        statusCode: 200,
        statusDescription: 'Operation done successfully',
      });
    }
    if (req.method === 'POST' && path === '/ECommerceWeb/Fawry/payments/refund') {
      const amount = fawryAmount(Number(b.refundAmount));
      const expected = refundSignature(FAKE_FAWRY, {
        referenceNumber: str(b.referenceNumber),
        refundAmount: amount,
        reason: str(b.reason),
      });
      if (b.signature !== expected) return fawryError(res, 9946, 'Wrong Signature');
      if (state.refund === 'down') return send(res, 503, { message: 'service unavailable' });
      const order = [...orders.values()].find((o) => o.referenceNumber === b.referenceNumber);
      if (!order) return fawryError(res, 9938, 'Order not found');
      if (order.orderStatus !== 'PAID' && order.orderStatus !== 'PARTIAL_REFUNDED')
        return fawryError(res, 9954, 'Order not paid');
      if (Number(b.refundAmount) > order.amount - order.refunded + 1e-9)
        return fawryError(res, 9935, 'Refund amount exceeded');
      order.refunded += Number(b.refundAmount);
      order.orderStatus = order.refunded >= order.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED';
      if (state.refund === 'answerLost') return send(res, 503, { message: 'service unavailable' });
      return send(res, 200, {
        type: 'ResponseDataModel',
        statusCode: 200,
        statusDescription: 'Operation done successfully',
      });
    }
    if (req.method === 'POST' && path === '/ECommerceWeb/api/orders/cancel-unpaid-order') {
      const expected = cancelUnpaidSignature(FAKE_FAWRY, { orderRefNo: str(b.orderRefNo), lang: str(b.lang) });
      if (b.signature !== expected || b.merchantAccount !== FAKE_FAWRY.merchantCode)
        return send(res, 200, { code: 9946, description: 'Wrong Signature' });
      const order = [...orders.values()].find((o) => o.referenceNumber === b.orderRefNo);
      if (!order) return send(res, 200, { code: 9938, description: 'Order not found' });
      if (order.orderStatus !== 'UNPAID' && order.orderStatus !== 'NEW')
        return send(res, 200, { code: 400, description: 'Order already paid or cancelled' });
      order.orderStatus = 'CANCELED';
      return send(res, 200, { code: 200, description: 'Operation done successfully' });
    }
    if (path === '/ECommerceWeb/Fawry/cards/cardToken') {
      const profile = decodeURIComponent(str(query.customerProfileId));
      if (req.method === 'GET') {
        if (query.signature !== listTokensSignature(FAKE_FAWRY, profile))
          return fawryError(res, 9946, 'Wrong Signature');
        return send(res, 200, { type: 'CustomerTokensResponse', statusCode: 200, cards: cards.get(profile) ?? [] });
      }
      if (req.method === 'DELETE') {
        const token = decodeURIComponent(str(query.cardToken));
        if (query.signature !== deleteTokenSignature(FAKE_FAWRY, profile, token))
          return fawryError(res, 9946, 'Wrong Signature');
        const list = cards.get(profile) ?? [];
        if (!list.some((c) => c.token === token)) return fawryError(res, 9938, 'Token not found');
        cards.set(
          profile,
          list.filter((c) => c.token !== token),
        );
        return send(res, 200, {
          type: 'ResponseDataModel',
          statusCode: 200,
          statusDescription: 'Operation done successfully',
        });
      }
    }
    if (req.method === 'GET' && path === '/ECommerceWeb/api/merchant/installment-plans') {
      const plan = (id: number, months: number, minAmount: number, maxAmount: number) => ({
        id: id + 1000,
        installmentPlan: { id, nameEn: `${months} months`, noOfMonths: months, minAmount, maxAmount, rate: 0 },
      });
      return send(res, 200, [plan(7, 3, 500, 50_000), plan(8, 6, 2_000, 100_000)]);
    }
    return send(res, 404, { message: 'no such fake endpoint' });
  }

  const paymobRefunds: { transaction_id: unknown; amount_cents: unknown }[] = [];

  function paymob(req: IncomingMessage, res: ServerResponse, path: string, body: unknown) {
    if (req.headers.authorization !== `Token ${FAKE_PAYMOB.secretKey}`)
      return send(res, 401, { detail: 'Invalid token.' });
    const b = isRecord(body) ? body : {};
    if (req.method === 'POST' && path === '/v1/intention/') {
      if (!Array.isArray(b.payment_methods) || b.payment_methods.length === 0 || typeof b.amount !== 'number') {
        return send(res, 400, { detail: 'payment_methods and amount are required' });
      }
      const id = randomInt(100_000_000, 999_999_999);
      return send(res, 201, {
        id: `pi_test_${randomBytes(8).toString('hex')}`,
        client_secret: `egy_csk_test_${randomBytes(8).toString('hex')}`,
        intention_order_id: id,
        special_reference: b.special_reference,
        status: 'intended',
      });
    }
    if (req.method === 'POST' && path === '/api/acceptance/void_refund/refund') {
      paymobRefunds.push({ transaction_id: b.transaction_id, amount_cents: b.amount_cents });
      return send(res, 200, {
        id: randomInt(1, 1_000_000),
        success: true,
        is_refund: true,
        amount_cents: b.amount_cents,
      });
    }
    return send(res, 404, { detail: 'Not found.' });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path = '', rawQuery = ''] = (req.url ?? '').split('?');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // kept as text
      }
      requests.push({ method: req.method ?? '', path, query: rawQuery, body, headers: req.headers });
      if (path.startsWith('/paymob')) return paymob(req, res, path.slice('/paymob'.length), body);
      fawry(req, res, path, rawQuery, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    /** Fawry's base URL; Paymob's is `${url}/paymob`. */
    url,
    requests,
    orders,
    state,
    paymobRefunds,
    /** Saves a card for a customer as the hosted tokenization page would. */
    addCard(customerProfileId: string, lastFourDigits = '4242') {
      const card = { token: `tok_${randomBytes(6).toString('hex')}`, lastFourDigits, brand: 'Visa' };
      cards.set(customerProfileId, [...(cards.get(customerProfileId) ?? []), card]);
      return card;
    },
    order: (merchantRefNumber: string) => orders.get(merchantRefNumber),
    /** The signed notification V2 Fawry would post for an order in a given status. */
    notify(merchantRefNumber: string, orderStatus: string) {
      const order = orders.get(merchantRefNumber);
      if (!order) throw new Error(`no fake order ${merchantRefNumber}`);
      order.orderStatus = orderStatus;
      return notification(order);
    },
    /** Answers the requests left hanging (timeout tests). */
    release() {
      for (const res of hanging) send(res, 200, { statusCode: 200 });
      hanging.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;

/**
 * The transaction callback Paymob would post for an order (its order id, our special reference), HMAC-signed with
 * the merchant's secret; `obj` overrides any field before signing.
 */
export function paymobCallback(
  order: { orderId: string; merchantRef: string; amountPiastres: number },
  obj: Partial<PaymobTransaction> = {},
) {
  const transaction: PaymobTransaction = {
    id: randomInt(100_000_000, 999_999_999),
    pending: false,
    amount_cents: order.amountPiastres,
    success: true,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: true,
    integration_id: 4097558,
    has_parent_transaction: false,
    order: { id: Number(order.orderId), merchant_order_id: order.merchantRef },
    created_at: '2025-03-06T10:00:00.000000',
    currency: 'EGP',
    source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
    error_occured: false,
    owner: 302852,
    ...obj,
  };
  return {
    hmac: transactionHmac(FAKE_PAYMOB.hmacSecret, transaction),
    body: { type: 'TRANSACTION', obj: transaction },
  };
}

/** The environment that points the real adapters at the fake server. */
export const fakeProvidersEnv = (fake: FakeProviders) => ({
  FAWRY_BASE_URL: fake.url,
  FAWRY_MERCHANT_CODE: FAKE_FAWRY.merchantCode,
  FAWRY_SECURE_KEY: FAKE_FAWRY.secureKey,
  PAYMOB_BASE_URL: `${fake.url}/paymob`,
  PAYMOB_SECRET_KEY: FAKE_PAYMOB.secretKey,
  PAYMOB_PUBLIC_KEY: FAKE_PAYMOB.publicKey,
  PAYMOB_HMAC_SECRET: FAKE_PAYMOB.hmacSecret,
  PAYMOB_INTEGRATION_IDS: '4097558,4097559',
});
