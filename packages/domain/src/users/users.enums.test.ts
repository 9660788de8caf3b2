import { describe, expect, it } from 'vitest';
import {
  birthYearBounds,
  CodePurpose,
  CodePurposeSchema,
  ENGLISH_LEVEL_LABELS,
  EnglishLevel,
  EnglishLevelSchema,
  GenderSchema,
  GOVERNORATES,
  GovernorateIdSchema,
  governorateById,
  isBirthYearAllowed,
  NotificationMethodSchema,
} from './users.enums.ts';

describe('users enums', () => {
  it('gender is male or female', () => {
    expect(GenderSchema.safeParse('male').success).toBe(true);
    expect(GenderSchema.safeParse('female').success).toBe(true);
    expect(GenderSchema.safeParse('other').success).toBe(false);
  });

  it('english levels run 1 to 6 with labels', () => {
    expect(Object.values(EnglishLevel)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(EnglishLevelSchema.safeParse(1).success).toBe(true);
    expect(EnglishLevelSchema.safeParse(6).success).toBe(true);
    expect(EnglishLevelSchema.safeParse(0).success).toBe(false);
    expect(EnglishLevelSchema.safeParse(7).success).toBe(false);
    expect(ENGLISH_LEVEL_LABELS[EnglishLevel.upperIntermediate].name).toBe('upperIntermediate');
  });

  it('has 30 governorates, 1 Cairo to 30 Giza City, unique names', () => {
    expect(GOVERNORATES).toHaveLength(30);
    expect(GOVERNORATES.map((g) => g.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(governorateById(1)?.en).toBe('Cairo');
    expect(governorateById(30)?.en).toBe('Giza City');
    expect(governorateById(0)).toBeUndefined();
    expect(governorateById(31)).toBeUndefined();
    expect(new Set(GOVERNORATES.map((g) => g.ar)).size).toBe(30);
    expect(new Set(GOVERNORATES.map((g) => g.en)).size).toBe(30);
  });

  it('validates governorate ids at the bounds', () => {
    expect(GovernorateIdSchema.safeParse(1).success).toBe(true);
    expect(GovernorateIdSchema.safeParse(30).success).toBe(true);
    expect(GovernorateIdSchema.safeParse(0).success).toBe(false);
    expect(GovernorateIdSchema.safeParse(31).success).toBe(false);
  });

  it('notification methods and code purposes', () => {
    expect(NotificationMethodSchema.options).toEqual(['email', 'whatsapp', 'telegram', 'none']);
    expect(CodePurpose).toEqual({
      verifyWhatsapp: 1,
      verifyEmail: 3,
      resetPassword: 4,
      changeEmail: 5,
      changePhone: 6,
    });
    expect(CodePurposeSchema.safeParse(2).success).toBe(false);
    expect(CodePurposeSchema.safeParse(4).success).toBe(true);
  });

  it('birth year allows ages 10 to 100', () => {
    expect(birthYearBounds(2025)).toEqual({ min: 1925, max: 2015 });
    expect(isBirthYearAllowed(1925, 2025)).toBe(true);
    expect(isBirthYearAllowed(2015, 2025)).toBe(true);
    expect(isBirthYearAllowed(1924, 2025)).toBe(false);
    expect(isBirthYearAllowed(2016, 2025)).toBe(false);
    expect(isBirthYearAllowed(2000.5, 2025)).toBe(false);
  });
});
