import { z } from 'zod';
import { westernDigits } from '../common/digits.ts';
import { MS_PER_MINUTE } from '../common/time.ts';

/** One-time code rules of DESIGN §4; admins may tune the limits through platform settings. */
export const CODE_LENGTH = 5;
export const CODE_TTL_MINUTES = 10;
export const MAX_WRONG_TRIES = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_CODES_PER_HOUR = 5;

export const VERIFICATION_CODE_PATTERN = /^\d{5}$/;
export const VerificationCode = z
  .string()
  .trim()
  .overwrite(westernDigits)
  .regex(VERIFICATION_CODE_PATTERN, 'verification-code-format');

/** Expired once `ttlMinutes` have fully passed since it was issued. */
export const isCodeExpired = (issuedAtMs: number, nowMs: number, ttlMinutes = CODE_TTL_MINUTES): boolean =>
  nowMs >= issuedAtMs + ttlMinutes * MS_PER_MINUTE;

/** Seconds left before another code may be sent; 0 when sending is allowed now. */
export function resendWaitSeconds(lastSentAtMs: number, nowMs: number, cooldownSeconds = RESEND_COOLDOWN_SECONDS) {
  return Math.max(0, Math.ceil((lastSentAtMs + cooldownSeconds * 1000 - nowMs) / 1000));
}

/** A code is locked after its allowed wrong tries, even if still within its lifetime. */
export const isCodeLocked = (wrongTries: number, maxWrongTries = MAX_WRONG_TRIES): boolean =>
  wrongTries >= maxWrongTries;
