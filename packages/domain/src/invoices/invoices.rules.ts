import { cairoParts, cairoWallTimeToDate } from '../common/time.ts';
import { WITHDRAWAL_PROCESSING_BUSINESS_DAYS } from './invoices.constants.ts';

/** A withdrawal may never exceed what the tutor has available (balance minus reserved requests). */
export const withdrawalFitsBalance = (amountPiastres: number, availablePiastres: number): boolean =>
  amountPiastres > 0 && amountPiastres <= availablePiastres;

/** A withdrawal must lie within the least and the most the platform settings allow now. */
export const withdrawalWithinLimits = (
  amountPiastres: number,
  limits: { withdrawalMinPiastres: number; withdrawalMaxPiastres: number },
): boolean => amountPiastres >= limits.withdrawalMinPiastres && amountPiastres <= limits.withdrawalMaxPiastres;

/** Egypt's weekend: Friday and Saturday. */
const isBusinessDay = (weekday: number) => weekday !== 5 && weekday !== 6;

/** The Cairo calendar day `n` business days after `from` (a `YYYY-MM-DD` string). */
function businessDaysAfter(from: Date, n: number): string {
  const { year, month, day } = cairoParts(from);
  const date = new Date(Date.UTC(year, month - 1, day));
  for (let left = n; left > 0; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isBusinessDay(date.getUTCDay())) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** When a request made at `createdAt` should be paid: 4 to 5 business days later (spec §9). */
export function expectedPayoutWindow(createdAt: Date): { from: string; to: string } {
  const { min, max } = WITHDRAWAL_PROCESSING_BUSINESS_DAYS;
  return { from: businessDaysAfter(createdAt, min), to: businessDaysAfter(createdAt, max) };
}

/** The Saturday (Egypt's first weekday) that starts the Cairo week of `at`, as `YYYY-MM-DD`. */
export function cairoWeekStart(at: Date): string {
  const { year, month, day, weekday } = cairoParts(at);
  const date = new Date(Date.UTC(year, month - 1, day - ((weekday + 1) % 7)));
  return date.toISOString().slice(0, 10);
}

/** Earnings summed by Cairo week for the `weeks` weeks up to `now`, oldest first, empty weeks included. */
export function weeklyEarnings(
  entries: readonly { at: Date; piastres: number }[],
  now: Date,
  weeks: number,
): { weekStart: string; piastres: number }[] {
  const last = new Date(`${cairoWeekStart(now)}T00:00:00Z`);
  const series = Array.from({ length: weeks }, (_, i) => {
    const start = new Date(last);
    start.setUTCDate(start.getUTCDate() - 7 * (weeks - 1 - i));
    return { weekStart: start.toISOString().slice(0, 10), piastres: 0 };
  });
  const byWeek = new Map(series.map((w) => [w.weekStart, w]));
  for (const entry of entries) {
    const week = byWeek.get(cairoWeekStart(entry.at));
    if (week) week.piastres += entry.piastres;
  }
  return series;
}

/** The first instant of the Cairo day `YYYY-MM-DD` (`plusDays` later), for date filters. */
export function cairoDayStart(isoDate: string, plusDays = 0): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return cairoWallTimeToDate({ year, month, day: day + plusDays });
}

/** The Cairo month `YYYY-MM` as an instant range [from, to). */
export function cairoMonthRange(month: string): { from: Date; to: Date } {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return {
    from: cairoWallTimeToDate({ year, month: m, day: 1 }),
    to: cairoWallTimeToDate({ year, month: m + 1, day: 1 }),
  };
}

/** Where a request or saved method pays to, in one line: the wallet, the bank and account, or the Instapay address. */
export function withdrawDestination(p: {
  method: number;
  phone: string | null;
  bank: string | null;
  accountNumber: string | null;
  instapayAddress: string | null;
}): string {
  if (p.method === 0) return p.phone ?? '';
  if (p.method === 1) return `${p.bank ?? ''} · ${p.accountNumber ?? ''}`;
  return p.instapayAddress ?? '';
}
