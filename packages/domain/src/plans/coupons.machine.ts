import { AppError } from '../errors/app-error.ts';
import { InviteStatus } from '../invites/invites.enums.ts';

/** A coupon's status uses the spec's invite/coupon numbers: pending 1, rejected 2, approved 3. */
export const CouponStatus = InviteStatus;
export type CouponStatus = InviteStatus;

const C = CouponStatus;

/**
 * The whole transition table of a coupon; anything absent is illegal. Pending is a coupon prepared but not
 * offered; approved is offered (the only status a checkout accepts); rejected is refused or stopped, for good:
 * checkouts already priced with it keep the use they hold, and its code stays taken, so it is never re-offered.
 */
export const COUPON_TRANSITIONS: Record<CouponStatus, readonly CouponStatus[]> = {
  [C.pending]: [C.approved, C.rejected],
  [C.approved]: [C.rejected],
  [C.rejected]: [],
};

/** A new coupon is prepared or offered at once; creating it rejected would be a code taken for nothing. */
export const COUPON_INITIAL_STATUSES: readonly CouponStatus[] = [C.approved, C.pending];

/** Whether staff may set `to` on a coupon in `from`: keeping the status is always allowed. */
export const canMoveCoupon = (from: CouponStatus, to: CouponStatus): boolean =>
  from === to || COUPON_TRANSITIONS[from].includes(to);

/** `to`, or `illegal` (400) when the table does not allow it; `from` null is a coupon being created. */
export function nextCouponStatus(from: CouponStatus | null, to: CouponStatus): CouponStatus {
  const allowed = from === null ? COUPON_INITIAL_STATUSES.includes(to) : canMoveCoupon(from, to);
  if (!allowed) throw new AppError('illegal', { from, to });
  return to;
}

/** The statuses an admin may choose for a coupon in `from` (null: a new one), the current one first. */
export const couponStatusChoices = (from: CouponStatus | null): readonly CouponStatus[] =>
  from === null ? COUPON_INITIAL_STATUSES : [from, ...COUPON_TRANSITIONS[from]];

/** Only an approved coupon prices a checkout. */
export const isCouponOffered = (status: CouponStatus): boolean => status === C.approved;
