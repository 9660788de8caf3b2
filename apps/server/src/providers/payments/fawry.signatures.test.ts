import { describe, expect, it } from 'vitest';
import {
  cancelUnpaidSignature,
  card3dsChargeSignature,
  cardTokenChargeSignature,
  deleteTokenSignature,
  fawryAmount,
  installmentChargeSignature,
  listTokensSignature,
  notificationSignature,
  referenceChargeSignature,
  refundSignature,
  sameDigest,
  statusSignature,
  walletChargeSignature,
} from './fawry.signatures.ts';

// providers.md §1.11: the fawry-api/fawry gem's credentials, and Fawry's docs demo credentials.
const keys = { merchantCode: 'merchant_code', secureKey: 'fawry_secure_key' };
const demo = { merchantCode: '1tSa6uxz2nTwlaAmt38enA==', secureKey: '259af31fc2f74453b3a55739b21ae9ef' };

describe('Fawry signatures reproduce the library vectors [LIB✓]', () => {
  it('charge PAYATFAWRY', () => {
    const signature = referenceChargeSignature(keys, {
      merchantRefNum: 'io5jxf3jp27kfh8m719arcqgw7izo7db',
      customerProfileId: 'ocvsydvbu2gcp528wvl64i9z5srdalg5',
      amount: fawryAmount(20.5),
    });
    expect(signature).toBe('68a1ff1e7189137f1b3c98784399b3adc49bd644d159593a8ed2fc70a810bd7b');
  });

  it('refund', () => {
    expect(refundSignature(keys, { referenceNumber: '931337410', refundAmount: fawryAmount(20.5) })).toBe(
      '3ddbaf9457ed9b5f6e048e1775ff7eaccd477070e31cf28a90d879e8f9689323',
    );
  });

  it('payment status', () => {
    expect(statusSignature(keys, 'io5jxf3jp27kfh8m719arcqgw7izo7db')).toBe(
      '7ce8b004c8f18391c273d94c7b3adde7bfa85466104d61c238a27d64fed0d99a',
    );
  });

  it('list and delete card tokens', () => {
    expect(listTokensSignature(keys, 'customer_profile_id')).toBe(
      'a05d6e98f405c5207e623f9f336f1ab0fa88af82008faeacfd4dcf89d35b022b',
    );
    expect(deleteTokenSignature(keys, 'customer_profile_id', 'card_token')).toBe(
      'dceabc10e46a4093b5fec54d782d9049e04080fdde3fa6a5bbf5455303491c2c',
    );
  });

  // The gem's callback fixture carries merchantRefNumber '9708f1cea8b5426cb57922df51b7f790' but hashes "".
  it('notification V2, the gem computing it with an empty merchant reference', () => {
    const notification = {
      fawryRefNumber: '970177',
      merchantRefNumber: '',
      paymentAmount: 152,
      orderAmount: 150,
      orderStatus: 'NEW',
      paymentMethod: 'PAYATFAWRY',
      paymentRefrenceNumber: '',
    };
    expect(notificationSignature('fawry_secure_key', notification)).toBe(
      'b0175565323e464b01dc9407160368af5568196997fb6e379374a4f4fbbcf587',
    );
  });
});

describe('Fawry signatures reproduce the derived vectors [DERIVED]', () => {
  it('notification V2 with the merchant reference, as the docs say', () => {
    const notification = {
      fawryRefNumber: 970177,
      merchantRefNumber: '9708f1cea8b5426cb57922df51b7f790',
      paymentAmount: 152.0,
      orderAmount: 150.0,
      orderStatus: 'NEW',
      paymentMethod: 'PAYATFAWRY',
      paymentRefrenceNumber: null,
    };
    expect(notificationSignature('fawry_secure_key', notification)).toBe(
      'b8a6a2c80a4af71d531df07177a83cad18e0f7570bfd7351f5f56388d0bfe4e8',
    );
  });

  it('status and token list with the docs demo credentials', () => {
    expect(statusSignature(demo, '23124654641')).toBe(
      '3733ce7536d69e4b705d6239846303a27fe1951f648a7d2dda830c862a918316',
    );
    expect(listTokensSignature(demo, '777777')).toBe(
      '44616f4b7830c1c88a4efd8cc8ed8f97adffaf5740e13192a449f2bb9d369967',
    );
  });

  it('reference number with and without a customer profile', () => {
    expect(referenceChargeSignature(keys, { merchantRefNum: '1001', customerProfileId: '', amount: '150.00' })).toBe(
      'd2d60c687a3903009938a9d9ffffaceaccc2cbedda190d8dc0f28596ba5e4f87',
    );
    expect(referenceChargeSignature(keys, { merchantRefNum: '1001', customerProfileId: '42', amount: '150.00' })).toBe(
      '1d8120a0971e23c431c84d73af49c1ee15c3460ec3effd0c058c080aa534911b',
    );
  });

  it('wallet by QR and by request to the phone', () => {
    const order = { merchantRefNum: '1002', customerProfileId: '42', amount: '150.00' };
    expect(walletChargeSignature(keys, order)).toBe('fb8cbf2c8e2ad0719f2ddb0fa6abc3a2f588e7e49b341ac5ae302ec066f9e6e6');
    expect(walletChargeSignature(keys, { ...order, debitMobileWalletNo: '01012345678' })).toBe(
      'fb2c57e40f8c781c79f4be7748f14106b18911b0e264487afd346c1158a9a6a2',
    );
  });

  it('card token with and without 3-D Secure, and bank instalments', () => {
    const order = { merchantRefNum: '1003', customerProfileId: '42', amount: '150.00', cardToken: 'tok_abc' };
    expect(card3dsChargeSignature(keys, { ...order, cvv: '123', returnUrl: 'https://example.com/return' })).toBe(
      '7605f53ede3b8a10c68e19b70fd1849e7ee2cfc48012722a38d30fcd38903a03',
    );
    expect(cardTokenChargeSignature(keys, order)).toBe(
      'edfeb77a33327e99a3308caec840f5cbb4b1ba77dc0abe0fe6b0532951887e2b',
    );
    const instalments = { ...order, merchantRefNum: '1004', cvv: '123', installmentPlanId: '7' };
    expect(installmentChargeSignature(keys, instalments)).toBe(
      '375018054f6998c5b4b24d87698ac7f7c60bd16575aec1f63daa41e39ca9035f',
    );
  });

  it('cancel unpaid order and refund with a reason', () => {
    expect(cancelUnpaidSignature(keys, { orderRefNo: '931337410', lang: 'ar-eg' })).toBe(
      'fa78f70cc9f9346b8596dd07361d127bb7bdae4ae45c337a8b907c4764193fd5',
    );
    expect(refundSignature(keys, { referenceNumber: '931337410', refundAmount: '20.50', reason: 'duplicate' })).toBe(
      'a8da8ce639f912c773053df3bbbdce3b5c2814c1a4b61ab94b0ef215ab6314f6',
    );
  });
});

describe('amounts and comparison', () => {
  it('writes amounts with two decimals', () => {
    expect(fawryAmount(840.0)).toBe('840.00');
    expect(fawryAmount(20.5)).toBe('20.50');
    expect(fawryAmount(1.005)).toBe('1.01');
    expect(fawryAmount(0)).toBe('0.00');
  });

  it('compares digests without regard to case, refusing other lengths', () => {
    expect(sameDigest('abc123', 'ABC123')).toBe(true);
    expect(sameDigest('abc123', 'abc124')).toBe(false);
    expect(sameDigest('abc123', 'abc12')).toBe(false);
  });
});
