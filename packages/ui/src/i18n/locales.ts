export type Locale = 'ar' | 'en';
export type Direction = 'rtl' | 'ltr';

export const LOCALES: Record<Locale, { dir: Direction; intl: string; label: string }> = {
  ar: { dir: 'rtl', intl: 'ar-EG', label: 'العربية' },
  en: { dir: 'ltr', intl: 'en-EG', label: 'English' },
};

export const DEFAULT_LOCALE: Locale = 'ar';
export const LOCALE_STORAGE_KEY = 'darsak.locale';

export const isLocale = (value: unknown): value is Locale => value === 'ar' || value === 'en';
