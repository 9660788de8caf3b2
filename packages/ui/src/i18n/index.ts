export { type Catalogue, loadLocale, registeredMessagesLoaded, registerMessages } from './catalogues.ts';
export { createFormatters, DEFAULT_TIME_ZONE, type Formatters, formatDataSteps } from './format.ts';
export {
  type I18nContextValue,
  I18nProvider,
  type I18nProviderProps,
  loadStoredLocale,
  readStoredLocale,
  rememberLocale,
  useI18n,
  useT,
} from './i18n-provider.tsx';
export { dateTimeFormat, listFormat, numberFormat, pluralRules } from './intl.ts';
export type { ArabicMessages, MessageKey } from './keys.ts';
export {
  DEFAULT_LOCALE,
  type Direction,
  isLocale,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
  requestedLocale,
} from './locales.ts';
export type {
  FeatureMessages,
  Gender,
  GenderForms,
  Message,
  Messages,
  PluralForms,
  Translation,
} from './messages.ts';
export {
  type CountedKey,
  createTranslate,
  errorMessageOf,
  fieldMessageOf,
  type GenderedKey,
  isMessageKey,
  type MessageVars,
  type Translate,
} from './translate.ts';
