import { createHmac } from 'node:crypto';
import { CURRENCY } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { z } from 'zod';
import { sameDigest } from './fawry.signatures.ts';
import {
  callProvider,
  type PaymobGateway,
  ProviderError,
  type ProviderStatus,
  type StatusReport,
} from './payment-gateway.ts';

export interface PaymobOptions {
  /** `https://accept.paymob.com` for test and live alike (the keys decide the mode). */
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  /** Integration ids of the payment methods the hosted checkout offers (card, wallet…). */
  integrationIds: number[];
  timeoutMs?: number;
  /** The intention's lifetime is counted from now. */
  now?: () => Date;
}

const hmacSha512 = (secret: string, message: string) =>
  createHmac('sha512', secret).update(message, 'utf8').digest('hex');

/** Booleans lowercase, numbers plain, strings as received, absent values as "" (providers.md §2.3). */
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export const PaymobTransaction = z.looseObject({
  id: z.union([z.number(), z.string()]),
  pending: z.boolean(),
  amount_cents: z.number().int(),
  success: z.boolean(),
  is_auth: z.boolean(),
  is_capture: z.boolean(),
  is_standalone_payment: z.boolean(),
  is_voided: z.boolean(),
  is_refunded: z.boolean(),
  is_3d_secure: z.boolean(),
  integration_id: z.union([z.number(), z.string()]),
  has_parent_transaction: z.boolean(),
  order: z.looseObject({ id: z.union([z.number(), z.string()]), merchant_order_id: z.string().nullish() }),
  created_at: z.string(),
  currency: z.string(),
  source_data: z.looseObject({
    pan: z.unknown().optional(),
    type: z.unknown().optional(),
    sub_type: z.unknown().optional(),
  }),
  error_occured: z.boolean(),
  owner: z.union([z.number(), z.string()]),
  refunded_amount_cents: z.number().int().nullish(),
});
export type PaymobTransaction = z.infer<typeof PaymobTransaction>;

const PaymobCardToken = z.looseObject({
  id: z.union([z.number(), z.string()]),
  token: z.string(),
  masked_pan: z.string(),
  merchant_id: z.union([z.number(), z.string()]),
  card_subtype: z.string(),
  created_at: z.string(),
  email: z.string(),
  order_id: z.union([z.number(), z.string()]),
});

/** The 20 values of a transaction callback in Paymob's order, joined with no separator. */
export function transactionHmacMessage(obj: PaymobTransaction): string {
  return [
    obj.amount_cents,
    obj.created_at,
    obj.currency,
    obj.error_occured,
    obj.has_parent_transaction,
    obj.id,
    obj.integration_id,
    obj.is_3d_secure,
    obj.is_auth,
    obj.is_capture,
    obj.is_refunded,
    obj.is_standalone_payment,
    obj.is_voided,
    obj.order.id,
    obj.owner,
    obj.pending,
    obj.source_data.pan,
    obj.source_data.sub_type,
    obj.source_data.type,
    obj.success,
  ]
    .map(text)
    .join('');
}

export const transactionHmac = (secret: string, obj: PaymobTransaction): string =>
  hmacSha512(secret, transactionHmacMessage(obj));

/** providers.md §2.5: card_subtype + created_at + email + id + masked_pan + merchant_id + order_id + token. */
export function cardTokenHmac(secret: string, obj: z.infer<typeof PaymobCardToken>): string {
  const message = [obj.card_subtype, obj.created_at, obj.email, obj.id, obj.masked_pan, obj.merchant_id, obj.order_id]
    .map(text)
    .join('');
  return hmacSha512(secret, message + obj.token);
}

/** providers.md §2.3 suggested mapping; a void returns a card payment's money in full, as a refund does. */
export function paymobStatusOf(obj: PaymobTransaction): ProviderStatus {
  if (obj.is_voided || obj.is_refunded) return 'refunded';
  if (obj.pending) return 'new';
  return obj.success ? 'paid' : 'failed';
}

/** Verifies a callback with an HMAC secret (the real one, or the simulator's). */
export function verifyPaymobCallback(
  hmacSecret: string,
  hmac: string,
  body: { type: string; obj: Record<string, unknown> },
): StatusReport | null {
  const refuse = () => new AppError('invalid-signature', { provider: 'paymob', type: body.type });
  if (body.type === 'TOKEN') {
    const token = PaymobCardToken.safeParse(body.obj);
    if (!token.success || !sameDigest(cardTokenHmac(hmacSecret, token.data), hmac)) throw refuse();
    return null;
  }
  const parsed = PaymobTransaction.safeParse(body.obj);
  if (body.type !== 'TRANSACTION' || !parsed.success) {
    throw new AppError('bad-request', { fields: { obj: 'not-a-transaction' } });
  }
  const obj = parsed.data;
  if (!sameDigest(transactionHmac(hmacSecret, obj), hmac)) throw refuse();
  const merchantRef = obj.order.merchant_order_id;
  if (!merchantRef) throw new AppError('bad-request', { fields: { 'obj.order.merchant_order_id': 'required' } });
  const refunded = obj.is_voided
    ? obj.amount_cents
    : obj.is_refunded
      ? (obj.refunded_amount_cents ?? obj.amount_cents)
      : null;
  return {
    merchantRef,
    referenceNumber: String(obj.order.id),
    status: paymobStatusOf(obj),
    // A refund or void arrives as a child transaction whose amount is the refund's, not the order's.
    amountPiastres: obj.has_parent_transaction ? null : obj.amount_cents,
    refundedPiastres: refunded,
    currency: obj.currency,
    raw: body,
  };
}

const IntentionAnswer = z.looseObject({
  client_secret: z.string(),
  intention_order_id: z.union([z.number(), z.string()]),
});

/** The Intention API and refunds (providers.md §2.1); errors answer 4xx with a `detail`. */
export function createPaymobGateway(options: PaymobOptions): PaymobGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const headers = { authorization: `Token ${options.secretKey}` };
  const now = options.now ?? (() => new Date());

  async function call(path: string, body: unknown): Promise<unknown> {
    const answer = await callProvider('paymob', `${base}${path}`, { method: 'POST', body, headers, timeoutMs });
    if (answer.status >= 400) {
      const detail = (answer.body as { detail?: unknown } | null)?.detail;
      throw new ProviderError('paymob', 'refused', typeof detail === 'string' ? detail : `HTTP ${answer.status}`, {
        statusCode: answer.status,
        body: answer.body,
      });
    }
    return answer.body;
  }

  return {
    provider: 'paymob',

    async createCheckout(order, urls) {
      const [firstName = order.customer.name, ...rest] = order.customer.name.split(' ');
      const lastName = rest.join(' ') || firstName;
      const person = { first_name: firstName, last_name: lastName, email: order.customer.email };
      const body = await call('/v1/intention/', {
        amount: order.amountPiastres,
        currency: CURRENCY,
        payment_methods: options.integrationIds,
        items: [{ name: order.itemId, amount: order.amountPiastres, description: order.description, quantity: 1 }],
        billing_data: { ...person, phone_number: order.customer.phone ?? 'NA' },
        customer: person,
        special_reference: order.merchantRef,
        expiration: Math.max(60, Math.round((order.expiresAt.getTime() - now().getTime()) / 1000)),
        notification_url: urls.notificationUrl,
        redirection_url: urls.redirectionUrl,
        extras: { merchantRef: order.merchantRef },
      });
      const answer = IntentionAnswer.safeParse(body);
      if (!answer.success) throw new ProviderError('paymob', 'refused', 'unexpected intention answer', { body });
      const query = new URLSearchParams({ publicKey: options.publicKey, clientSecret: answer.data.client_secret });
      return { url: `${base}/unifiedcheckout/?${query}`, orderId: String(answer.data.intention_order_id), raw: body };
    },

    async refund({ transactionId, amountPiastres }) {
      // [UNCONFIRMED in providers.md] the refund endpoint with the secret key's Token scheme.
      await call('/api/acceptance/void_refund/refund', {
        transaction_id: Number(transactionId),
        amount_cents: amountPiastres,
      });
    },

    // The Intention API has no documented status query here; the HMAC-checked callback is the source.
    status: async () => null,

    verifyCallback: (hmac, body) => verifyPaymobCallback(options.hmacSecret, hmac, body),
  };
}
