import {
  bookableWindow,
  type FreeTimes,
  type FreeTimesQuery,
  MAX_FREE_TIMES_RANGE_DAYS,
  type Span,
} from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type BookLessonInput,
  bookableLessonLengths,
  bookingViolation,
  type CancellationPolicy,
  CancelReason,
  cancellationViolation,
  holdsTime,
  LessonStatus,
  type LessonView,
  lessonPricePiastres,
  type RebookLessonInput,
} from '@darsak/domain/lessons';
import { isPausedAt } from '@darsak/domain/subscriptions';
import { Role } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { HeldSpan, StudentBookingInputs } from './lessons.booking-inputs.ts';
import type { LessonLifecycle } from './lessons.lifecycle.ts';
import type { HeldLesson, LessonRow } from './lessons.repo.ts';
import * as repo from './lessons.repo.ts';
import type { LessonsDeps } from './lessons.service.ts';
import type { LessonsShared, Member } from './lessons.shared.ts';

type BookingDeps = Pick<
  LessonsDeps,
  | 'db'
  | 'clock'
  | 'settings'
  | 'users'
  | 'subscriptions'
  | 'bookingTutor'
  | 'slotsOf'
  | 'outbox'
  | 'realtime'
  | 'metrics'
>;

const spansOf = (lessons: HeldLesson[]): Span[] =>
  lessons.map((l) => ({ start: l.startsAt.getTime(), end: l.endsAt.getTime() }));

const memberOf = (lesson: LessonRow, userId: number): Member | undefined =>
  lesson.studentId === userId ? 'student' : lesson.tutorId === userId ? 'tutor' : undefined;

/**
 * Booking: a tutor's free times, and placing, moving and cancelling a lesson, each checked against the rules of
 * spec §5 / DESIGN §4. A placed lesson's start, end and reminders are the lifecycle's jobs, enlisted with it.
 */
export function createLessonBooking(
  deps: BookingDeps,
  shared: LessonsShared,
  lifecycle: Pick<LessonLifecycle, 'scheduleLifecycle'>,
) {
  const { db, clock } = deps;
  const { bookingInputs, studentInputs, inTransaction, requireLessonForUpdate, settle, notify, announce, viewOf } =
    shared;

  async function assertVerified(userId: number) {
    const user = await deps.users.findById(db, userId);
    if (!user) throw new AppError('user-not-found');
    if (!user.emailVerifiedAt) throw new AppError('unverified-email');
    if (!user.phoneVerifiedAt) throw new AppError('unverified-phone');
  }

  /** A student's bookable stretch of their week, and its minutes with a moved lesson's given back. */
  async function studentWeek(
    student: { id: number; inputs: StudentBookingInputs },
    noticePeriodMinutes: number,
    movingLessonId: number | undefined,
  ) {
    const { week } = student.inputs;
    if (!week) return null;
    const start = new Date(week.startsAt);
    const end = new Date(week.endsAt);
    const moved = movingLessonId === undefined ? undefined : await repo.findLesson(db, movingLessonId);
    const inWeek = moved !== undefined && moved.startsAt >= start && moved.startsAt < end;
    const returned = moved?.studentId === student.id && holdsTime(moved.status) && inWeek ? moved.durationMinutes : 0;
    return {
      window: bookableWindow({ now: clock.now(), noticePeriodMinutes, week: { start, end } }),
      view: {
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        remainingMinutes: week.remainingMinutes + returned,
      },
    };
  }

  /**
   * Books one lesson inside the caller's transaction, every rule of spec §5 / DESIGN §4 checked against locked
   * facts: the student's subscription row (so concurrent bookings cannot overdraw the week) and the tutor's
   * row (shared, so a schedule change waits). The exclusion and unique constraints stop what slips past.
   */
  async function placeLesson(
    tx: Db,
    p: { studentId: number; tutorId: number; startsAt: Date; durationMinutes: number; rebookedFrom: number | null },
  ): Promise<LessonRow> {
    const now = clock.now();
    const settings = await deps.settings.current(tx);
    const subscription = await deps.subscriptions.lockActiveForStudent(tx, p.studentId);
    const tutor = await deps.bookingTutor(tx, p.tutorId, 'share');
    if (!tutor) throw new AppError('tutor-not-found');
    const lesson = { start: p.startsAt.getTime(), end: p.startsAt.getTime() + p.durationMinutes * MS_PER_MINUTE };
    const [from, to] = [new Date(lesson.start), new Date(lesson.end)];
    if (isPausedAt(subscription.pause, from))
      throw new AppError('subscription-paused', { until: subscription.pause?.endsAt });
    const violation = bookingViolation({
      now,
      lesson,
      durationMinutes: p.durationMinutes,
      week: { start: subscription.week.startsAt, end: subscription.week.endsAt },
      remainingMinutes: await deps.subscriptions.remainingWeeklyMinutes(tx, subscription),
      hasPendingLesson: await repo.hasPendingLesson(tx, p.studentId),
      tutor: {
        bookable: tutor.bookable,
        noticePeriodMinutes: tutor.noticePeriodMinutes,
        lessonLengths: bookableLessonLengths(tutor.lessonLengths, settings.lessonLengthsOffered),
        slots: await deps.slotsOf(tx, p.tutorId),
        busy: spansOf(await repo.heldLessons(tx, { tutorIds: [p.tutorId] }, from, to)),
      },
      studentBusy: spansOf(await repo.heldLessons(tx, { studentId: p.studentId }, from, to)),
    });
    if (violation) throw new AppError(violation.code, violation.reason ? { reason: violation.reason } : undefined);
    const row = await repo.insertLesson(tx, {
      studentId: p.studentId,
      tutorId: p.tutorId,
      subscriptionId: subscription.id,
      startsAt: from,
      endsAt: to,
      durationMinutes: p.durationMinutes,
      pricePiastres: lessonPricePiastres(
        tutor.ratePerMinutePiastres ?? settings.tutorRatePerMinutePiastres,
        p.durationMinutes,
      ),
      rebookedFrom: p.rebookedFrom,
      // The app's clock, not the database's: the late-booking grace counts from it (cancellationViolation).
      createdAt: now,
    });
    await lifecycle.scheduleLifecycle(tx, row);
    return row;
  }

  /** DESIGN §4: until the cancellation window, or the grace after a late booking (lessons.rules). */
  function mustBeCancellable(lesson: LessonRow, policy: CancellationPolicy) {
    const refused = cancellationViolation({
      now: clock.now(),
      startsAt: lesson.startsAt,
      bookedAt: lesson.createdAt,
      status: lesson.status,
      policy,
    });
    if (refused) throw new AppError(refused);
  }

  return {
    async book(actor: AuthUser, input: BookLessonInput): Promise<LessonView> {
      await assertVerified(actor.id);
      const lesson = await inTransaction(async (tx) => {
        const row = await placeLesson(tx, {
          ...input,
          studentId: actor.id,
          startsAt: new Date(input.startsAt),
          rebookedFrom: null,
        });
        await notify(tx, row, 'booked', ['student', 'tutor']);
        return row;
      });
      deps.metrics.lessonBooked('booked');
      await announce(lesson, 'lesson:booked');
      return viewOf(lesson.id);
    },

    /** Moves a pending lesson: the old one is cancelled and the new one must pass every booking rule. */
    async rebook(actor: AuthUser, input: RebookLessonInput): Promise<LessonView> {
      // Whose lesson it is never changes: answer a stranger before any rule of the booking.
      const own = await repo.findLesson(db, input.id);
      if (!own) throw new AppError('lesson-not-found');
      if (own.studentId !== actor.id) throw new AppError('forbidden');
      await assertVerified(actor.id);
      const policy = await deps.settings.current();
      const { previous, lesson } = await inTransaction(async (tx) => {
        // The subscription first, as a booking locks it: the same order everywhere cannot deadlock.
        await deps.subscriptions.lockActiveForStudent(tx, actor.id);
        const previous = await requireLessonForUpdate(tx, input.id);
        mustBeCancellable(previous, policy);
        await settle(tx, previous.id, [LessonStatus.pending], {
          status: LessonStatus.cancelledByStudent,
          cancelledAt: clock.now(),
          cancelledBy: actor.id,
          cancelReason: CancelReason.rebooked,
        });
        const lesson = await placeLesson(tx, {
          studentId: actor.id,
          tutorId: previous.tutorId,
          startsAt: new Date(input.startsAt),
          durationMinutes: input.durationMinutes,
          rebookedFrom: previous.id,
        });
        await notify(tx, lesson, 'rebooked', ['student', 'tutor']);
        return { previous, lesson };
      });
      deps.metrics.lessonBooked('rebooked');
      await shared.forgetLesson(lesson);
      const moved = { ...shared.eventOf(lesson), previousLessonId: previous.id };
      for (const userId of [lesson.studentId, lesson.tutorId]) deps.realtime.toUser(userId, 'lesson:rebooked', moved);
      deps.outbox.kick();
      return viewOf(lesson.id);
    },

    /** The student or the tutor cancels until the cancellation window; the minutes come back (derived). */
    async cancel(actor: AuthUser, id: number): Promise<LessonView> {
      const policy = await deps.settings.current();
      const lesson = await inTransaction(async (tx) => {
        const lesson = await requireLessonForUpdate(tx, id);
        const who = memberOf(lesson, actor.id);
        if (!who) throw new AppError('forbidden');
        mustBeCancellable(lesson, policy);
        const row = await settle(tx, lesson.id, [LessonStatus.pending], {
          status: who === 'student' ? LessonStatus.cancelledByStudent : LessonStatus.cancelledByTutor,
          cancelledAt: clock.now(),
          cancelledBy: actor.id,
        });
        await notify(tx, lesson, 'cancelled', ['student', 'tutor']);
        return row ?? lesson;
      });
      await announce(lesson, 'lesson:cancelled');
      return viewOf(lesson.id);
    },

    /**
     * An admin cancels a held lesson at any time before it ends (no cancellation window applies to staff):
     * cancelled by admin, `cancelled_by` naming them (their reason goes to the audit log). Both members are told;
     * the minutes come back to the student's week (derived from its lessons); `record` writes the audit entry
     * inside the same transaction.
     */
    async cancelByStaff(
      actor: AuthUser,
      id: number,
      record: (tx: Db, before: LessonRow, after: LessonRow) => Promise<void>,
    ): Promise<void> {
      const lesson = await inTransaction(async (tx) => {
        const lesson = await requireLessonForUpdate(tx, id);
        const now = clock.now();
        if (!holdsTime(lesson.status) || lesson.endsAt <= now) throw new AppError('illegal');
        const row = await settle(tx, lesson.id, [LessonStatus.pending, LessonStatus.happening], {
          status: LessonStatus.cancelledByAdmin,
          cancelledAt: now,
          cancelledBy: actor.id,
          ...(lesson.status === LessonStatus.happening ? { endedAt: now } : {}),
        });
        if (!row) throw new AppError('illegal');
        await notify(tx, row, 'cancelledByStaff', ['student', 'tutor']);
        await record(tx, lesson, row);
        return row;
      });
      await announce(lesson, 'lesson:cancelled');
    },

    /**
     * The tutor's really free times for a length: inside the slots, past the notice period, not overlapping a
     * held lesson, and for a signed-in student with a subscription, inside their current week. A length the
     * tutor does not teach, or the platform does not offer, has none (an empty list, with the lengths that may be
     * booked, rather than an error).
     * The tutor's side comes from the per-tutor cache (display only; a booking checks afresh); the student's
     * week and lessons are read per request.
     */
    async freeTimes(viewer: AuthUser | null, query: FreeTimesQuery): Promise<FreeTimes> {
      const now = clock.now();
      const tutor = await bookingInputs.of(query.tutorId);
      const requestedFrom = query.from ? Date.parse(query.from) : now.getTime();
      const requestedTo = query.to ? Date.parse(query.to) : undefined;
      if (requestedTo !== undefined && requestedTo - requestedFrom > MAX_FREE_TIMES_RANGE_DAYS * MS_PER_DAY) {
        throw new AppError('bad-request', { fields: { to: 'range' } });
      }
      const student =
        viewer?.role === Role.student ? { id: viewer.id, inputs: await studentInputs.of(viewer.id) } : undefined;
      const moving = query.movingLessonId;
      const isOwnMoving = (l: HeldSpan) => l.id === moving && l.studentId === student?.id;

      const week = student ? await studentWeek(student, tutor.noticePeriodMinutes, moving) : null;
      const from = Math.max(
        requestedFrom,
        now.getTime() + tutor.noticePeriodMinutes * MS_PER_MINUTE,
        week?.window.start ?? 0,
      );
      const to = Math.min(
        requestedTo ?? week?.window.end ?? requestedFrom + 7 * MS_PER_DAY,
        week?.window.end ?? Infinity,
      );

      const end = to + query.durationMinutes * MS_PER_MINUTE;
      const studentHeld = student ? await studentInputs.heldOver(student.id, student.inputs, from, end) : [];
      const settings = await deps.settings.current();
      const lessonLengths = bookableLessonLengths(tutor.lessonLengths, settings.lessonLengthsOffered);
      const offered = tutor.bookable && lessonLengths.includes(query.durationMinutes);
      const asked = { durationMinutes: query.durationMinutes, from, to, studentHeld };
      const list = offered
        ? await bookingInputs.freeTimes(query.tutorId, tutor, moving ? { ...asked, freed: isOwnMoving } : asked)
        : [];
      return {
        tutorId: query.tutorId,
        durationMinutes: query.durationMinutes,
        lessonLengths,
        week: week?.view ?? null,
        cancellationPolicy: {
          cancellationWindowHours: settings.cancellationWindowHours,
          lateBookingCancelGraceMinutes: settings.lateBookingCancelGraceMinutes,
        },
        total: list.length,
        list,
      };
    },
  };
}
