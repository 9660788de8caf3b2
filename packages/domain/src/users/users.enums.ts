import { z } from 'zod';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../notifications/policy.ts';

import { Gender } from './gender.ts';

export const GenderSchema = z.enum(Gender);

/** English level 1-6 of spec §3. */
export const EnglishLevel = {
  beginner: 1,
  preIntermediate: 2,
  intermediate: 3,
  upperIntermediate: 4,
  advanced: 5,
  mastery: 6,
} as const;
export type EnglishLevel = (typeof EnglishLevel)[keyof typeof EnglishLevel];
export type EnglishLevelName = keyof typeof EnglishLevel;
export const EnglishLevelSchema = z.enum(EnglishLevel);

export const ENGLISH_LEVEL_LABELS: Record<EnglishLevel, { name: EnglishLevelName; ar: string; en: string }> = {
  1: { name: 'beginner', ar: 'مبتدئ', en: 'Beginner' },
  2: { name: 'preIntermediate', ar: 'ما قبل المتوسط', en: 'Pre-intermediate' },
  3: { name: 'intermediate', ar: 'متوسط', en: 'Intermediate' },
  4: { name: 'upperIntermediate', ar: 'فوق المتوسط', en: 'Upper-intermediate' },
  5: { name: 'advanced', ar: 'متقدم', en: 'Advanced' },
  6: { name: 'mastery', ar: 'إتقان', en: 'Mastery' },
};

export interface Governorate {
  id: number;
  ar: string;
  en: string;
}

/**
 * The 30 ids of spec §3: the 27 governorates (Cairo first), then Helwan and 6th of October
 * (governorates in 2008-2011 that people still give as their home) and Giza City last.
 */
export const GOVERNORATES = [
  { id: 1, ar: 'القاهرة', en: 'Cairo' },
  { id: 2, ar: 'الجيزة', en: 'Giza' },
  { id: 3, ar: 'الإسكندرية', en: 'Alexandria' },
  { id: 4, ar: 'الدقهلية', en: 'Dakahlia' },
  { id: 5, ar: 'البحر الأحمر', en: 'Red Sea' },
  { id: 6, ar: 'البحيرة', en: 'Beheira' },
  { id: 7, ar: 'الفيوم', en: 'Fayoum' },
  { id: 8, ar: 'الغربية', en: 'Gharbia' },
  { id: 9, ar: 'الإسماعيلية', en: 'Ismailia' },
  { id: 10, ar: 'المنوفية', en: 'Monufia' },
  { id: 11, ar: 'المنيا', en: 'Minya' },
  { id: 12, ar: 'القليوبية', en: 'Qalyubia' },
  { id: 13, ar: 'الوادي الجديد', en: 'New Valley' },
  { id: 14, ar: 'السويس', en: 'Suez' },
  { id: 15, ar: 'أسوان', en: 'Aswan' },
  { id: 16, ar: 'أسيوط', en: 'Asyut' },
  { id: 17, ar: 'بني سويف', en: 'Beni Suef' },
  { id: 18, ar: 'بورسعيد', en: 'Port Said' },
  { id: 19, ar: 'دمياط', en: 'Damietta' },
  { id: 20, ar: 'الشرقية', en: 'Sharqia' },
  { id: 21, ar: 'جنوب سيناء', en: 'South Sinai' },
  { id: 22, ar: 'كفر الشيخ', en: 'Kafr El Sheikh' },
  { id: 23, ar: 'مطروح', en: 'Matrouh' },
  { id: 24, ar: 'الأقصر', en: 'Luxor' },
  { id: 25, ar: 'قنا', en: 'Qena' },
  { id: 26, ar: 'شمال سيناء', en: 'North Sinai' },
  { id: 27, ar: 'سوهاج', en: 'Sohag' },
  { id: 28, ar: 'حلوان', en: 'Helwan' },
  { id: 29, ar: 'السادس من أكتوبر', en: '6th of October' },
  { id: 30, ar: 'مدينة الجيزة', en: 'Giza City' },
] as const satisfies readonly Governorate[];
export type GovernorateId = (typeof GOVERNORATES)[number]['id'];
export const GOVERNORATE_MIN_ID = 1;
export const GOVERNORATE_MAX_ID = 30;
export const GovernorateIdSchema = z.number().int().min(GOVERNORATE_MIN_ID).max(GOVERNORATE_MAX_ID);
export const governorateById = (id: number): Governorate | undefined => GOVERNORATES.find((g) => g.id === id);

/** The channel a user chose for notifications (the policy: notifications/policy.ts). */
export type NotificationMethod = NotificationChannel;
export const NotificationMethodSchema = z.enum(NOTIFICATION_CHANNELS);

/**
 * Purposes of one-time codes (spec §3); 2 is unused in the specification and stays free. 5 and 6 prove a new
 * e-mail address or phone number before it replaces the account's own.
 */
export const CodePurpose = {
  verifyWhatsapp: 1,
  verifyEmail: 3,
  resetPassword: 4,
  changeEmail: 5,
  changePhone: 6,
} as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];
export const CodePurposeSchema = z.enum(CodePurpose);

/** Users are 10 to 100 years old; a birth year is checked against the current year, passed in. */
export const MIN_AGE_YEARS = 10;
export const MAX_AGE_YEARS = 100;

export const birthYearBounds = (currentYear: number) => ({
  min: currentYear - MAX_AGE_YEARS,
  max: currentYear - MIN_AGE_YEARS,
});

export function isBirthYearAllowed(year: number, currentYear: number): boolean {
  const { min, max } = birthYearBounds(currentYear);
  return Number.isInteger(year) && year >= min && year <= max;
}
