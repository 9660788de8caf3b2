import { westernDigits } from '../common/digits.ts';

/** An Egyptian mobile number, national format: 01 then 0, 1, 2 or 5, then 8 digits. */
export const EGYPTIAN_MOBILE_PATTERN = /^01[0125]\d{8}$/;

/**
 * A typed mobile number as `EgyptianMobile` accepts it (trimmed, Arabic-Indic digits made Western), or null: the
 * schema's rule for a form that checks it without loading zod (the checkout's wallet phone).
 */
export function egyptianMobileOf(text: string): string | null {
  const phone = westernDigits(text.trim());
  return EGYPTIAN_MOBILE_PATTERN.test(phone) ? phone : null;
}
