import { DEFAULT_TIME_ZONE, dateTimeFormat, useI18n } from '@darsak/ui/i18n';
import { useMemo } from 'react';

export interface DateFormat {
  /** "الاثنين، ٢٣ نوفمبر" */
  day(value: Date | string | number): string;
  /** "الاثنين ٢٣ نوف" */
  dayShort(value: Date | string | number): string;
  /** "٢٣ نوفمبر" */
  dayMonth(value: Date | string | number): string;
  /** "الاثنين" */
  weekday(value: Date | string | number): string;
  /** "١٠:٣٠ ص" */
  time(value: Date | string | number): string;
  /** "الاثنين، ٢٣ نوفمبر، ١٠:٣٠ ص" */
  dayTime(value: Date | string | number): string;
  /** "١٠:٣٠ ص – ١١:٠٠ ص" */
  timeRange(from: Date | string | number, to: Date | string | number): string;
  /** The calendar day in the shown zone as YYYY-MM-DD, to group times by day. */
  dayKey(value: Date | string | number): string;
  /** Weekday name of a day key. */
  weekdayOf(key: string): string;
  timeZone: string;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/**
 * Dates and times as people read them here: in Cairo time (DESIGN §3), in the page's language. The core
 * formatters fix `dateStyle`, which cannot be combined with weekday names, hence these.
 */
export function createDateFormat(intlLocale: string, timeZone: string = DEFAULT_TIME_ZONE): DateFormat {
  const make = (locale: string, options: Intl.DateTimeFormatOptions) => (value: Date | string | number) =>
    dateTimeFormat(locale, options).format(toDate(value));
  const shown = (options: Intl.DateTimeFormatOptions) => make(intlLocale, { timeZone, ...options });
  const time = shown({ hour: 'numeric', minute: '2-digit' });
  const weekday = make(intlLocale, { timeZone: 'UTC', weekday: 'long' });
  return {
    day: shown({ weekday: 'long', day: 'numeric', month: 'long' }),
    dayShort: shown({ weekday: 'short', day: 'numeric', month: 'short' }),
    dayMonth: shown({ day: 'numeric', month: 'long' }),
    weekday: shown({ weekday: 'long' }),
    time,
    dayTime: shown({ weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }),
    timeRange: (from, to) => `${time(from)} – ${time(to)}`,
    dayKey: make('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    weekdayOf: (dayKey) => weekday(new Date(`${dayKey}T12:00:00Z`)),
    timeZone,
  };
}

export function useDateFormat(): DateFormat {
  const { intlLocale } = useI18n();
  return useMemo(() => createDateFormat(intlLocale), [intlLocale]);
}
