import {
  ORDERED_SETTINGS,
  PlatformSettings,
  type PlatformSettingsPatch,
  VerificationSettings,
} from '@darsak/domain/settings';
import type { MessageKey } from '@darsak/ui/i18n';
import { z } from 'zod';

/** How a setting is entered and shown; money is entered in EGP and kept in piastres. */
export type SettingUnit =
  | 'hours'
  | 'minutes'
  | 'seconds'
  | 'days'
  | 'lessons'
  | 'tries'
  | 'codes'
  | 'hourOfDay'
  | 'egpPerMinute'
  | 'egp';

/** Money units: typed in EGP with at most two decimals, kept in piastres. */
export const isMoney = (unit: SettingUnit): boolean => unit === 'egpPerMinute' || unit === 'egp';

type TopKey = Exclude<keyof PlatformSettings, 'verification'>;
type VerificationKey = keyof VerificationSettings;
/** A setting's path: a top-level key, or `verification.<key>`. */
export type SettingPath = TopKey | `verification.${VerificationKey}`;

export interface SettingField {
  path: SettingPath;
  unit: SettingUnit;
}

export const SETTING_GROUPS: Array<{ title: MessageKey; fields: SettingField[] }> = [
  {
    title: 'platform.group.lessons',
    fields: [
      { path: 'cancellationWindowHours', unit: 'hours' },
      { path: 'noShowGraceMinutes', unit: 'minutes' },
      { path: 'sessionOpensMinutesBefore', unit: 'minutes' },
      { path: 'defaultNoticePeriodMinutes', unit: 'minutes' },
      { path: 'maxNoticePeriodMinutes', unit: 'minutes' },
    ],
  },
  {
    title: 'platform.group.money',
    fields: [
      { path: 'tutorRatePerMinutePiastres', unit: 'egpPerMinute' },
      { path: 'maxLessonsForRefundableCancel', unit: 'lessons' },
      { path: 'withdrawalMinPiastres', unit: 'egp' },
      { path: 'withdrawalMaxPiastres', unit: 'egp' },
    ],
  },
  {
    title: 'platform.group.subscriptions',
    fields: [
      { path: 'weekRenewalHourCairo', unit: 'hourOfDay' },
      { path: 'subscriptionEndNoticeDays', unit: 'days' },
    ],
  },
  {
    title: 'platform.group.verification',
    fields: [
      { path: 'verification.codeTtlMinutes', unit: 'minutes' },
      { path: 'verification.maxWrongTries', unit: 'tries' },
      { path: 'verification.resendCooldownSeconds', unit: 'seconds' },
      { path: 'verification.maxCodesPerHour', unit: 'codes' },
    ],
  },
];

export const SETTING_FIELDS = SETTING_GROUPS.flatMap((group) => group.fields);

const verificationKeyOf = (path: SettingPath) =>
  path.startsWith('verification.') ? (path.slice('verification.'.length) as VerificationKey) : null;

/** The domain schema of one setting: its bounds are the API's. */
export function schemaOf(path: SettingPath): z.ZodNumber {
  const key = verificationKeyOf(path);
  return key ? VerificationSettings.shape[key] : PlatformSettings.shape[path as TopKey];
}

export function valueAt(settings: PlatformSettings, path: SettingPath): number {
  const key = verificationKeyOf(path);
  return key ? settings.verification[key] : settings[path as TopKey];
}

/** The bounds in the unit the admin types (EGP for money). */
export function boundsOf(field: SettingField): { min: number; max: number } {
  const schema = schemaOf(field.path);
  const scale = isMoney(field.unit) ? 100 : 1;
  return { min: (schema.minValue ?? 0) / scale, max: (schema.maxValue ?? 0) / scale };
}

/** What the input shows for a stored value. */
export const inputOf = (field: SettingField, value: number): string =>
  isMoney(field.unit) ? (value / 100).toFixed(2) : String(value);

const WHOLE = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

/** The stored value of what the admin typed, or null when the domain schema refuses it. */
export function parseInput(field: SettingField, text: string): number | null {
  const trimmed = text.trim();
  if (!(isMoney(field.unit) ? MONEY : WHOLE).test(trimmed)) return null;
  const value = isMoney(field.unit) ? Math.round(Number(trimmed) * 100) : Number(trimmed);
  return schemaOf(field.path).safeParse(value).success ? value : null;
}

/** The form: one text per setting path (react-hook-form keeps dotted names nested, so paths are flattened). */
export type SettingsForm = Record<string, string>;
export const formNameOf = (path: SettingPath) => path.replace('.', '__');

export const formOf = (settings: PlatformSettings): SettingsForm =>
  Object.fromEntries(SETTING_FIELDS.map((f) => [formNameOf(f.path), inputOf(f, valueAt(settings, f.path))]));

/**
 * Each field checked against its domain schema; the message is the field's path, turned into text by the page.
 * Settings that cross (the domain's ORDERED_SETTINGS) are marked on both with the domain's field message.
 */
export const SettingsFormSchema = z.record(z.string(), z.string()).superRefine((form, ctx) => {
  for (const field of SETTING_FIELDS) {
    const name = formNameOf(field.path);
    if (parseInput(field, form[name] ?? '') === null)
      ctx.addIssue({ code: 'custom', path: [name], message: field.path });
  }
  for (const { lesser, greater, message } of ORDERED_SETTINGS) {
    const [low, high] = [lesser, greater].map((path) => {
      const field = SETTING_FIELDS.find((f) => f.path === path);
      return field ? parseInput(field, form[formNameOf(path)] ?? '') : null;
    });
    if (low != null && high != null && low > high)
      for (const path of [lesser, greater]) ctx.addIssue({ code: 'custom', path: [formNameOf(path)], message });
  }
});

export interface SettingChange {
  field: SettingField;
  before: number;
  after: number;
}

/** The settings the form changes, each with its value before and after. */
export function changesOf(settings: PlatformSettings, form: SettingsForm): SettingChange[] {
  return SETTING_FIELDS.flatMap((field) => {
    const after = parseInput(field, form[formNameOf(field.path)] ?? '');
    const before = valueAt(settings, field.path);
    return after === null || after === before ? [] : [{ field, before, after }];
  });
}

/** The API's patch for these changes. */
export function patchOf(changes: SettingChange[]): PlatformSettingsPatch {
  const patch: PlatformSettingsPatch = {};
  for (const { field, after } of changes) {
    const key = verificationKeyOf(field.path);
    if (key) patch.verification = { ...patch.verification, [key]: after };
    else patch[field.path as TopKey] = after;
  }
  return patch;
}
