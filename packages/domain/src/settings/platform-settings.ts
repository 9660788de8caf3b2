import { z } from 'zod';
import { LessonLengthsInput } from '../availability/availability.schemas.ts';
import type { FieldMessageKey } from '../common/field-messages.ts';
import { AppError } from '../errors/app-error.ts';
import { WITHDRAWAL_MAX_PIASTRES, WITHDRAWAL_MIN_PIASTRES } from '../invoices/invoices.constants.ts';
import { MAX_NOTICE_PERIOD_MINUTES } from '../lessons/lessons.constants.ts';
import { SESSION_LENGTHS } from '../sessions/sessions.enums.ts';
import { SESSION_OPENS_MINUTES_BEFORE } from '../sessions/sessions.rules.ts';
import { PAUSE_WEEKS_LIMIT } from '../subscriptions/subscriptions.pause.ts';
import { FREE_TRIAL_MAX_WEEKS } from '../subscriptions/subscriptions.rules.ts';
import {
  CODE_TTL_MINUTES,
  MAX_CODES_PER_HOUR,
  MAX_WRONG_TRIES,
  RESEND_COOLDOWN_SECONDS,
} from '../verification/verification.rules.ts';

/** Limits of the one-time codes; the constants of the verification module are their defaults. */
export const VerificationSettings = z.strictObject({
  codeTtlMinutes: z.number().int().min(1).max(60),
  maxWrongTries: z.number().int().min(1).max(20),
  resendCooldownSeconds: z.number().int().min(0).max(3600),
  maxCodesPerHour: z.number().int().min(1).max(60),
});
export type VerificationSettings = z.infer<typeof VerificationSettings>;

/** A withdrawal limit may only narrow the absolute range the contract and the database enforce. */
const WithdrawalLimitPiastres = z.number().int().min(WITHDRAWAL_MIN_PIASTRES).max(WITHDRAWAL_MAX_PIASTRES);

/** Business policies admins may change (DESIGN §4 "policies are settings"). */
export const PlatformSettings = z.strictObject({
  /** Hours before a lesson's start after which it can no longer be cancelled or moved. */
  cancellationWindowHours: z.number().int().min(0).max(72),
  /** Minutes after booking in which a lesson booked inside the cancellation window may still be cancelled or moved. */
  lateBookingCancelGraceMinutes: z.number().int().min(0).max(60),
  /** Default tutor pay per lesson minute; 250 piastres = 2.50 EGP. */
  tutorRatePerMinutePiastres: z.number().int().min(1).max(100_000),
  /** Cairo hour at which every subscription week renews. */
  weekRenewalHourCairo: z.number().int().min(0).max(23),
  /** A subscription is refundable while the lessons taken under it do not exceed this. */
  maxLessonsForRefundableCancel: z.number().int().min(0).max(100),
  /** Minutes a student waits for the tutor before ending the lesson as "tutor did not attend". */
  noShowGraceMinutes: z.number().int().min(1).max(30),
  /** Minutes a lesson's call may stay down (a drop, the tutor gone) before the lesson ends with its minutes back. */
  lessonMaxDropMinutes: z.number().int().min(1).max(60),
  /** Minutes before the start of a lesson, interview or demo session from which its two members may join the call. */
  sessionOpensMinutesBefore: z.number().int().min(1).max(60),
  defaultNoticePeriodMinutes: z.number().int().min(0).max(MAX_NOTICE_PERIOD_MINUTES),
  /** The lesson lengths students may book at all (each tutor then teaches some of them): at least one. */
  lessonLengthsOffered: LessonLengthsInput,
  /** The longest notice period a tutor may set on their profile; never below a new tutor's default. */
  maxNoticePeriodMinutes: z.number().int().min(0).max(MAX_NOTICE_PERIOD_MINUTES),
  /**
   * Days before a subscription ends at which the renewal message reaches the student (issue 31's renewal notice
   * days): a one-tap link to pay the next period, and a cash payer's Fawry reference for it.
   */
  subscriptionEndNoticeDays: z.number().int().min(0).max(30),
  /** Weeks a free trial started from now lasts; 0: open-ended, until a paid plan replaces it. */
  freeTrialWeeks: z.number().int().min(0).max(FREE_TRIAL_MAX_WEEKS),
  /** The shortest pause a student may take, in weeks. */
  pauseMinWeeks: z.number().int().min(1).max(PAUSE_WEEKS_LIMIT),
  /** The longest pause a student may take, in weeks; never below the shortest. */
  pauseMaxWeeks: z.number().int().min(1).max(PAUSE_WEEKS_LIMIT),
  /** Pauses a student may take in one subscription period: 0 turns pausing off; the database allows one at most. */
  pausesPerPeriod: z.number().int().min(0).max(1),
  /** The least one withdrawal may be; 10,000 piastres = 100 EGP. */
  withdrawalMinPiastres: WithdrawalLimitPiastres,
  /** The most one withdrawal may be; never below the least. */
  withdrawalMaxPiastres: WithdrawalLimitPiastres,
  /** Sign-in, registration, code and contact requests per client address per minute. */
  signInPerMinute: z.number().int().min(1).max(1_000_000),
  /** Wrong password or code guesses per account, from any address, per guess window. */
  guessesPerAccount: z.number().int().min(1).max(1000),
  guessWindowMinutes: z.number().int().min(1).max(60),
  verification: VerificationSettings,
});
export type PlatformSettings = z.infer<typeof PlatformSettings>;

export const PLATFORM_SETTINGS_DEFAULTS: PlatformSettings = {
  cancellationWindowHours: 6,
  lateBookingCancelGraceMinutes: 10,
  tutorRatePerMinutePiastres: 250,
  weekRenewalHourCairo: 6,
  maxLessonsForRefundableCancel: 1,
  noShowGraceMinutes: 5,
  lessonMaxDropMinutes: 10,
  sessionOpensMinutesBefore: SESSION_OPENS_MINUTES_BEFORE,
  defaultNoticePeriodMinutes: 30,
  lessonLengthsOffered: [...SESSION_LENGTHS],
  maxNoticePeriodMinutes: MAX_NOTICE_PERIOD_MINUTES,
  subscriptionEndNoticeDays: 3,
  freeTrialWeeks: 0,
  pauseMinWeeks: 1,
  pauseMaxWeeks: 3,
  pausesPerPeriod: 1,
  withdrawalMinPiastres: WITHDRAWAL_MIN_PIASTRES,
  withdrawalMaxPiastres: WITHDRAWAL_MAX_PIASTRES,
  signInPerMinute: 10,
  guessesPerAccount: 10,
  guessWindowMinutes: 10,
  verification: {
    codeTtlMinutes: CODE_TTL_MINUTES,
    maxWrongTries: MAX_WRONG_TRIES,
    resendCooldownSeconds: RESEND_COOLDOWN_SECONDS,
    maxCodesPerHour: MAX_CODES_PER_HOUR,
  },
};

/** An admin's partial update: any subset of fields, verification fields included one by one. */
export const PlatformSettingsPatch = PlatformSettings.omit({ verification: true })
  .partial()
  .extend({ verification: VerificationSettings.partial().optional() });
export type PlatformSettingsPatch = z.infer<typeof PlatformSettingsPatch>;

const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

type TopKey = Exclude<keyof PlatformSettings, 'verification'>;

/** Settings that bound one another: the first may never exceed the second. */
export const ORDERED_SETTINGS = [
  { lesser: 'withdrawalMinPiastres', greater: 'withdrawalMaxPiastres', message: 'withdrawal-limits-crossed' },
  {
    lesser: 'defaultNoticePeriodMinutes',
    greater: 'maxNoticePeriodMinutes',
    message: 'notice-period-default-above-max',
  },
  { lesser: 'pauseMinWeeks', greater: 'pauseMaxWeeks', message: 'pause-weeks-crossed' },
  // a tutor not come yet is waited for the no-show grace before the lesson may end as down (endsForDrop)
  { lesser: 'noShowGraceMinutes', greater: 'lessonMaxDropMinutes', message: 'no-show-grace-above-max-drop' },
] as const satisfies ReadonlyArray<{ lesser: TopKey; greater: TopKey; message: FieldMessageKey }>;

const crossedPairs = (s: PlatformSettings) => ORDERED_SETTINGS.filter((pair) => s[pair.lesser] > s[pair.greater]);

/**
 * Applies a patch over current settings and validates the result as a whole; settings that cross (see
 * ORDERED_SETTINGS) are refused with both fields named, as either may be the one to fix.
 */
export function mergePlatformSettings(current: PlatformSettings, patch: PlatformSettingsPatch): PlatformSettings {
  const { verification = {}, ...rest } = patch;
  const merged = PlatformSettings.parse({
    ...current,
    ...withoutUndefined(rest),
    verification: { ...current.verification, ...withoutUndefined(verification) },
  });
  const crossed = crossedPairs(merged);
  if (crossed.length > 0)
    throw new AppError('bad-request', {
      fields: Object.fromEntries(crossed.flatMap((p) => [p.lesser, p.greater].map((key) => [key, p.message]))),
    });
  return merged;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each key of `defaults` takes the stored value when its schema still accepts it. */
function pickValid<T extends object>(shape: Record<keyof T, z.ZodType>, defaults: T, stored: unknown): T {
  const source = isRecord(stored) ? stored : {};
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const parsed = shape[key].safeParse(source[key]);
    if (parsed.success) result[key] = parsed.data as T[keyof T & string];
  }
  return result;
}

/**
 * Reads stored settings leniently: a missing, unknown or no longer valid value falls back to its
 * default, so a setting added or re-bounded in a new release never blocks start-up. A deployment may give
 * defaults of its own (the server's rate limits come from its environment).
 */
export function resolvePlatformSettings(
  stored: unknown,
  defaults: PlatformSettings = PLATFORM_SETTINGS_DEFAULTS,
): PlatformSettings {
  const top = pickValid(PlatformSettings.shape, defaults, stored);
  const storedVerification = isRecord(stored) ? stored.verification : undefined;
  // A stored pair that crosses falls back whole, so the rules never see a least above a most.
  for (const { lesser, greater } of crossedPairs(top)) {
    top[lesser] = defaults[lesser];
    top[greater] = defaults[greater];
  }
  return {
    ...top,
    verification: pickValid(VerificationSettings.shape, defaults.verification, storedVerification),
  };
}
