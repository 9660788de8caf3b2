import { ARABIC_INDIC_DIGITS } from '@darsak/domain/common';

export type Locale = 'ar' | 'en';
export type Direction = 'rtl' | 'ltr';

/**
 * `digits` (0–9) and `decimal` (the decimal separator) as Intl writes them for `intl` (a test holds them to it), so
 * numbers in texts need no formatter: a page's first formatter loads the locale's number data.
 */
export const LOCALES: Record<Locale, { dir: Direction; intl: string; label: string; digits: string; decimal: string }> =
  {
    ar: { dir: 'rtl', intl: 'ar-EG', label: 'العربية', digits: ARABIC_INDIC_DIGITS, decimal: '٫' },
    en: { dir: 'ltr', intl: 'en-EG', label: 'English', digits: '0123456789', decimal: '.' },
  };

export const DEFAULT_LOCALE: Locale = 'ar';
export const LOCALE_STORAGE_KEY = 'darsak.locale';

export const isLocale = (value: unknown): value is Locale => value === 'ar' || value === 'en';

/**
 * The language a page is asked in: `?lang=` in its address (the English alternate of a public page), else the one
 * remembered on the device (the `darsak.locale` cookie, see `rememberLocale`), else Arabic.
 */
export function requestedLocale(address: string, cookieHeader?: string): Locale {
  const asked = new URL(address, 'http://page').searchParams.get('lang');
  if (isLocale(asked)) return asked;
  const cookie = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_STORAGE_KEY)?.[1];
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}
