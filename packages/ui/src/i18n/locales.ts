export type Locale = 'ar' | 'en';
export type Direction = 'rtl' | 'ltr';

/** `digits`: 0–9 as Intl writes them for `intl` (a test holds them to it), so counts need no formatter. */
export const LOCALES: Record<Locale, { dir: Direction; intl: string; label: string; digits: string }> = {
  ar: { dir: 'rtl', intl: 'ar-EG', label: 'العربية', digits: '٠١٢٣٤٥٦٧٨٩' },
  en: { dir: 'ltr', intl: 'en-EG', label: 'English', digits: '0123456789' },
};

export const DEFAULT_LOCALE: Locale = 'ar';
export const LOCALE_STORAGE_KEY = 'darsak.locale';

export const isLocale = (value: unknown): value is Locale => value === 'ar' || value === 'en';
