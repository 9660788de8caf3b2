import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PAYMOB, type FakeProviders, startFakeProviders } from '../../../test/fake-providers.ts';
import {
  cardTokenHmac,
  createPaymobGateway,
  type PaymobTransaction,
  paymobStatusOf,
  transactionHmac,
  transactionHmacMessage,
  verifyPaymobCallback,
} from './paymob.adapter.ts';

// providers.md §2.6: xdot-paymob's test secret and vectors.
const SECRET = '97A5B79200124C9E94E9D73763265D20';

const libTransaction: PaymobTransaction = {
  id: 11113222,
  pending: false,
  amount_cents: 50000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 1111,
  has_parent_transaction: false,
  order: { id: 11112345, merchant_order_id: 'DRS20250306ABCDEF' },
  created_at: '2021-08-02T15:45:26.988117',
  currency: 'EGP',
  source_data: { pan: '1234', type: 'card', sub_type: 'MasterCard' },
  error_occured: false,
  owner: 1188,
};

/** The docs' example transaction (providers.md §2.3), parsed from its concatenated string. */
const docsTransaction: PaymobTransaction = {
  ...libTransaction,
  id: 192036465,
  amount_cents: 100000,
  integration_id: 4097558,
  order: { id: 217503754, merchant_order_id: 'DRS20250306DOCS' },
  created_at: '2024-06-13T11:33:44.592345',
  owner: 302852,
  source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
};

describe('Paymob HMAC reproduces the vectors', () => {
  it('[LIB✓] transaction callback', () => {
    expect(transactionHmacMessage(libTransaction)).toBe(
      '500002021-08-02T15:45:26.988117EGPfalsefalse111132221111truefalsefalsefalsetruefalse111123451188false1234MasterCardcardtrue',
    );
    expect(transactionHmac(SECRET, libTransaction)).toBe(
      '62a79c8d174f39d114ded8ad4885af25889b53deeae91d2ff6ddb7202188043e4c492686ce0780c91afc3fd4beb7728d95d7afb64dafa0d522ccacb760cbb950',
    );
  });

  it('[LIB✓] the same HMAC with amount_cents tampered to 90000 is rejected', () => {
    const hmac = transactionHmac(SECRET, libTransaction);
    const tampered = { type: 'TRANSACTION', obj: { ...libTransaction, amount_cents: 90000 } };
    expect(() => verifyPaymobCallback(SECRET, hmac, tampered)).toThrow('invalid-signature');
    expect(verifyPaymobCallback(SECRET, hmac, { type: 'TRANSACTION', obj: libTransaction })).toMatchObject({
      merchantRef: 'DRS20250306ABCDEF',
      status: 'paid',
      amountPiastres: 50000,
    });
  });

  it('[LIB✓] card token callback', () => {
    const token = {
      card_subtype: 'Visa',
      created_at: '2021-08-04T22:57:48.155912',
      email: 'mahmoud@xshaheen.com',
      id: 111999,
      masked_pan: 'xxxx-xxxx-xxxx-1234',
      merchant_id: 1112235,
      order_id: 11111231,
      token: '12ast1f6305b97f7c40f3fffffb699f5452b50881b36b1',
    };
    const hmac = cardTokenHmac(SECRET, token);
    expect(hmac).toBe(
      'af87151d34e0db8855150ea0ce27895601316a72f4d8298d589944d74ccdc3158e93eb9892aaad9693961655793a6cd4498def045a2990f1caf9a39742a0d4c8',
    );
    expect(verifyPaymobCallback(SECRET, hmac, { type: 'TOKEN', obj: token })).toBeNull();
    expect(() => verifyPaymobCallback(SECRET, hmac, { type: 'TOKEN', obj: { ...token, email: 'x@y.z' } })).toThrow(
      'invalid-signature',
    );
  });

  it('[DERIVED] the docs example string with the test secret', () => {
    expect(transactionHmacMessage(docsTransaction)).toBe(
      '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue',
    );
    expect(transactionHmac(SECRET, docsTransaction)).toBe(
      'c1829d51df70cf24fddf78476e3088984f5f3189916d430b8a8ee9165e685c3b594fa781caaf021c8de0b30991cc9f9699949276eeb361d9975996e35db32d31',
    );
    const direct = createHmac('sha512', SECRET).update(transactionHmacMessage(docsTransaction)).digest('hex');
    expect(direct).toBe(transactionHmac(SECRET, docsTransaction));
  });
});

describe('Paymob statuses', () => {
  it('maps success, pending, decline, void and refund', () => {
    expect(paymobStatusOf(libTransaction)).toBe('paid');
    expect(paymobStatusOf({ ...libTransaction, pending: true, success: false })).toBe('new');
    expect(paymobStatusOf({ ...libTransaction, success: false })).toBe('failed');
    expect(paymobStatusOf({ ...libTransaction, is_voided: true })).toBe('refunded');
    expect(paymobStatusOf({ ...libTransaction, is_refunded: true })).toBe('refunded');
  });

  it('reports a refund child transaction with the refunded amount and no order amount', () => {
    const child = { ...libTransaction, has_parent_transaction: true, is_refunded: true, refunded_amount_cents: 20000 };
    const report = verifyPaymobCallback(SECRET, transactionHmac(SECRET, child), { type: 'TRANSACTION', obj: child });
    expect(report).toMatchObject({ status: 'refunded', refundedPiastres: 20000, amountPiastres: null });
  });

  it('[400 bad-request] for a transaction callback without our reference or in another shape', () => {
    const noRef = { ...libTransaction, order: { id: 1 } };
    expect(() =>
      verifyPaymobCallback(SECRET, transactionHmac(SECRET, noRef), { type: 'TRANSACTION', obj: noRef }),
    ).toThrow('bad-request');
    expect(() => verifyPaymobCallback(SECRET, 'a'.repeat(128), { type: 'TRANSACTION', obj: { id: 1 } })).toThrow(
      'bad-request',
    );
  });
});

describe('Paymob adapter against a server answering in Paymob formats', () => {
  let fake: FakeProviders;
  beforeAll(async () => {
    fake = await startFakeProviders();
  });
  afterAll(() => fake.close());

  const gateway = (secretKey = FAKE_PAYMOB.secretKey) =>
    createPaymobGateway({
      baseUrl: `${fake.url}/paymob`,
      secretKey,
      publicKey: FAKE_PAYMOB.publicKey,
      hmacSecret: FAKE_PAYMOB.hmacSecret,
      integrationIds: [4097558],
      now: () => new Date('2025-03-06T10:00:00Z'),
    });
  const order = {
    merchantRef: 'DRS20250306PAYMOB1',
    amountPiastres: 80_000,
    customer: { id: 42, name: 'Sara Ali Hassan', email: 'sara@example.com', phone: null },
    description: 'درسك — 120 دقيقة أسبوعيًا',
    itemId: 'plan-1-month',
    expiresAt: new Date('2025-03-06T11:00:00Z'),
  };

  it('creates an intention and builds the unified checkout URL', async () => {
    const checkout = await gateway().createCheckout(order, {
      notificationUrl: 'https://darsak.example/api/v1/paymob/callback',
      redirectionUrl: 'https://darsak.example/checkout/1/month',
    });
    const url = new URL(checkout.url);
    expect(url.pathname).toBe('/paymob/unifiedcheckout/');
    expect(url.searchParams.get('publicKey')).toBe(FAKE_PAYMOB.publicKey);
    expect(url.searchParams.get('clientSecret')).toMatch(/^egy_csk_test_/);
    expect(checkout.orderId).toMatch(/^\d+$/);
    const sent = fake.requests.at(-1);
    expect(sent?.headers.authorization).toBe(`Token ${FAKE_PAYMOB.secretKey}`);
    expect(sent?.body).toMatchObject({
      amount: 80_000,
      currency: 'EGP',
      payment_methods: [4097558],
      items: [{ amount: 80_000, quantity: 1 }],
      billing_data: { first_name: 'Sara', last_name: 'Ali Hassan', phone_number: 'NA' },
      special_reference: order.merchantRef,
      expiration: 3600,
      notification_url: 'https://darsak.example/api/v1/paymob/callback',
    });
  });

  it('refuses with the provider detail for a wrong key', async () => {
    await expect(
      gateway('wrong').createCheckout(order, { notificationUrl: 'x', redirectionUrl: 'y' }),
    ).rejects.toMatchObject({ kind: 'refused', message: 'paymob refused: Invalid token.' });
  });

  it('refunds by Paymob transaction id', async () => {
    await gateway().refund({ transactionId: '192036465', amountPiastres: 20_000 });
    expect(fake.paymobRefunds.at(-1)).toEqual({ transaction_id: 192036465, amount_cents: 20_000 });
  });
});
