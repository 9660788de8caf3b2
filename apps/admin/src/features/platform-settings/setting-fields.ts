import { SESSION_LENGTHS, type SessionLength } from '@darsak/domain/sessions';
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
  | 'weeks'
  | 'lessons'
  | 'pauses'
  | 'tries'
  | 'codes'
  | 'requests'
  | 'hourOfDay'
  | 'egpPerMinute'
  | 'egp';

/** Money units: typed in EGP with at most two decimals, kept in piastres. */
export const isMoney = (unit: SettingUnit): boolean => unit === 'egpPerMinute' || unit === 'egp';

type TopKey = Exclude<keyof PlatformSettings, 'verification'>;
/** The top-level settings that are one number; the others are chosen as a set (ChoiceField). */
type NumberKey = { [K in TopKey]: PlatformSettings[K] extends number ? K : never }[TopKey];
type VerificationKey = keyof VerificationSettings;
/** A number setting's path: a top-level key, or `verification.<key>`. */
export type SettingPath = NumberKey | `verification.${VerificationKey}`;

export interface SettingField {
  path: SettingPath;
  unit: SettingUnit;
}

/** A setting chosen as a set of options, at least one (checkboxes); each option is a count of `unit`. */
export interface ChoiceField {
  path: 'lessonLengthsOffered';
  options: readonly SessionLength[];
  unit: SettingUnit;
}

export const isChoice = (field: SettingField | ChoiceField): field is ChoiceField => 'options' in field;

export const SETTING_GROUPS: Array<{ title: MessageKey; fields: Array<SettingField | ChoiceField> }> = [
  {
    title: 'platform.group.lessons',
    fields: [
      { path: 'lessonLengthsOffered', options: SESSION_LENGTHS, unit: 'minutes' },
      { path: 'cancellationWindowHours', unit: 'hours' },
      { path: 'lateBookingCancelGraceMinutes', unit: 'minutes' },
      { path: 'noShowGraceMinutes', unit: 'minutes' },
      { path: 'lessonMaxDropMinutes', unit: 'minutes' },
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
      { path: 'freeTrialWeeks', unit: 'weeks' },
      { path: 'pausesPerPeriod', unit: 'pauses' },
      { path: 'pauseMinWeeks', unit: 'weeks' },
      { path: 'pauseMaxWeeks', unit: 'weeks' },
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
  {
    title: 'platform.group.rateLimits',
    fields: [
      { path: 'signInPerMinute', unit: 'requests' },
      { path: 'guessesPerAccount', unit: 'tries' },
      { path: 'guessWindowMinutes', unit: 'minutes' },
    ],
  },
];

const ALL_FIELDS = SETTING_GROUPS.flatMap((group) => group.fields);
export const SETTING_FIELDS = ALL_FIELDS.filter((field): field is SettingField => !isChoice(field));
export const CHOICE_FIELDS = ALL_FIELDS.filter(isChoice);

const verificationKeyOf = (path: SettingPath) =>
  path.startsWith('verification.') ? (path.slice('verification.'.length) as VerificationKey) : null;

/** The domain schema of one setting: its bounds are the API's. */
export function schemaOf(path: SettingPath): z.ZodNumber {
  const key = verificationKeyOf(path);
  return key ? VerificationSettings.shape[key] : PlatformSettings.shape[path as NumberKey];
}

export function valueAt(settings: PlatformSettings, path: SettingPath): number {
  const key = verificationKeyOf(path);
  return key ? settings.verification[key] : settings[path as NumberKey];
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

/**
 * The form: one text per number setting and one tick per option of a choice (react-hook-form keeps dotted names
 * nested, so paths are flattened).
 */
export type SettingsForm = Record<string, string | boolean>;
export const formNameOf = (path: SettingPath) => path.replace('.', '__');
export const optionNameOf = (field: ChoiceField, option: number) => `${field.path}__${option}`;

const textAt = (form: SettingsForm, field: SettingField): string => {
  const value = form[formNameOf(field.path)];
  return typeof value === 'string' ? value : '';
};

/** The options ticked, in the field's order. */
const chosenOf = (field: ChoiceField, form: SettingsForm): SessionLength[] =>
  field.options.filter((option) => form[optionNameOf(field, option)] === true);

export const formOf = (settings: PlatformSettings): SettingsForm =>
  Object.fromEntries([
    ...SETTING_FIELDS.map((f) => [formNameOf(f.path), inputOf(f, valueAt(settings, f.path))]),
    ...CHOICE_FIELDS.flatMap((f) => f.options.map((o) => [optionNameOf(f, o), settings[f.path].includes(o)])),
  ]);

/** The form name a server's field error belongs on: a number setting's input, or a choice's group. */
export const errorNameOf = (path: string): string | undefined =>
  SETTING_FIELDS.find((f) => f.path === path)
    ? formNameOf(path as SettingPath)
    : CHOICE_FIELDS.find((f) => f.path === path)?.path;

/** The field message of a choice left empty (the domain's, as the server gives it). */
const NONE_CHOSEN = 'lesson-lengths-required';

/**
 * Each field checked against its domain schema; the message is the field's path, turned into text by the page.
 * Settings that cross (the domain's ORDERED_SETTINGS) are marked on both with the domain's field message, and a
 * choice with nothing ticked on the choice's path.
 */
export const SettingsFormSchema = z.record(z.string(), z.union([z.string(), z.boolean()])).superRefine((form, ctx) => {
  for (const field of SETTING_FIELDS) {
    if (parseInput(field, textAt(form, field)) === null)
      ctx.addIssue({ code: 'custom', path: [formNameOf(field.path)], message: field.path });
  }
  for (const field of CHOICE_FIELDS) {
    if (chosenOf(field, form).length === 0) ctx.addIssue({ code: 'custom', path: [field.path], message: NONE_CHOSEN });
  }
  for (const { lesser, greater, message } of ORDERED_SETTINGS) {
    const [low, high] = [lesser, greater].map((path) => {
      const field = SETTING_FIELDS.find((f) => f.path === path);
      return field ? parseInput(field, textAt(form, field)) : null;
    });
    if (low != null && high != null && low > high)
      for (const path of [lesser, greater]) ctx.addIssue({ code: 'custom', path: [formNameOf(path)], message });
  }
});

type ChoiceChange = { field: ChoiceField; before: SessionLength[]; after: SessionLength[] };
export type SettingChange = { field: SettingField; before: number; after: number } | ChoiceChange;
const isChoiceChange = (change: SettingChange): change is ChoiceChange => isChoice(change.field);

/** The settings the form changes, each with its value before and after. */
export function changesOf(settings: PlatformSettings, form: SettingsForm): SettingChange[] {
  const numbers = SETTING_FIELDS.flatMap((field) => {
    const after = parseInput(field, textAt(form, field));
    const before = valueAt(settings, field.path);
    return after === null || after === before ? [] : [{ field, before, after }];
  });
  const choices = CHOICE_FIELDS.flatMap((field) => {
    const after = chosenOf(field, form);
    const before = field.options.filter((option) => settings[field.path].includes(option));
    return after.length === 0 || after.join() === before.join() ? [] : [{ field, before, after }];
  });
  return [...choices, ...numbers];
}

/** The API's patch for these changes. */
export function patchOf(changes: SettingChange[]): PlatformSettingsPatch {
  const patch: PlatformSettingsPatch = {};
  for (const change of changes) {
    if (isChoiceChange(change)) {
      patch[change.field.path] = change.after;
      continue;
    }
    const key = verificationKeyOf(change.field.path);
    if (key) patch.verification = { ...patch.verification, [key]: change.after };
    else patch[change.field.path as NumberKey] = change.after;
  }
  return patch;
}
