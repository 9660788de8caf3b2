import { ARABIC_INDIC_DIGITS, type Direction, LOCALE_DIRECTIONS, type Locale } from '@darsak/domain/common';

export {
  DEFAULT_LOCALE,
  type Direction,
  isLocale,
  LOCALE_STORAGE_KEY,
  type Locale,
  requestedLocale,
} from '@darsak/domain/common';

/**
 * `digits` (0–9) and `decimal` (the decimal separator) as Intl writes them for `intl` (a test holds them to it), so
 * numbers in texts need no formatter: a page's first formatter loads the locale's number data.
 */
export const LOCALES: Record<Locale, { dir: Direction; intl: string; label: string; digits: string; decimal: string }> =
  {
    ar: { dir: LOCALE_DIRECTIONS.ar, intl: 'ar-EG', label: 'العربية', digits: ARABIC_INDIC_DIGITS, decimal: '٫' },
    en: { dir: LOCALE_DIRECTIONS.en, intl: 'en-EG', label: 'English', digits: '0123456789', decimal: '.' },
  };
