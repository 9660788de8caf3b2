import { describe, expect, it } from 'vitest';
import { CODE_TTL_MINUTES, MAX_WRONG_TRIES } from '../verification/verification.rules.ts';
import {
  mergePlatformSettings,
  PLATFORM_SETTINGS_DEFAULTS,
  PlatformSettings,
  PlatformSettingsPatch,
  resolvePlatformSettings,
} from './platform-settings.ts';

describe('platform settings', () => {
  it('has the defaults of DESIGN §4, which are valid', () => {
    expect(PLATFORM_SETTINGS_DEFAULTS).toMatchObject({
      cancellationWindowHours: 6,
      lateBookingCancelGraceMinutes: 10,
      tutorRatePerMinutePiastres: 250,
      weekRenewalHourCairo: 6,
      maxLessonsForRefundableCancel: 1,
      noShowGraceMinutes: 5,
      sessionOpensMinutesBefore: 10,
      defaultNoticePeriodMinutes: 30,
      maxNoticePeriodMinutes: 2 * 24 * 60,
      subscriptionEndNoticeDays: 3,
      freeTrialWeeks: 0,
      withdrawalMinPiastres: 10_000,
      withdrawalMaxPiastres: 5_000_000,
      lessonLengthsOffered: [15, 30],
    });
    expect(PLATFORM_SETTINGS_DEFAULTS.verification.codeTtlMinutes).toBe(CODE_TTL_MINUTES);
    expect(PLATFORM_SETTINGS_DEFAULTS.verification.maxWrongTries).toBe(MAX_WRONG_TRIES);
    expect(PlatformSettings.parse(PLATFORM_SETTINGS_DEFAULTS)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
  });

  it('bounds the renewal hour to 0..23', () => {
    const at = (weekRenewalHourCairo: number) =>
      PlatformSettings.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, weekRenewalHourCairo }).success;
    expect(at(0)).toBe(true);
    expect(at(23)).toBe(true);
    expect(at(-1)).toBe(false);
    expect(at(24)).toBe(false);
  });

  it('opens a call from a minute to an hour before its start', () => {
    const at = (sessionOpensMinutesBefore: number) =>
      PlatformSettings.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, sessionOpensMinutesBefore }).success;
    expect(at(1)).toBe(true);
    expect(at(60)).toBe(true);
    expect(at(0)).toBe(false);
    expect(at(61)).toBe(false);
  });

  it('gives a lesson booked late 0 (none) to 60 minutes to be cancelled', () => {
    const at = (lateBookingCancelGraceMinutes: number) =>
      PlatformSettings.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, lateBookingCancelGraceMinutes }).success;
    expect(at(0)).toBe(true);
    expect(at(60)).toBe(true);
    expect(at(61)).toBe(false);
    expect(at(-1)).toBe(false);
  });

  it('lasts a free trial 1 to 52 weeks, or open-ended at 0', () => {
    const at = (freeTrialWeeks: number) =>
      PlatformSettings.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, freeTrialWeeks }).success;
    expect(at(0)).toBe(true);
    expect(at(1)).toBe(true);
    expect(at(52)).toBe(true);
    expect(at(53)).toBe(false);
    expect(at(-1)).toBe(false);
  });

  it('offers at least one bookable lesson length, each once', () => {
    const offered = (lessonLengthsOffered: number[]) =>
      PlatformSettings.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, lessonLengthsOffered }).success;
    expect(offered([30])).toBe(true);
    expect(offered([30, 15])).toBe(true);
    expect(offered([])).toBe(false);
    expect(offered([15, 15])).toBe(false);
    expect(offered([45])).toBe(false);
    expect(resolvePlatformSettings({ lessonLengthsOffered: [] }).lessonLengthsOffered).toEqual([15, 30]);
  });

  it('refuses unknown keys in a patch', () => {
    expect(PlatformSettingsPatch.safeParse({ cancellationWindowHours: 12 }).success).toBe(true);
    expect(PlatformSettingsPatch.safeParse({ unknown: 1 }).success).toBe(false);
    expect(PlatformSettingsPatch.safeParse({ verification: { maxWrongTries: 3 } }).success).toBe(true);
    expect(PlatformSettingsPatch.safeParse({ tutorRatePerMinutePiastres: 0 }).success).toBe(false);
  });

  it('merges a patch, nested verification included, ignoring undefined values', () => {
    const merged = mergePlatformSettings(PLATFORM_SETTINGS_DEFAULTS, {
      cancellationWindowHours: 12,
      noShowGraceMinutes: undefined,
      verification: { maxWrongTries: 3 },
    });
    expect(merged.cancellationWindowHours).toBe(12);
    expect(merged.noShowGraceMinutes).toBe(5);
    expect(merged.verification).toEqual({ ...PLATFORM_SETTINGS_DEFAULTS.verification, maxWrongTries: 3 });
  });

  it('keeps the withdrawal limits within the absolute 100–50,000 EGP, the least never above the most', () => {
    const limits = (withdrawalMinPiastres: number, withdrawalMaxPiastres: number) =>
      PlatformSettings.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, withdrawalMinPiastres, withdrawalMaxPiastres })
        .success;
    expect(limits(20_000, 1_000_000)).toBe(true);
    expect(limits(9_999, 1_000_000)).toBe(false);
    expect(limits(20_000, 5_000_001)).toBe(false);
    expect(mergePlatformSettings(PLATFORM_SETTINGS_DEFAULTS, { withdrawalMaxPiastres: 10_000 })).toMatchObject({
      withdrawalMinPiastres: 10_000,
      withdrawalMaxPiastres: 10_000,
    });
    expect(() => mergePlatformSettings(PLATFORM_SETTINGS_DEFAULTS, { withdrawalMinPiastres: 5_000_001 })).toThrow();
    expect(() =>
      mergePlatformSettings(
        { ...PLATFORM_SETTINGS_DEFAULTS, withdrawalMaxPiastres: 20_000 },
        {
          withdrawalMinPiastres: 30_000,
        },
      ),
    ).toThrow(expect.objectContaining({ code: 'bad-request' }));
    // Stored limits that cross both fall back, so the least stays at or below the most.
    expect(resolvePlatformSettings({ withdrawalMinPiastres: 30_000, withdrawalMaxPiastres: 20_000 })).toMatchObject({
      withdrawalMinPiastres: 10_000,
      withdrawalMaxPiastres: 5_000_000,
    });
  });

  it("keeps a new tutor's notice period within the longest a tutor may set", () => {
    expect(() => mergePlatformSettings(PLATFORM_SETTINGS_DEFAULTS, { maxNoticePeriodMinutes: 20 })).toThrow(
      expect.objectContaining({
        details: {
          fields: {
            defaultNoticePeriodMinutes: 'notice-period-default-above-max',
            maxNoticePeriodMinutes: 'notice-period-default-above-max',
          },
        },
      }),
    );
    expect(
      mergePlatformSettings(PLATFORM_SETTINGS_DEFAULTS, { maxNoticePeriodMinutes: 30 }).maxNoticePeriodMinutes,
    ).toBe(30);
    expect(resolvePlatformSettings({ defaultNoticePeriodMinutes: 90, maxNoticePeriodMinutes: 60 })).toMatchObject({
      defaultNoticePeriodMinutes: 30,
      maxNoticePeriodMinutes: 2 * 24 * 60,
    });
  });

  it('resolves stored settings leniently, falling back per key', () => {
    expect(resolvePlatformSettings(undefined)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    expect(resolvePlatformSettings('junk')).toEqual(PLATFORM_SETTINGS_DEFAULTS);
    const resolved = resolvePlatformSettings({
      cancellationWindowHours: 24,
      weekRenewalHourCairo: 99,
      removedSetting: true,
      verification: { resendCooldownSeconds: 30, maxCodesPerHour: 0 },
    });
    expect(resolved.cancellationWindowHours).toBe(24);
    expect(resolved.weekRenewalHourCairo).toBe(6);
    expect(resolved).not.toHaveProperty('removedSetting');
    expect(resolved.verification).toEqual({ ...PLATFORM_SETTINGS_DEFAULTS.verification, resendCooldownSeconds: 30 });
  });
});
