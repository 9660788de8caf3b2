/** The data model's code rule; codes are matched without regard to case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/**
 * A typed coupon code as `CouponCode` accepts it (trimmed), or null: the schema's rule for the checkout's coupon
 * field, which checks it without loading zod.
 */
export function couponCodeOf(text: string): string | null {
  const code = text.trim();
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}
