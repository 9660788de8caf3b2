/** Business time of DESIGN §3: Egypt, which observes daylight saving, so offsets are never hard-coded. */
export const BUSINESS_TIME_ZONE = 'Africa/Cairo';

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 1440;
export const DAYS_PER_WEEK = 7;
/** The specification's month constant (§9), used where a "month" is counted in days. */
export const MONTH_DAYS = 30;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
export const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;
export const MS_PER_WEEK = DAYS_PER_WEEK * MS_PER_DAY;

/** Wall-clock reading in Cairo. `month` is 1-12, `weekday` 0 (Sunday) to 6 (Saturday). */
export interface CairoParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** Built on first use: the first formatter with a time zone loads the zone data, tens of milliseconds on a phone. */
let cairoFormat: Intl.DateTimeFormat | undefined;
const cairoFormatOptions: Intl.DateTimeFormatOptions = {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** Cairo's offset from UTC, read from Intl (slow: microseconds a call), by the UTC hour it holds through. */
const offsetsByHour = new Map<number, number>();
const OFFSETS_KEPT = 50_000; // about five years of hours; cleared past that

/**
 * Cairo's offset from UTC in ms at an instant (+2 h in winter, +3 h in summer). Offsets change only at
 * daylight-saving transitions, on a whole UTC hour, so one reading serves its hour: free times and subscription
 * weeks read the Cairo calendar hundreds of times a request.
 */
export function cairoOffsetMs(date: Date): number {
  const hour = Math.floor(date.getTime() / MS_PER_HOUR);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    const n: Record<string, number> = {};
    cairoFormat ??= new Intl.DateTimeFormat('en-US', cairoFormatOptions);
    for (const part of cairoFormat.formatToParts(new Date(hour * MS_PER_HOUR))) n[part.type] = Number(part.value);
    offset = Date.UTC(n.year ?? 0, (n.month ?? 1) - 1, n.day ?? 1, n.hour ?? 0, n.minute ?? 0) - hour * MS_PER_HOUR;
    if (offsetsByHour.size >= OFFSETS_KEPT) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

export function cairoParts(date: Date): CairoParts {
  const wall = new Date(date.getTime() + cairoOffsetMs(date));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

export interface CairoWallTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

/**
 * The instant a Cairo wall clock shows the given time. Two passes settle the offset across a
 * daylight-saving change; a time skipped by the spring jump maps to the first instant after it.
 */
export function cairoWallTimeToDate({ year, month, day, hour = 0, minute = 0 }: CairoWallTime): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - cairoOffsetMs(new Date(wall));
  return new Date(wall - cairoOffsetMs(new Date(first)));
}

/** First instant of the Cairo calendar day that contains `date`. */
export function startOfCairoDay(date: Date): Date {
  const { year, month, day } = cairoParts(date);
  return cairoWallTimeToDate({ year, month, day });
}

/** Same wall time `months` calendar months later (clamped to the month's last day), in UTC terms. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
