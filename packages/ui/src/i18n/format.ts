import { dateTimeFormat, listFormat, numberFormat } from './intl.ts';
import type { Locale } from './locales.ts';
import { LOCALES } from './locales.ts';
import { localeNumber, type NumberOptions } from './numbers.ts';

/** Options `localeNumber` writes without Intl: at most the decimals, and no grouping. */
const isPlain = (options: Intl.NumberFormatOptions | undefined): options is NumberOptions | undefined =>
  options === undefined ||
  Object.entries(options).every(
    ([name, value]) => name === 'maximumFractionDigits' || (name === 'useGrouping' && value === false),
  );

/** Business time zone of DESIGN §3; times are shown in the user's zone, Cairo by default. */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

export interface Formatters {
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** Money is kept in piastres (DESIGN §3) and shown as EGP. */
  piastres(value: number): string;
  egp(value: number): string;
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  dateTime(value: Date | string | number): string;
  time(value: Date | string | number): string;
  minutes(value: number): string;
  /** Minutes as hours and minutes ("٣ ساعات و١٥ دقيقة", "ساعتان", "٤٠ دقيقة"): never a fraction of an hour. */
  duration(minutes: number): string;
}

export function createFormatters(locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): Formatters {
  const intl = LOCALES[locale].intl;
  const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));
  const money = () => numberFormat(intl, { style: 'currency', currency: 'EGP' });
  const minutes = (value: number) =>
    numberFormat(intl, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(value);
  const hours = (value: number) =>
    numberFormat(intl, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(value);
  const duration = (value: number) => {
    const whole = Math.round(value);
    const [h, m] = [Math.floor(whole / 60), whole % 60];
    if (h === 0) return minutes(m);
    return m === 0 ? hours(h) : listFormat(intl, { type: 'conjunction', style: 'long' }).format([hours(h), minutes(m)]);
  };
  return {
    number: (value, options) =>
      isPlain(options) ? localeNumber(locale, value, options) : numberFormat(intl, options).format(value),
    piastres: (value) => money().format(value / 100),
    egp: (value) => money().format(value),
    date: (value, options) => dateTimeFormat(intl, { timeZone, dateStyle: 'long', ...options }).format(toDate(value)),
    dateTime: (value) =>
      dateTimeFormat(intl, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value)),
    time: (value) => dateTimeFormat(intl, { timeZone, timeStyle: 'short' }).format(toDate(value)),
    minutes,
    duration,
  };
}

/**
 * Loads Intl's data for the language before a page renders, a task's worth a step. A page's first number formatter
 * loads ICU's data, about 70 ms on a phone at Lighthouse's 4× slowdown, and its first date formatter about 15 ms
 * more: inside React's first render or hydration they made one long task with it. Loading the locale's own data
 * first (`maximize`) splits the number formatter's share in two, so no step is a long task (apps/web start.tsx).
 */
export function formatDataSteps(locale: Locale): (() => void)[] {
  const intl = LOCALES[locale].intl;
  const format = createFormatters(locale);
  return [
    () => new Intl.Locale(intl).maximize(),
    () => numberFormat(intl).format(0),
    () => format.piastres(0),
    () => format.date(0),
  ];
}
