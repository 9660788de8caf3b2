import { z } from 'zod';
import { westernDigits } from '../common/digits.ts';
import { ArabicProseText, ArabicTwoPartNameText, NameText } from '../common/text.ts';
import { EGYPTIAN_MOBILE_PATTERN } from './phone.ts';
import { birthYearBounds, isBirthYearAllowed } from './users.enums.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 300;
export const ABOUT_MAX_LENGTH = 2000;
export const ARABIC_TEXT_MIN_LENGTH = 5;

export const EMAIL_PATTERN = /^[\w.+-]+@(?:[a-z0-9-]+\.)+[a-z]{2,4}$/;
export const INSTAPAY_ADDRESS_PATTERN = /^\w+@instapay$/;

/** Spec §5. Any letter counts, so an Arabic-keyboard password is not told it lacks one. */
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password-length')
  .max(PASSWORD_MAX_LENGTH, 'password-length')
  .regex(/^\S*$/, 'password-no-spaces')
  .regex(/\d/, 'password-needs-digit')
  .regex(/\p{L}/u, 'password-needs-letter');

/** Trimmed and lower-cased first, so the same address always finds the same account. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'email-invalid')
  .regex(EMAIL_PATTERN, 'email-invalid');

export const EgyptianMobile = z
  .string()
  .trim()
  .overwrite(westernDigits)
  .regex(EGYPTIAN_MOBILE_PATTERN, 'phone-invalid');

export const InstapayAddress = z.string().trim().toLowerCase().regex(INSTAPAY_ADDRESS_PATTERN, 'instapay-invalid');

export const PersonName = NameText.min(NAME_MIN_LENGTH, 'name-length').max(NAME_MAX_LENGTH, 'name-length');

/** Tutor names: Arabic, two parts or more (`api-invalid-user-name` on the server). */
export const ArabicTwoPartName = ArabicTwoPartNameText.max(NAME_MAX_LENGTH, 'name-length');

/** Arabic bio or about text. */
export const ArabicText = ArabicProseText.max(ABOUT_MAX_LENGTH, 'text-too-long');
export const TutorBio = ArabicProseText.max(BIO_MAX_LENGTH, 'text-too-long');
export const TutorAbout = ArabicText;

/** A birth year valid against the given current year (injected clock in tests and services). */
export const birthYearSchema = (currentYear: number) => {
  const { min, max } = birthYearBounds(currentYear);
  return z.number().int('birth-year-range').min(min, 'birth-year-range').max(max, 'birth-year-range');
};

/** A birth year checked against the year at parse time, so a long-running process never goes stale. */
export const BirthYear = z
  .number()
  .int('birth-year-range')
  .refine((year) => isBirthYearAllowed(year, new Date().getUTCFullYear()), 'birth-year-range');

export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/** Confirm-password refinement: `z.object({password, confirmPassword}).superRefine(passwordsMatch)`. */
export function passwordsMatch<T extends PasswordPair>(data: T, ctx: z.RefinementCtx<T>): void {
  if (data.password !== data.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: 'passwords-mismatch', path: ['confirmPassword'] });
  }
}

export const PasswordWithConfirmation = z
  .object({ password: Password, confirmPassword: z.string() })
  .superRefine(passwordsMatch);
