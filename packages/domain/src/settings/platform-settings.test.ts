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
      tutorRatePerMinutePiastres: 250,
      weekRenewalHourCairo: 6,
      maxLessonsForRefundableCancel: 1,
      noShowGraceMinutes: 5,
      defaultNoticePeriodMinutes: 30,
      subscriptionEndNoticeDays: 3,
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
