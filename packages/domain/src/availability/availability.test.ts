import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cairoParts, MS_PER_HOUR, MS_PER_MINUTE } from '../common/time.ts';
import { bookingViolation } from '../lessons/lessons.rules.ts';
import {
  addsHours,
  bookableWindow,
  freeTimes,
  isInsideSlots,
  mergeSpans,
  type Span,
  slotSpansBetween,
  slotsMatch,
} from './availability.rules.ts';
import {
  overlappingSlotIndexes,
  ReplaceSlotsInput,
  SLOT_STEP_MINUTES,
  sortedLessonLengths,
  type WeeklySlot,
} from './availability.schemas.ts';

const STEP = SLOT_STEP_MINUTES * MS_PER_MINUTE;
const cairo = (iso: string) => new Date(iso).getTime();
const hours = (span: Span) => (span.end - span.start) / MS_PER_HOUR;

// Egypt's changes: 2025-04-25 00:00 → 01:00 (spring), 2025-10-30 24:00 → 23:00 (autumn).
const SPRING = cairo('2025-04-24T22:00:00Z');
const AUTUMN = cairo('2025-10-30T21:00:00Z');

describe('added hours', () => {
  const nine = { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 };
  it('sees a first week, a longer day and a new day as added hours', () => {
    expect(addsHours([], [nine])).toBe(true);
    expect(addsHours([nine], [{ ...nine, endMinute: 13 * 60 }])).toBe(true);
    expect(addsHours([nine], [nine, { ...nine, weekday: 2 }])).toBe(true);
  });
  it('sees the same, a shorter or a split week as nothing added', () => {
    expect(addsHours([nine], [nine])).toBe(false);
    expect(addsHours([nine], [{ ...nine, endMinute: 10 * 60 }])).toBe(false);
    expect(
      addsHours(
        [nine],
        [
          { ...nine, endMinute: 10 * 60 },
          { ...nine, startMinute: 11 * 60 },
        ],
      ),
    ).toBe(false);
    expect(addsHours([nine], [])).toBe(false);
  });
});

describe('weekly slot schema', () => {
  it('takes quarter-hour spans that end after they start', () => {
    const ok = ReplaceSlotsInput.safeParse({ slots: [{ weekday: 1, startMinute: 600, endMinute: 1440 }] });
    expect(ok.success).toBe(true);
    const messages = (slots: unknown) =>
      ReplaceSlotsInput.safeParse({ slots }).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages([{ weekday: 1, startMinute: 610, endMinute: 700 }])).toContain('slots.0.startMinute:slot-step');
    expect(messages([{ weekday: 1, startMinute: 600, endMinute: 600 }])).toContain('slots.0.endMinute:slot-range');
    expect(messages([{ weekday: 7, startMinute: 0, endMinute: 60 }])).toHaveLength(1);
    expect(messages([{ weekday: 1, startMinute: 0, endMinute: 1455 }])).toContain('slots.0.endMinute:slot-step');
  });

  it('refuses spans of one weekday that overlap, not ones that touch', () => {
    const slots = [
      { weekday: 2, startMinute: 600, endMinute: 720 },
      { weekday: 2, startMinute: 720, endMinute: 780 },
      { weekday: 3, startMinute: 600, endMinute: 720 },
      { weekday: 2, startMinute: 690, endMinute: 705 },
    ];
    expect(overlappingSlotIndexes(slots)).toEqual([3]);
    expect(ReplaceSlotsInput.safeParse({ slots }).error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['slots', 3], 'slot-overlap'],
    ]);
  });

  it('takes one or both lesson lengths, each once, or none for older clients', () => {
    const lengths = (lessonLengths: unknown) => ReplaceSlotsInput.safeParse({ slots: [], lessonLengths });
    expect(lengths(undefined).success).toBe(true);
    expect(lengths([30, 15]).success).toBe(true);
    expect(lengths([30]).data?.lessonLengths).toEqual([30]);
    expect(lengths([]).error?.issues.map((i) => i.message)).toEqual(['lesson-lengths-required']);
    expect(lengths([15, 15]).error?.issues.map((i) => i.message)).toEqual(['lesson-lengths-duplicate']);
    expect(lengths([20]).success).toBe(false);
    expect(sortedLessonLengths([30, 15])).toEqual([15, 30]);
  });
});

describe('slot spans in Cairo time', () => {
  it('places a slot at the wall-clock time of winter and summer', () => {
    const slots = [{ weekday: 1, startMinute: 600, endMinute: 660 }]; // Monday 10:00–11:00
    const [winter] = slotSpansBetween(slots, cairo('2025-01-06T00:00:00Z'), cairo('2025-01-07T00:00:00Z'));
    const [summer] = slotSpansBetween(slots, cairo('2025-07-07T00:00:00Z'), cairo('2025-07-08T00:00:00Z'));
    expect(new Date(winter?.start ?? 0).toISOString()).toBe('2025-01-06T08:00:00.000Z');
    expect(new Date(summer?.start ?? 0).toISOString()).toBe('2025-07-07T07:00:00.000Z');
  });

  it('keeps the part of a slot that exists on the spring night, and the longer autumn night', () => {
    const friday = [{ weekday: 5, startMinute: 0, endMinute: 120 }]; // 00:00–02:00, 00:00–01:00 skipped
    const [spring] = slotSpansBetween(friday, SPRING - 6 * MS_PER_HOUR, SPRING + 6 * MS_PER_HOUR);
    expect(spring && new Date(spring.start).toISOString()).toBe('2025-04-24T22:00:00.000Z');
    expect(spring && hours(spring)).toBe(1);
    const thursday = [{ weekday: 4, startMinute: 22 * 60, endMinute: 1440 }]; // 22:00–24:00, 23:00 twice
    const [autumn] = slotSpansBetween(thursday, AUTUMN - 6 * MS_PER_HOUR, AUTUMN + 6 * MS_PER_HOUR);
    expect(autumn && hours(autumn)).toBe(3);
    // 3 real hours hold 11 half-hour lessons on the quarter-hour grid.
    const from = AUTUMN - 2 * MS_PER_HOUR;
    expect([
      ...freeTimes({ slots: thursday, busy: [], durationMinutes: 30, from, to: from + 6 * MS_PER_HOUR }),
    ]).toHaveLength(11);
  });

  it('joins touching spans, across midnight too', () => {
    const slots = [
      { weekday: 1, startMinute: 23 * 60, endMinute: 1440 },
      { weekday: 2, startMinute: 0, endMinute: 60 },
    ];
    const monday = cairo('2025-01-06T20:00:00Z');
    expect(slotSpansBetween(slots, monday, monday + 4 * MS_PER_HOUR).map(hours)).toEqual([2]);
    expect(isInsideSlots(slots, { start: cairo('2025-01-06T21:45:00Z'), end: cairo('2025-01-06T22:15:00Z') })).toBe(
      true,
    );
    expect(
      mergeSpans([
        { start: 5, end: 6 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 6 },
    ]);
  });

  it('matches the tutor-list filters by weekday and part of the day', () => {
    const slots = [{ weekday: 0, startMinute: 20 * 60, endMinute: 22 * 60 }];
    expect(slotsMatch(slots, { weekday: 0 })).toBe(true);
    expect(slotsMatch(slots, { weekday: 1 })).toBe(false);
    expect(slotsMatch(slots, { timeOfDay: 'evening' })).toBe(true);
    expect(slotsMatch(slots, { weekday: 0, timeOfDay: 'night' })).toBe(true);
    expect(slotsMatch(slots, { weekday: 0, timeOfDay: 'morning' })).toBe(false);
    expect(slotsMatch([], {})).toBe(false);
  });
});

// ---- property-based: free times against a quarter-hour oracle that reads the Cairo wall clock directly ----

const weeklySlots = fc
  .array(
    fc
      .record({
        weekday: fc.integer({ min: 0, max: 6 }),
        start: fc.integer({ min: 0, max: 95 }),
        len: fc.integer({ min: 1, max: 24 }),
      })
      .map(({ weekday, start, len }) => ({
        weekday,
        startMinute: start * 15,
        endMinute: Math.min(96, start + len) * 15,
      })),
    { maxLength: 12 },
  )
  .map((slots) => slots.filter((_, i) => !overlappingSlotIndexes(slots).includes(i)));

/** Instants over two years, and on purpose around both daylight-saving changes. */
const instant = fc.oneof(
  fc.integer({ min: cairo('2024-01-01T00:00:00Z'), max: cairo('2026-01-01T00:00:00Z') }),
  fc.integer({ min: SPRING - 3 * 24 * MS_PER_HOUR, max: SPRING + 24 * MS_PER_HOUR }),
  fc.integer({ min: AUTUMN - 3 * 24 * MS_PER_HOUR, max: AUTUMN + 24 * MS_PER_HOUR }),
);

const scenario = fc
  .record({
    slots: weeklySlots,
    from: instant,
    days: fc.integer({ min: 1, max: 8 }),
    durationMinutes: fc.constantFrom(15, 30),
    lessons: fc.array(fc.record({ at: fc.integer({ min: 0, max: 9 * 96 }), minutes: fc.constantFrom(15, 30) }), {
      maxLength: 10,
    }),
  })
  .map(({ slots, from, days, durationMinutes, lessons }) => {
    const base = Math.floor(from / STEP) * STEP - 24 * MS_PER_HOUR;
    const busy = lessons.map((l) => ({
      start: base + l.at * STEP,
      end: base + l.at * STEP + l.minutes * MS_PER_MINUTE,
    }));
    return { slots, busy, durationMinutes, from, to: from + days * 24 * MS_PER_HOUR };
  });

/** A quarter hour is free time when the Cairo wall clock at its start reads a weekday and minute inside a slot. */
function quarterInSlots(slots: readonly WeeklySlot[], at: number): boolean {
  const p = cairoParts(new Date(at));
  const minute = p.hour * 60 + p.minute;
  return slots.some((s) => s.weekday === p.weekday && s.startMinute <= minute && minute < s.endMinute);
}

function oracle(q: { slots: WeeklySlot[]; busy: Span[]; durationMinutes: number; from: number; to: number }) {
  const starts: number[] = [];
  for (let start = Math.ceil(q.from / STEP) * STEP; start < q.to; start += STEP) {
    const end = start + q.durationMinutes * MS_PER_MINUTE;
    let inside = true;
    for (let at = start; at < end && inside; at += STEP) inside = quarterInSlots(q.slots, at);
    if (inside && !q.busy.some((b) => b.start < end && start < b.end)) starts.push(start);
  }
  return starts;
}

describe('free times (property-based)', () => {
  it('are exactly the grid starts inside slots, free of lessons, in [from, to)', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const free = [...freeTimes(q)];
        for (const time of free) {
          expect(time.start % STEP).toBe(0);
          expect(time.start).toBeGreaterThanOrEqual(q.from);
          expect(time.start).toBeLessThan(q.to);
          expect(time.end - time.start).toBe(q.durationMinutes * MS_PER_MINUTE);
          expect(q.busy.some((b) => b.start < time.end && time.start < b.end)).toBe(false);
          expect(isInsideSlots(q.slots, time)).toBe(true);
        }
        expect(free.map((t) => t.start)).toEqual(oracle(q));
      }),
      { numRuns: 60 },
    );
  });

  it('agree with the booking rules: a free time books, a taken or outside one is busy-tutor', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 6 * 24 }), (q, weekBegan) => {
        const now = new Date(q.from);
        const week = { start: new Date(q.from - weekBegan * MS_PER_HOUR), end: new Date(q.to) };
        const window = bookableWindow({ now, noticePeriodMinutes: 30, week });
        const free = new Set([...freeTimes({ ...q, from: window.start, to: window.end })].map((t) => t.start));
        for (let start = Math.ceil(window.start / STEP) * STEP; start < window.end; start += STEP) {
          const violation = bookingViolation({
            now,
            lesson: { start, end: start + q.durationMinutes * MS_PER_MINUTE },
            durationMinutes: q.durationMinutes,
            week,
            remainingMinutes: 60,
            hasPendingLesson: false,
            tutor: { bookable: true, noticePeriodMinutes: 30, lessonLengths: [15, 30], slots: q.slots, busy: q.busy },
            studentBusy: [],
          });
          expect(violation === null).toBe(free.has(start));
          if (violation) expect(violation.code).toBe('busy-tutor');
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('bookable window', () => {
  it('starts after the notice, inside the week, and ends with it', () => {
    const week = { start: new Date('2025-01-09T04:00:00Z'), end: new Date('2025-01-16T04:00:00Z') };
    expect(bookableWindow({ now: new Date('2025-01-10T12:00:00Z'), noticePeriodMinutes: 30, week })).toEqual({
      start: cairo('2025-01-10T12:30:00Z'),
      end: cairo('2025-01-16T04:00:00Z'),
    });
    expect(bookableWindow({ now: new Date('2025-01-08T12:00:00Z'), noticePeriodMinutes: 30, week }).start).toBe(
      cairo('2025-01-09T04:00:00Z'),
    );
  });
});
