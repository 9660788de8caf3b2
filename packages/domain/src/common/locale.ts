/** The product's languages: Arabic first, English. */
export type Locale = 'ar' | 'en';

export type Direction = 'rtl' | 'ltr';
/** Which way each language is written: the page's `dir`. */
export const LOCALE_DIRECTIONS: Record<Locale, Direction> = { ar: 'rtl', en: 'ltr' };

export const DEFAULT_LOCALE: Locale = 'ar';
/** Where a device remembers its reader's language: localStorage for the apps, a cookie of the same name for the server. */
export const LOCALE_STORAGE_KEY = 'darsak.locale';

export const isLocale = (value: unknown): value is Locale => value === 'ar' || value === 'en';

/**
 * The language a page is asked in: `?lang=` in its address (the English alternate of a public page), else the one
 * remembered on the device (the `darsak.locale` cookie), else Arabic.
 */
export function requestedLocale(address: string, cookieHeader?: string): Locale {
  const query = address.split('#')[0]?.split('?')[1] ?? '';
  const asked = valueNamed(query.split('&'), 'lang');
  if (isLocale(asked)) return asked;
  const remembered = cookieNamed(cookieHeader, LOCALE_STORAGE_KEY);
  return isLocale(remembered) ? remembered : DEFAULT_LOCALE;
}

/** The value of `name` among `name=value` pairs (a query's or a cookie header's). */
const valueNamed = (pairs: string[], name: string) =>
  pairs.map((pair) => pair.trim().split('=')).find(([key]) => key === name)?.[1];

/** A cookie's value in a `Cookie` header (or `document.cookie`), or undefined. */
export const cookieNamed = (cookieHeader: string | undefined, name: string): string | undefined =>
  valueNamed(cookieHeader?.split(';') ?? [], name);
