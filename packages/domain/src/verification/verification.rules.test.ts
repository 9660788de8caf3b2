import { describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  CODE_TTL_MINUTES,
  isCodeExpired,
  isCodeLocked,
  MAX_CODES_PER_HOUR,
  MAX_WRONG_TRIES,
  RESEND_COOLDOWN_SECONDS,
  resendWaitSeconds,
  VerificationCode,
} from './verification.rules.ts';

describe('verification rules', () => {
  it('has the constants of DESIGN §4', () => {
    expect([CODE_LENGTH, CODE_TTL_MINUTES, MAX_WRONG_TRIES, RESEND_COOLDOWN_SECONDS, MAX_CODES_PER_HOUR]).toEqual([
      5, 10, 5, 60, 5,
    ]);
  });

  it('accepts exactly five digits, Arabic-Indic ones read as Western', () => {
    expect(VerificationCode.safeParse('12345').success).toBe(true);
    expect(VerificationCode.safeParse('00000').success).toBe(true);
    expect(VerificationCode.parse(' 12345 ')).toBe('12345');
    expect(VerificationCode.safeParse('1234').success).toBe(false);
    expect(VerificationCode.safeParse('123456').success).toBe(false);
    expect(VerificationCode.safeParse('1234a').success).toBe(false);
    expect(VerificationCode.parse('١٢٣٤٥')).toBe('12345');
    expect(VerificationCode.safeParse(12345).success).toBe(false);
    expect(VerificationCode.safeParse('1234').error?.issues[0]?.message).toBe('verification-code-format');
  });

  it('expires a code exactly at its lifetime', () => {
    const issued = 1_000_000;
    const ttl = CODE_TTL_MINUTES * 60_000;
    expect(isCodeExpired(issued, issued)).toBe(false);
    expect(isCodeExpired(issued, issued + ttl - 1)).toBe(false);
    expect(isCodeExpired(issued, issued + ttl)).toBe(true);
    expect(isCodeExpired(issued, issued + 60_000, 1)).toBe(true);
  });

  it('counts down the resend cooldown', () => {
    const sent = 1_000_000;
    expect(resendWaitSeconds(sent, sent)).toBe(60);
    expect(resendWaitSeconds(sent, sent + 59_001)).toBe(1);
    expect(resendWaitSeconds(sent, sent + 60_000)).toBe(0);
    expect(resendWaitSeconds(sent, sent + 120_000)).toBe(0);
    expect(resendWaitSeconds(sent, sent, 0)).toBe(0);
  });

  it('locks a code at the maximum wrong tries', () => {
    expect(isCodeLocked(0)).toBe(false);
    expect(isCodeLocked(MAX_WRONG_TRIES - 1)).toBe(false);
    expect(isCodeLocked(MAX_WRONG_TRIES)).toBe(true);
    expect(isCodeLocked(2, 2)).toBe(true);
  });
});
