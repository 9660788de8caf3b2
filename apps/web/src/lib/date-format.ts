import { DEFAULT_TIME_ZONE, useI18n } from '@darsak/ui/i18n';
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
  const make = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale, { timeZone, ...options });
  const day = make({ weekday: 'long', day: 'numeric', month: 'long' });
  const dayShort = make({ weekday: 'short', day: 'numeric', month: 'short' });
  const dayMonth = make({ day: 'numeric', month: 'long' });
  const weekdayName = make({ weekday: 'long' });
  const time = make({ hour: 'numeric', minute: '2-digit' });
  const dayTime = make({ weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
  const key = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const weekday = new Intl.DateTimeFormat(intlLocale, { timeZone: 'UTC', weekday: 'long' });
  return {
    day: (value) => day.format(toDate(value)),
    dayShort: (value) => dayShort.format(toDate(value)),
    dayMonth: (value) => dayMonth.format(toDate(value)),
    weekday: (value) => weekdayName.format(toDate(value)),
    time: (value) => time.format(toDate(value)),
    dayTime: (value) => dayTime.format(toDate(value)),
    timeRange: (from, to) => `${time.format(toDate(from))} – ${time.format(toDate(to))}`,
    dayKey: (value) => key.format(toDate(value)),
    weekdayOf: (dayKey) => weekday.format(new Date(`${dayKey}T12:00:00Z`)),
    timeZone,
  };
}

export function useDateFormat(): DateFormat {
  const { intlLocale } = useI18n();
  return useMemo(() => createDateFormat(intlLocale), [intlLocale]);
}
