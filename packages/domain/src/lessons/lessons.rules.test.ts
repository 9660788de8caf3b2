import { describe, expect, it } from 'vitest';
import { cairoWallTimeToDate, MS_PER_MINUTE } from '../common/time.ts';
import { LessonStatus } from './lessons.enums.ts';
import {
  type BookingFacts,
  bookableLessonLengths,
  bookingViolation,
  cancellableUntil,
  cancellationViolation,
  endedStatusOf,
  lessonPricePiastres,
  tutorAbsenceViolation,
} from './lessons.rules.ts';

// Monday 2025-01-06, 09:00 Cairo, in a subscription week from Thursday 2025-01-02 06:00 to the next Thursday.
const now = cairoWallTimeToDate({ year: 2025, month: 1, day: 6, hour: 9 });
const at = (day: number, hour: number, minute = 0) => cairoWallTimeToDate({ year: 2025, month: 1, day, hour, minute });
const week = { start: at(2, 6), end: at(9, 6) };
const lessonAt = (start: Date, minutes = 30) => ({
  start: start.getTime(),
  end: start.getTime() + minutes * MS_PER_MINUTE,
});

const facts = (overrides: Partial<BookingFacts> = {}): BookingFacts => ({
  now,
  lesson: lessonAt(at(6, 18)),
  durationMinutes: 30,
  week,
  remainingMinutes: 60,
  hasPendingLesson: false,
  tutor: {
    bookable: true,
    noticePeriodMinutes: 30,
    lessonLengths: [15, 30],
    slots: [{ weekday: 1, startMinute: 17 * 60, endMinute: 20 * 60 }],
    busy: [],
  },
  studentBusy: [],
  ...overrides,
});

describe('booking rules', () => {
  it('books only the lengths both the tutor and the platform offer, ascending', () => {
    expect(bookableLessonLengths([30, 15], [15, 30])).toEqual([15, 30]);
    expect(bookableLessonLengths([15, 30], [30])).toEqual([30]);
    expect(bookableLessonLengths([15], [30])).toEqual([]);
  });

  it('books a free time inside the slots, the notice and the week', () => {
    expect(bookingViolation(facts())).toBeNull();
  });

  it('refuses each broken rule with its code, in the order a student can act on', () => {
    const tutor = facts().tutor;
    expect(bookingViolation(facts({ lesson: lessonAt(at(6, 8, 45)) }))?.code).toBe('lesson-time-passed');
    expect(bookingViolation(facts({ lesson: lessonAt(at(9, 18)) }))?.code).toBe('week-boundaries-violation');
    expect(bookingViolation(facts({ week: { start: at(2, 6), end: at(6, 12) } }))?.code).toBe(
      'week-boundaries-violation',
    );
    expect(bookingViolation(facts({ hasPendingLesson: true }))?.code).toBe('reached-booking-limit');
    expect(bookingViolation(facts({ remainingMinutes: 15 }))?.code).toBe('no-enough-minutes');
    expect(bookingViolation(facts({ tutor: { ...tutor, lessonLengths: [15] } }))?.code).toBe(
      'lesson-length-unavailable',
    );
    expect(bookingViolation(facts({ tutor: { ...tutor, bookable: false } }))).toEqual({
      code: 'busy-tutor',
      reason: 'inactive',
    });
    expect(bookingViolation(facts({ tutor: { ...tutor, noticePeriodMinutes: 600 } }))?.reason).toBe('notice-period');
    expect(bookingViolation(facts({ lesson: lessonAt(at(6, 19, 45)) }))?.reason).toBe('outside-slots');
    expect(bookingViolation(facts({ tutor: { ...tutor, busy: [lessonAt(at(6, 18, 15), 15)] } }))?.reason).toBe('taken');
    expect(bookingViolation(facts({ studentBusy: [lessonAt(at(6, 17, 45))] }))?.code).toBe('conflicting-lessons');
  });

  it('lets back-to-back lessons through', () => {
    const tutor = { ...facts().tutor, busy: [lessonAt(at(6, 17, 30))] };
    expect(bookingViolation(facts({ tutor }))).toBeNull();
  });

  it('prices a lesson from the per-minute rate', () => {
    expect(lessonPricePiastres(250, 30)).toBe(7500);
  });
});

describe('cancelling and moving', () => {
  const startsAt = at(6, 18);
  const policy = { cancellationWindowHours: 6, lateBookingCancelGraceMinutes: 10 };
  const bookedEarly = at(5, 9);
  const rule = (when: Date, status: LessonStatus = LessonStatus.pending, bookedAt = bookedEarly) =>
    cancellationViolation({ now: when, startsAt, bookedAt, status, policy });

  it('is allowed until the cancellation window before the start', () => {
    expect(cancellableUntil({ startsAt, bookedAt: bookedEarly }, policy)).toEqual(at(6, 12));
    expect(rule(at(6, 12))).toBeNull();
    expect(rule(at(6, 12, 1))).toBe('cancellation-window-passed');
    expect(rule(at(6, 18))).toBe('lesson-time-passed');
    expect(rule(at(6, 9), LessonStatus.happening)).toBe('lesson-time-passed');
    expect(rule(at(6, 9), LessonStatus.cancelledByTutor)).toBe('illegal');
  });

  it('gives a lesson booked inside the window the grace minutes after booking', () => {
    const bookedAt = at(6, 17);
    expect(cancellableUntil({ startsAt, bookedAt }, policy)).toEqual(at(6, 17, 10));
    expect(rule(at(6, 17, 10), LessonStatus.pending, bookedAt)).toBeNull();
    expect(rule(new Date(at(6, 17, 10).getTime() + 1), LessonStatus.pending, bookedAt)).toBe(
      'cancellation-window-passed',
    );
  });

  it('never past the start, and no grace when the setting is 0', () => {
    const bookedAt = at(6, 17, 55);
    expect(cancellableUntil({ startsAt, bookedAt }, policy)).toEqual(startsAt);
    expect(rule(at(6, 18), LessonStatus.pending, bookedAt)).toBe('lesson-time-passed');
    const noGrace = { ...policy, lateBookingCancelGraceMinutes: 0 };
    expect(cancellableUntil({ startsAt, bookedAt: at(6, 17) }, noGrace)).toEqual(at(6, 17));
    const justAfter = new Date(at(6, 17).getTime() + 1);
    const status = LessonStatus.pending;
    expect(cancellationViolation({ now: justAfter, startsAt, bookedAt: at(6, 17), status, policy: noGrace })).toBe(
      'cancellation-window-passed',
    );
  });

  it('takes the later of the window and the grace just before the window closes', () => {
    expect(cancellableUntil({ startsAt, bookedAt: at(6, 11, 55) }, policy)).toEqual(at(6, 12, 5));
    expect(cancellableUntil({ startsAt, bookedAt: at(6, 11, 50) }, policy)).toEqual(at(6, 12));
  });
});

describe('tutor did not attend', () => {
  const startsAt = at(6, 18);
  const rule = (when: Date, tutorJoinedAt: Date | null = null, status: LessonStatus = LessonStatus.happening) =>
    tutorAbsenceViolation({ now: when, startsAt, status, tutorJoinedAt, noShowGraceMinutes: 5 });

  it('lets the student end the lesson once the grace minutes passed without the tutor', () => {
    expect(rule(at(6, 18, 4))).toBe('tutor-may-still-join');
    expect(rule(at(6, 18, 5))).toBeNull();
    expect(rule(at(6, 18, 10), at(6, 18, 1))).toBe('illegal');
    expect(rule(at(6, 18, 10), null, LessonStatus.fulfilled)).toBe('illegal');
  });

  it('ends a held lesson as fulfilled only when the tutor came', () => {
    expect(endedStatusOf(at(6, 18))).toBe(LessonStatus.fulfilled);
    expect(endedStatusOf(null)).toBe(LessonStatus.cancelledByTutor);
  });
});
