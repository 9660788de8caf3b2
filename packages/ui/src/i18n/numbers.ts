import { withDigits } from '@darsak/domain/common';
import { numberFormat } from './intl.ts';
import { LOCALES, type Locale } from './locales.ts';

/**
 * A text of the domain (shared with the server, written with Western digits) in the locale's digits, so a page
 * never mixes two styles; Latin names such as MP4 or 3-D Secure keep theirs.
 */
export const inLocaleDigits = (locale: Locale, text: string): string => withDigits(text, LOCALES[locale].digits);

/** The options a number is written with; others (currency, units, notation) are Intl's to write. */
export interface NumberOptions {
  maximumFractionDigits?: number;
  useGrouping?: false;
}

/**
 * A number in the locale as Intl writes it with these options. Counts, ratings and averages, nearly every number a
 * page shows, are written from the locale's digits without building a formatter (the first one a page builds loads
 * the locale's data, tens of milliseconds on a phone). Negative numbers, and those big enough to group, go through
 * Intl.
 */
export function localeNumber(locale: Locale, value: number, options: NumberOptions = {}): string {
  const decimals = options.maximumFractionDigits ?? 3;
  // With grouping, only numbers that round below 1,000 have no separator to write.
  const plainBelow = options.useGrouping === false ? 1e12 : 999.5;
  if (!(value >= 0 && value < plainBelow && Number.isInteger(decimals) && decimals <= 3)) {
    return numberFormat(LOCALES[locale].intl, options).format(value);
  }
  return inLocaleDigits(locale, rounded(value, decimals)).replace('.', LOCALES[locale].decimal);
}

/**
 * 0 ≤ value < 1e12 at most `decimals` decimals, rounded as Intl rounds: half away from zero on the number's shortest
 * decimal form (1.115 is 1.12, where `toFixed` rounds the binary value below it to 1.11).
 */
function rounded(value: number, decimals: number): string {
  const text = String(value);
  if (text.includes('e')) return '0'; // below 1e-6
  const [whole = '0', fraction = ''] = text.split('.');
  const scale = 10 ** decimals;
  const units =
    Number(whole + fraction.slice(0, decimals).padEnd(decimals, '0')) + ((fraction[decimals] ?? '0') >= '5' ? 1 : 0);
  const part = String(units % scale)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  return part ? `${Math.floor(units / scale)}.${part}` : String(Math.floor(units / scale));
}
