import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import {
  CouponStatus,
  canMoveCoupon,
  couponStatusChoices,
  isCouponOffered,
  nextCouponStatus,
} from './coupons.machine.ts';

const C = CouponStatus;
const STATUSES = Object.values(CouponStatus);

/** Every allowed (from, to) pair, written out; `new` is a coupon being created. */
const ALLOWED = new Set(['new>1', 'new>3', '1>1', '1>2', '1>3', '2>2', '3>2', '3>3']);

const illegal = (from: CouponStatus | null, to: CouponStatus) => {
  try {
    nextCouponStatus(from, to);
  } catch (error) {
    return error instanceof AppError ? [error.code, error.status, error.details] : error;
  }
  return 'allowed';
};

describe('coupon machine', () => {
  for (const from of [null, ...STATUSES]) {
    for (const to of STATUSES) {
      const allowed = ALLOWED.has(`${from ?? 'new'}>${to}`);
      it(`${from ?? 'new'} → ${to}: ${allowed ? 'allowed' : 'illegal'}`, () => {
        if (from !== null) expect(canMoveCoupon(from, to)).toBe(allowed);
        expect(illegal(from, to)).toEqual(allowed ? 'allowed' : ['illegal', 400, { from, to }]);
      });
    }
  }

  it('offers the admin the current status and where it may go, and prices checkouts only when approved', () => {
    expect(couponStatusChoices(null)).toEqual([C.approved, C.pending]);
    expect(couponStatusChoices(C.pending)).toEqual([C.pending, C.approved, C.rejected]);
    expect(couponStatusChoices(C.approved)).toEqual([C.approved, C.rejected]);
    expect(couponStatusChoices(C.rejected)).toEqual([C.rejected]);
    expect(STATUSES.filter(isCouponOffered)).toEqual([C.approved]);
  });
});
