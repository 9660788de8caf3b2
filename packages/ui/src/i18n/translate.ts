import { FIELD_MESSAGES_AR, FIELD_MESSAGES_EN, isFieldMessageKey } from '@darsak/domain/common';
import { type ClientErrorCode, ERROR_MESSAGES_AR, ERROR_MESSAGES_EN, type ErrorCode } from '@darsak/domain/errors';
import { ar, type MessageKey } from './ar.ts';
import { en } from './en.ts';
import type { Locale } from './locales.ts';

export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { ar, en };
const ERROR_CATALOGUES = { ar: ERROR_MESSAGES_AR, en: ERROR_MESSAGES_EN } as const;

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(ar, value);

export function createTranslate(locale: Locale): Translate {
  const catalogue = CATALOGUES[locale];
  return (key, vars) => {
    const template = catalogue[key] ?? key;
    if (!vars) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = vars[name];
      return value === undefined ? whole : String(value);
    });
  };
}

/** The message of an error code (spec §8); unknown codes fall back to `unexpected`. */
export function errorMessageOf(locale: Locale, code: string): string {
  const messages = ERROR_CATALOGUES[locale];
  return Object.hasOwn(messages, code) ? messages[code as ErrorCode | ClientErrorCode] : messages.unexpected;
}

const FIELD_CATALOGUES = { ar: FIELD_MESSAGES_AR, en: FIELD_MESSAGES_EN } as const;

/**
 * The text of a field-validation message: a field-message key of the domain (schemas put keys in issue
 * messages), an error code, or anything else shown as "invalid".
 */
export function fieldMessageOf(locale: Locale, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isFieldMessageKey(message)) return FIELD_CATALOGUES[locale][message];
  const errors = ERROR_CATALOGUES[locale];
  if (Object.hasOwn(errors, message)) return errors[message as ErrorCode | ClientErrorCode];
  return FIELD_CATALOGUES[locale].invalid;
}
