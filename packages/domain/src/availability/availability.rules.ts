import {
  cairoOffsetMs,
  cairoParts,
  cairoWallTimeToDate,
  MINUTES_PER_DAY,
  MS_PER_DAY,
  MS_PER_MINUTE,
} from '../common/time.ts';
import { SLOT_STEP_MINUTES, type WeeklySlot } from './availability.schemas.ts';

/** A stretch of time, [start, end) in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

const STEP_MS = SLOT_STEP_MINUTES * MS_PER_MINUTE;

export const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/** The Cairo calendar day `offset` days after the one containing `at`. */
export function cairoDay(at: Date, offset = 0): CalendarDay {
  const { year, month, day } = cairoParts(at);
  return calendarDay(Date.UTC(year, month - 1, day + offset));
}

function calendarDay(utcMidnight: number): CalendarDay {
  const date = new Date(utcMidnight);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

/** A stretch of one Cairo day with a single UTC offset. */
interface DayPiece extends Span {
  offset: number;
}

const dayPiecesMemo = new Map<number, DayPiece[]>();

/**
 * A Cairo calendar day as real time: one piece, or two when the offset changes that day (the autumn night,
 * when 23:00–24:00 is read twice). The spring night simply starts at 01:00.
 */
function cairoDayPieces(utcMidnight: number): DayPiece[] {
  const memo = dayPiecesMemo.get(utcMidnight);
  if (memo) return memo;
  const { year, month, day } = calendarDay(utcMidnight);
  const next = calendarDay(utcMidnight + MS_PER_DAY);
  const start = cairoWallTimeToDate({ year, month, day }).getTime();
  const end = cairoWallTimeToDate(next).getTime();
  const first = cairoOffsetMs(new Date(start));
  const last = cairoOffsetMs(new Date(end - 1));
  let pieces: DayPiece[] = [{ start, end, offset: first }];
  if (first !== last) {
    // The change falls on a minute: the first minute read with the new offset.
    let lo = 0;
    let hi = Math.floor((end - start) / MS_PER_MINUTE) - 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (cairoOffsetMs(new Date(start + mid * MS_PER_MINUTE)) === first) lo = mid;
      else hi = mid;
    }
    const change = start + hi * MS_PER_MINUTE;
    pieces = [
      { start, end: change, offset: first },
      { start: change, end, offset: last },
    ];
  }
  if (dayPiecesMemo.size > 4096) dayPiecesMemo.clear();
  dayPiecesMemo.set(utcMidnight, pieces);
  return pieces;
}

const midnightOf = (day: CalendarDay) => Date.UTC(day.year, day.month - 1, day.day);

/**
 * The real time during which a Cairo wall clock on this calendar day reads a minute in [startMinute,
 * endMinute) (1440: the day's end). A reading skipped by the spring change has no time; one read twice in
 * autumn has both.
 */
export function cairoDaySpans(day: CalendarDay, startMinute: number, endMinute: number): Span[] {
  const midnight = midnightOf(day);
  const spans: Span[] = [];
  for (const piece of cairoDayPieces(midnight)) {
    const start = Math.max(piece.start, midnight + startMinute * MS_PER_MINUTE - piece.offset);
    const end = Math.min(piece.end, midnight + endMinute * MS_PER_MINUTE - piece.offset);
    if (start < end) spans.push({ start, end });
  }
  return spans;
}

/** The first instant at or after a Cairo wall-clock minute of a calendar day (past the spring gap if in it). */
export function cairoDayMinuteToMs(day: CalendarDay, minute: number): number {
  const [first] = cairoDaySpans(day, minute, MINUTES_PER_DAY);
  return first ? first.start : (cairoDayPieces(midnightOf(day)).at(-1)?.end ?? midnightOf(day));
}

/** Joins spans that overlap or touch, so a lesson may run from one into the next. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.start < s.end).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The weekly slots as real instants on the days around [from, to): each Cairo calendar day's spans at that
 * day's offset, so a slot keeps its wall-clock times across daylight-saving changes.
 */
export function slotSpansBetween(slots: readonly WeeklySlot[], from: number, to: number): Span[] {
  const spans: Span[] = [];
  for (let offset = -1; ; offset++) {
    const day = cairoDay(new Date(from), offset);
    const [dayStart] = cairoDayPieces(midnightOf(day));
    if (!dayStart || dayStart.start >= to) break;
    for (const slot of slots) {
      if (slot.weekday !== day.weekday) continue;
      for (const span of cairoDaySpans(day, slot.startMinute, slot.endMinute)) if (span.end > from) spans.push(span);
    }
  }
  return mergeSpans(spans);
}

/** The week's slots as spans of minutes from Sunday 00:00, merged. */
const weekMinutes = (slots: readonly WeeklySlot[]): Span[] =>
  mergeSpans(
    slots.map((s) => ({
      start: s.weekday * MINUTES_PER_DAY + s.startMinute,
      end: s.weekday * MINUTES_PER_DAY + s.endMinute,
    })),
  );

/** True when the new week holds some time the old one did not (hours were added, not only moved away). */
export function addsHours(before: readonly WeeklySlot[], after: readonly WeeklySlot[]): boolean {
  const old = weekMinutes(before);
  return weekMinutes(after).some((span) => !old.some((o) => o.start <= span.start && span.end <= o.end));
}

/** True when [start, start + duration) lies inside the weekly slots. */
export function isInsideSlots(slots: readonly WeeklySlot[], lesson: Span): boolean {
  return slotSpansBetween(slots, lesson.start, lesson.end).some((s) => s.start <= lesson.start && lesson.end <= s.end);
}

export interface FreeTimesRequest {
  slots: readonly WeeklySlot[];
  /** Time already taken (the tutor's held lessons). */
  busy: readonly Span[];
  durationMinutes: number;
  /** Earliest start (the notice period already added); rounded up to the grid. */
  from: number;
  /** Starts must be before this (the week's end); the lesson itself may run past it. */
  to: number;
}

const ceilToStep = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

/**
 * Every start on the quarter-hour grid in [from, to) whose lesson lies inside a slot and overlaps no busy span,
 * in time order. A generator, so the first free time costs only what it takes to find it.
 */
export function* freeTimes(query: FreeTimesRequest): Generator<Span> {
  const length = query.durationMinutes * MS_PER_MINUTE;
  if (query.from >= query.to || length <= 0) return;
  const busy = [...query.busy].sort((a, b) => a.start - b.start);
  for (const span of slotSpansBetween(query.slots, query.from, query.to + length)) {
    for (let start = ceilToStep(Math.max(span.start, query.from)); start < query.to; start += STEP_MS) {
      const lesson = { start, end: start + length };
      if (lesson.end > span.end) break;
      if (!busy.some((b) => overlaps(b, lesson))) yield lesson;
    }
  }
}

/** A stretch of time lessons may start in: the current subscription week (already cut at its end). */
export interface BookableWeek {
  start: Date;
  end: Date;
}

/** Where a lesson may start: not before now plus the tutor's notice, and inside the week. */
export function bookableWindow(input: { now: Date; noticePeriodMinutes: number; week: BookableWeek }): Span {
  return {
    start: Math.max(input.now.getTime() + input.noticePeriodMinutes * MS_PER_MINUTE, input.week.start.getTime()),
    end: input.week.end.getTime(),
  };
}

export function firstFreeTime(query: FreeTimesRequest): Span | undefined {
  for (const time of freeTimes(query)) return time;
  return undefined;
}

/** Parts of the day a student can filter tutors by, in Cairo minutes from midnight. */
export const TIMES_OF_DAY = {
  morning: [{ start: 6 * 60, end: 12 * 60 }],
  afternoon: [{ start: 12 * 60, end: 17 * 60 }],
  evening: [{ start: 17 * 60, end: 21 * 60 }],
  night: [
    { start: 21 * 60, end: 24 * 60 },
    { start: 0, end: 6 * 60 },
  ],
} as const satisfies Record<string, readonly Span[]>;
export type TimeOfDay = keyof typeof TIMES_OF_DAY;

/** True when some slot falls on the weekday (if given) and meets the part of the day (if given). */
export function slotsMatch(
  slots: readonly WeeklySlot[],
  filter: { weekday?: number | undefined; timeOfDay?: TimeOfDay | undefined },
): boolean {
  return slots.some(
    (slot) =>
      (filter.weekday === undefined || slot.weekday === filter.weekday) &&
      (filter.timeOfDay === undefined ||
        TIMES_OF_DAY[filter.timeOfDay].some((part) =>
          overlaps(part, { start: slot.startMinute, end: slot.endMinute }),
        )),
  );
}
