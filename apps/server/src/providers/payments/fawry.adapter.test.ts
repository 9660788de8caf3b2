import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_FAWRY, type FakeProviders, startFakeProviders } from '../../../test/fake-providers.ts';
import { createFawryGateway, fawryStatusOf } from './fawry.adapter.ts';
import { notificationSignature } from './fawry.signatures.ts';
import type { PaymentOrder } from './payment-gateway.ts';
import { ProviderError } from './payment-gateway.ts';

let fake: FakeProviders;
let refs = 0;

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.state.charge = 'pending';
  fake.state.status = 'ok';
});

const gateway = (timeoutMs = 2_000) =>
  createFawryGateway({
    ...FAKE_FAWRY,
    baseUrl: fake.url,
    webhookUrl: 'https://darsak.example/api/v1/fawry/callback',
    timeoutMs,
  });

const order = (amountPiastres = 80_000): PaymentOrder => {
  refs += 1;
  return {
    merchantRef: `TEST${Date.now()}${refs}`,
    amountPiastres,
    customer: { id: 42, name: 'Sara Ali', email: 'sara@example.com', phone: '01012345678' },
    description: 'درسك — 120 دقيقة أسبوعيًا',
    itemId: 'plan-1-month',
    expiresAt: new Date(Date.now() + 3_600_000),
  };
};
const card = { token: 'tok_abc', cvv: '123', returnUrl: 'https://darsak.example/checkout/1/month?transactionId=1' };
const lastRequest = () => fake.requests[fake.requests.length - 1];

describe('Fawry adapter against a server answering in Fawry formats', () => {
  it('gets a PayAtFawry reference number with a signed charge (amount as a number, expiry in ms)', async () => {
    const o = order(2_050);
    const result = await gateway().payByReference(o);
    expect(result).toMatchObject({ status: 'new', redirectUrl: null });
    expect(result.referenceNumber).toMatch(/^\d{9}$/);
    expect(result.expiresAt?.getTime()).toBe(o.expiresAt.getTime());
    const sent = lastRequest()?.body as Record<string, unknown>;
    expect(lastRequest()?.path).toBe('/ECommerceWeb/Fawry/payments/charge');
    expect(sent).toMatchObject({
      merchantCode: FAKE_FAWRY.merchantCode,
      merchantRefNum: o.merchantRef,
      customerProfileId: '42',
      paymentMethod: 'PAYATFAWRY',
      amount: 20.5,
      currencyCode: 'EGP',
      paymentExpiry: o.expiresAt.getTime(),
      orderWebHookUrl: 'https://darsak.example/api/v1/fawry/callback',
    });
  });

  it('charges a saved card with 3-D Secure and passes on the redirect', async () => {
    const result = await gateway().payByCard(order(), card);
    expect(result.status).toBe('new');
    expect(result.redirectUrl).toMatch(/^https:\/\/bank\.example\/3ds\//);
    expect(lastRequest()?.body).toMatchObject({
      paymentMethod: 'CARD',
      cardToken: 'tok_abc',
      enable3DS: true,
      cvv: '123',
    });
  });

  it('reads an immediate PAID answer (no challenge) as paid', async () => {
    fake.state.charge = 'paid';
    expect((await gateway().payByCard(order(), card)).status).toBe('paid');
  });

  it('sends wallet charges to /api/payments/charge with the wallet number', async () => {
    const result = await gateway().payByWallet(order(), '01012345678');
    expect(lastRequest()?.path).toBe('/ECommerceWeb/api/payments/charge');
    expect(lastRequest()?.body).toMatchObject({ paymentMethod: 'MWALLET', debitMobileWalletNo: '01012345678' });
    expect(result.status).toBe('new');
  });

  it('finds the bank instalment plan for an amount and charges with it', async () => {
    const g = gateway();
    expect(await g.installmentPlanFor(100_000, 3)).toBe('7');
    expect(await g.installmentPlanFor(10_000, 3)).toBeNull(); // 100 EGP is under the plan's minimum
    expect(await g.installmentPlanFor(100_000, 12)).toBeNull();
    const result = await g.payByInstallments(order(100_000), card, '7');
    expect(result.referenceNumber).toBeTruthy();
    expect(lastRequest()?.body).toMatchObject({ installmentPlanId: '7', paymentMethod: 'CARD' });
  });

  it('reads the payment status V2, checking its signature, with the query sent un-encoded', async () => {
    const g = gateway();
    const o = order();
    await g.payByReference(o);
    const pending = await g.status(o.merchantRef);
    expect(pending).toMatchObject({ merchantRef: o.merchantRef, status: 'new', amountPiastres: 80_000 });
    expect(lastRequest()?.query).toContain(`merchantCode=${FAKE_FAWRY.merchantCode}&`);
    fake.notify(o.merchantRef, 'PAID');
    expect((await g.status(o.merchantRef)).status).toBe('paid');
  });

  it('refunds in part and in full, and refuses more than was paid', async () => {
    const g = gateway();
    fake.state.charge = 'paid';
    const o = order(10_000);
    const { referenceNumber } = await g.payByReference(o);
    if (!referenceNumber) throw new Error('no reference');
    await g.refund({ referenceNumber, amountPiastres: 4_000, reason: 'duplicate' });
    expect(fake.order(o.merchantRef)?.orderStatus).toBe('PARTIAL_REFUNDED');
    await expect(g.refund({ referenceNumber, amountPiastres: 7_000, reason: null })).rejects.toMatchObject({
      kind: 'refused',
      details: { statusCode: 9935 },
    });
    await g.refund({ referenceNumber, amountPiastres: 6_000, reason: null });
    expect(fake.order(o.merchantRef)?.orderStatus).toBe('REFUNDED');
  });

  it('cancels an unpaid order, and is refused for a paid one', async () => {
    const g = gateway();
    const o = order();
    const { referenceNumber } = await g.payByReference(o);
    if (!referenceNumber) throw new Error('no reference');
    await g.cancelUnpaid(referenceNumber);
    expect(fake.order(o.merchantRef)?.orderStatus).toBe('CANCELED');
    await expect(g.cancelUnpaid(referenceNumber)).rejects.toBeInstanceOf(ProviderError);
  });

  it('lists and deletes card tokens (delete by query string)', async () => {
    const g = gateway();
    const saved = fake.addCard('77', '1111');
    expect(await g.listCards('77')).toEqual([{ token: saved.token, lastFour: '1111', brand: 'Visa' }]);
    await g.deleteCard('77', saved.token);
    expect(lastRequest()?.method).toBe('DELETE');
    expect(await g.listCards('77')).toEqual([]);
    await expect(g.deleteCard('77', saved.token)).rejects.toMatchObject({ kind: 'refused' });
  });

  it('builds the hosted card page address', () => {
    const url = new URL(
      gateway().cardTokenUrl({ customerProfileId: '42', returnUrl: 'https://darsak.example/card-added' }),
    );
    expect(url.pathname).toBe('/atfawry/plugin/card-token');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accNo: FAKE_FAWRY.merchantCode,
      customerProfileId: '42',
      returnUrl: 'https://darsak.example/card-added',
      locale: 'ar',
    });
  });

  it('turns error codes into refusals and silence or 5xx into unavailability', async () => {
    fake.state.charge = 'decline';
    await expect(gateway().payByReference(order())).rejects.toMatchObject({
      kind: 'refused',
      details: { statusCode: 99951 },
    });
    fake.state.charge = 'error500';
    await expect(gateway().payByReference(order())).rejects.toMatchObject({ kind: 'unavailable' });
    fake.state.charge = 'hang';
    await expect(gateway(200).payByReference(order())).rejects.toMatchObject({ kind: 'unavailable' });
    fake.release();
    const wrongKey = createFawryGateway({ ...FAKE_FAWRY, secureKey: 'wrong', baseUrl: fake.url, webhookUrl: 'x' });
    fake.state.charge = 'pending';
    await expect(wrongKey.payByReference(order())).rejects.toMatchObject({
      kind: 'refused',
      details: { statusCode: 9946 },
    });
  });

  it('verifies notifications V2 and refuses a wrong signature or a tampered amount', () => {
    const g = gateway();
    const fields = {
      fawryRefNumber: '931337410',
      merchantRefNumber: 'DRS1',
      paymentAmount: 840.0,
      orderAmount: 840.0,
      orderStatus: 'PAID',
      paymentMethod: 'Mobile Wallet',
      paymentRefrenceNumber: '',
    };
    const body = { ...fields, messageSignature: notificationSignature(FAKE_FAWRY.secureKey, fields) };
    expect(g.verifyNotification(body)).toMatchObject({ merchantRef: 'DRS1', status: 'paid', amountPiastres: 84_000 });
    expect(() => g.verifyNotification({ ...body, orderAmount: 1 })).toThrow('invalid-signature');
    expect(() => g.verifyNotification({ ...body, messageSignature: 'a'.repeat(64) })).toThrow('invalid-signature');
  });

  it('maps every documented order status, both spellings of cancelled', () => {
    expect(
      ['NEW', 'UNPAID', 'PAID', 'CANCELED', 'CANCELLED', 'REFUNDED', 'PARTIAL_REFUNDED', 'EXPIRED', 'FAILED'].map(
        fawryStatusOf,
      ),
    ).toEqual(['new', 'new', 'paid', 'canceled', 'canceled', 'refunded', 'partialRefunded', 'expired', 'failed']);
    expect(() => fawryStatusOf('SOMETHING')).toThrow(ProviderError);
  });
});
