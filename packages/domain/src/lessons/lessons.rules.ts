import { type BookableWeek, isInsideSlots, overlaps, type Span } from '../availability/availability.rules.ts';
import type { WeeklySlot } from '../availability/availability.schemas.ts';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../common/time.ts';
import { AppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/codes.ts';
import { SESSION_LENGTHS, type SessionLength } from '../sessions/sessions.enums.ts';
import { isLessonCancelled, LessonStatus } from './lessons.enums.ts';

/** A lesson's price, fixed at booking: the tutor's per-minute rate times its length (DESIGN §4). */
export const lessonPricePiastres = (ratePerMinutePiastres: number, durationMinutes: number): number =>
  ratePerMinutePiastres * durationMinutes;

/** The lengths a student may book with a tutor: those the tutor teaches that the platform offers, ascending. */
export const bookableLessonLengths = (
  tutorLengths: readonly SessionLength[],
  offered: readonly SessionLength[],
): SessionLength[] => SESSION_LENGTHS.filter((length) => tutorLengths.includes(length) && offered.includes(length));

/** Pending and happening lessons hold their time: the tutor's and the student's. */
export const holdsTime = (status: LessonStatus): boolean =>
  status === LessonStatus.pending || status === LessonStatus.happening;

export interface BookingFacts {
  now: Date;
  lesson: Span;
  durationMinutes: number;
  /** The student's current subscription week, cut at the subscription's end. */
  week: BookableWeek;
  remainingMinutes: number;
  hasPendingLesson: boolean;
  tutor: {
    bookable: boolean;
    noticePeriodMinutes: number;
    /** The lengths the tutor teaches that the platform offers (bookableLessonLengths). */
    lessonLengths: readonly number[];
    slots: readonly WeeklySlot[];
    /** The tutor's held lessons. */
    busy: readonly Span[];
  };
  /** The student's own held lessons. */
  studentBusy: readonly Span[];
}

export interface BookingViolation {
  code: ErrorCode;
  /** Which tutor rule refused it, for `busy-tutor`. */
  reason?: 'inactive' | 'notice-period' | 'outside-slots' | 'taken';
}

function tutorProblem(f: BookingFacts): BookingViolation['reason'] | undefined {
  if (!f.tutor.bookable) return 'inactive';
  if (f.lesson.start < f.now.getTime() + f.tutor.noticePeriodMinutes * MS_PER_MINUTE) return 'notice-period';
  if (!isInsideSlots(f.tutor.slots, f.lesson)) return 'outside-slots';
  if (f.tutor.busy.some((b) => overlaps(b, f.lesson))) return 'taken';
  return undefined;
}

/** The first booking rule of spec §5 / DESIGN §4 that a lesson breaks, or null when it may be booked. */
export function bookingViolation(f: BookingFacts): BookingViolation | null {
  if (f.lesson.start < f.now.getTime()) return { code: 'lesson-time-passed' };
  if (f.lesson.start < f.week.start.getTime() || f.lesson.start >= f.week.end.getTime()) {
    return { code: 'week-boundaries-violation' };
  }
  if (f.hasPendingLesson) return { code: 'reached-booking-limit' };
  if (f.remainingMinutes < f.durationMinutes) return { code: 'no-enough-minutes' };
  if (!f.tutor.lessonLengths.includes(f.durationMinutes)) return { code: 'lesson-length-unavailable' };
  const reason = tutorProblem(f);
  if (reason) return { code: 'busy-tutor', reason };
  if (f.studentBusy.some((b) => overlaps(b, f.lesson))) return { code: 'conflicting-lessons' };
  return null;
}

/**
 * One bound for a notice period, whoever sets it (the tutor or staff): the contracts cap it absolutely
 * (MAX_NOTICE_PERIOD_MINUTES), the longest in force is the platform settings' `maxNoticePeriodMinutes`.
 */
export function mustBeAllowedNoticePeriod(minutes: number, maxNoticePeriodMinutes: number): void {
  if (minutes > maxNoticePeriodMinutes)
    throw new AppError('bad-request', {
      fields: { noticePeriodMinutes: 'notice-period-max' },
      maxNoticePeriodMinutes,
    });
}

/** The platform settings that decide until when a lesson can be cancelled or moved. */
export interface CancellationPolicy {
  cancellationWindowHours: number;
  lateBookingCancelGraceMinutes: number;
}

/** When the cancellation window before a lesson's start closes (without the late-booking grace). */
export const cancellationWindowCloses = (startsAt: Date, policy: CancellationPolicy): Date =>
  new Date(startsAt.getTime() - policy.cancellationWindowHours * MS_PER_HOUR);

/**
 * Last moment a lesson can be cancelled or moved (DESIGN §4): the cancellation window before its start, or, when
 * that leaves less, the grace minutes after it was booked, so a lesson booked late can still be undone for a
 * moment; never past its start. Taking the later of the two keeps the rule monotonic: booking earlier never
 * leaves less time to change one's mind.
 */
export function cancellableUntil(lesson: { startsAt: Date; bookedAt: Date }, policy: CancellationPolicy): Date {
  const start = lesson.startsAt.getTime();
  const windowEnds = cancellationWindowCloses(lesson.startsAt, policy).getTime();
  const graceEnds = Math.min(lesson.bookedAt.getTime() + policy.lateBookingCancelGraceMinutes * MS_PER_MINUTE, start);
  return new Date(Math.max(windowEnds, graceEnds));
}

/** Why a lesson can no longer be cancelled or moved, or null while it can. */
export function cancellationViolation(input: {
  now: Date;
  startsAt: Date;
  bookedAt: Date;
  status: LessonStatus;
  policy: CancellationPolicy;
}): ErrorCode | null {
  if (isLessonCancelled(input.status)) return 'illegal';
  if (input.status !== LessonStatus.pending || input.now >= input.startsAt) return 'lesson-time-passed';
  if (input.now > cancellableUntil(input, input.policy)) return 'cancellation-window-passed';
  return null;
}

/**
 * Why the student may not (yet) end a lesson as "tutor did not attend": only a held lesson the tutor never
 * joined, once the grace minutes after its start have passed.
 */
export function tutorAbsenceViolation(input: {
  now: Date;
  startsAt: Date;
  status: LessonStatus;
  tutorJoinedAt: Date | null;
  noShowGraceMinutes: number;
}): ErrorCode | null {
  if (!holdsTime(input.status) || input.tutorJoinedAt) return 'illegal';
  if (input.now < tutorAbsentFrom(input.startsAt, input.noShowGraceMinutes)) return 'tutor-may-still-join';
  return null;
}

/** When a tutor who has not joined counts as absent: the no-show grace minutes after the start. */
export const tutorAbsentFrom = (startsAt: Date, noShowGraceMinutes: number): Date =>
  new Date(startsAt.getTime() + noShowGraceMinutes * MS_PER_MINUTE);

/** How a held lesson ends at its end time: fulfilled when the tutor came, otherwise cancelled by the tutor. */
export const endedStatusOf = (tutorJoinedAt: Date | null): LessonStatus =>
  tutorJoinedAt ? LessonStatus.fulfilled : LessonStatus.cancelledByTutor;

/** Why the cancellation happened, besides a plain cancel. */
export const CancelReason = {
  rebooked: 'rebooked',
  tutorDidNotAttend: 'tutorDidNotAttend',
} as const;
