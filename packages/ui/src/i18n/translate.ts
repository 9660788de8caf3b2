import { isFieldMessageKey } from '@darsak/domain/common';
import type { ClientErrorCode, ErrorCode } from '@darsak/domain/errors';
import { byGender } from '@darsak/domain/users';
import { loadedCatalogue, loadedDomainMessages } from './catalogues.ts';
import { pluralRules } from './intl.ts';
import type { ArabicMessages, MessageKey } from './keys.ts';
import { LOCALES, type Locale } from './locales.ts';
import {
  type Gender,
  type GenderForms,
  isGenderForms,
  isPluralForms,
  type Message,
  type PluralForms,
} from './messages.ts';
import { inLocaleDigits, localeNumber } from './numbers.ts';

/** Numbers are written in the locale's digits (Arabic-Indic for ar-EG); strings are put in as they are. */
export type MessageVars = Readonly<Record<string, string | number | null | undefined>>;

/** Keys whose message is a counted noun: they need the `count` to choose the plural form. */
export type CountedKey = { [K in MessageKey]: ArabicMessages[K] extends PluralForms ? K : never }[MessageKey];
/** Keys whose message is worded for the person's gender: they take the `gender` (null when not known). */
export type GenderedKey = { [K in MessageKey]: ArabicMessages[K] extends GenderForms ? K : never }[MessageKey];

type VarsOf<K extends MessageKey> = K extends CountedKey
  ? [vars: MessageVars & { count: number }]
  : K extends GenderedKey
    ? [vars: MessageVars & { gender: Gender | null | undefined }]
    : [vars?: MessageVars];

export type Translate = <K extends MessageKey>(key: K, ...vars: VarsOf<K>) => string;

/** Whether a text is a key of the Arabic catalogue as registered so far. */
export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(loadedCatalogue('ar') ?? {}, value);

/** The text of a message for these variables: its plural form for `count`, its gendered form for `gender`. */
function textOf(message: Message, vars: MessageVars | undefined, locale: Locale): string {
  if (isPluralForms(message)) {
    const count = vars?.count;
    const form = typeof count === 'number' ? message[pluralRules(LOCALES[locale].intl).select(count)] : undefined;
    return form ?? message.other;
  }
  if (isGenderForms(message)) return byGender(vars?.gender, message);
  return message;
}

/** The translate function of a loaded locale (see `loadLocale`). */
export function createTranslate(locale: Locale): Translate {
  const catalogue = loadedCatalogue(locale);
  if (!catalogue) throw new Error(`the ${locale} catalogue is not loaded yet: await loadLocale('${locale}') first`);
  return (key, ...[vars]) => {
    const message: Message | undefined = catalogue[key];
    const template = message === undefined ? key : textOf(message, vars, locale);
    if (!vars) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = vars[name];
      if (value === undefined || value === null) return whole;
      return typeof value === 'number'
        ? localeNumber(locale, value, { maximumFractionDigits: 2, useGrouping: false })
        : value;
    });
  };
}

/** The message of an error code (spec §8); unknown codes fall back to `unexpected`. */
export function errorMessageOf(locale: Locale, code: string): string {
  const messages = loadedDomainMessages(locale).errors;
  const message = Object.hasOwn(messages, code) ? messages[code as ErrorCode | ClientErrorCode] : messages.unexpected;
  return inLocaleDigits(locale, message);
}

/**
 * The text of a field-validation message: a field-message key of the domain (schemas put keys in issue
 * messages), an error code, or anything else shown as "invalid".
 */
export function fieldMessageOf(locale: Locale, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { errors, fields } = loadedDomainMessages(locale);
  if (isFieldMessageKey(message)) return inLocaleDigits(locale, fields[message]);
  if (Object.hasOwn(errors, message)) return errorMessageOf(locale, message);
  return fields.invalid;
}
