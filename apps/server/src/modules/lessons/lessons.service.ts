import {
  bookableWindow,
  type FreeTimes,
  type FreeTimesQuery,
  MAX_FREE_TIMES_RANGE_DAYS,
  type Span,
  type WeeklySlot,
} from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE, offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  attendanceOf,
  type BookLessonInput,
  bookableLessonLengths,
  bookingViolation,
  type CallEvent,
  type CancellationPolicy,
  CancelReason,
  callDownSince,
  cancellableUntil,
  cancellationViolation,
  earnedPiastres,
  endedStatusOf,
  endsForDrop,
  holdsTime,
  type LessonListQuery,
  LessonStatus,
  type LessonView,
  lessonPricePiastres,
  lessonSessionStatus,
  REMINDERS,
  type RebookLessonInput,
  type ReminderKey,
  tutorAbsenceViolation,
  tutorAbsentFrom,
} from '@darsak/domain/lessons';
import { type SessionStatus, sessionOpensAt } from '@darsak/domain/sessions';
import type { PlatformSettings } from '@darsak/domain/settings';
import { type Gender, isAdminRole, Role } from '@darsak/domain/users';
import type { SnapshotStore } from '../../platform/cache/snapshot-cache.ts';
import type { Changes } from '../../platform/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { codeForDbError, isRetryableTransactionError } from '../../platform/http/db-errors.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { TutorChanges } from '../tutors/tutors.changes.ts';
import type { BookingTutorRow } from '../tutors/tutors.repo.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  createBookingInputs,
  createStudentBookingInputs,
  type HeldSpan,
  type StudentBookingInputs,
} from './lessons.booking-inputs.ts';
import { calendarToken, calendarUserOf, lessonsCalendar } from './lessons.calendar.ts';
import { deliveryOf, type LessonNoticeKind, lessonNotice } from './lessons.messages.ts';
import type { HeldLesson, LessonChanges, LessonRow, LessonViewRow } from './lessons.repo.ts';
import * as repo from './lessons.repo.ts';

/** Job names of the lesson lifecycle (lessons.jobs.ts runs them). */
export const LESSON_JOBS = {
  start: 'lesson-start',
  end: 'lesson-end',
  endDropped: 'lessons-end-dropped',
  reminder: 'lesson-reminder',
  catchUp: 'lessons-catch-up',
} as const;

export interface LessonsDeps {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'current'>;
  users: Pick<UsersService, 'findById'>;
  /** The student's subscription week and its remaining minutes (locked inside a booking). */
  subscriptions: Pick<SubscriptionsService, 'lockActiveForStudent' | 'currentWeek' | 'remainingWeeklyMinutes'>;
  /** The tutor's booking facts (tutors module), share-locked inside a booking. */
  bookingTutor: (db: Db, tutorId: number, lock?: 'share') => Promise<BookingTutorRow | undefined>;
  /** The tutor's weekly slots (availability module). */
  slotsOf: (db: Db, tutorId: number) => Promise<WeeklySlot[]>;
  /** The events of the lesson's live room, oldest first (sessions module): its minutes are measured from them. */
  callEvents: (db: Db, lessonId: number) => Promise<CallEvent[]>;
  /** Writes a lesson's outcome on its live session, if it has one (sessions module), in the caller's transaction. */
  settleCall: (tx: Db, lessonId: number, status: SessionStatus, endedAt: Date) => Promise<void>;
  /** Where the tutors' free-times inputs are cached: in memory, or Redis when REDIS_URL is set. */
  bookingInputsStore: SnapshotStore;
  /** A changed tutor or schedule (tutors module) makes their cached free-times inputs stale. */
  tutorChanges: Pick<TutorChanges, 'subscribe'>;
  /** A student's subscription started or ended (subscriptions, payments): their cached week is stale. */
  subscriptionChanges: Pick<Changes, 'subscribe'>;
  queue: Pick<JobQueue, 'send'>;
  outbox: Pick<Outbox, 'enqueue' | 'kick'>;
  realtime: Pick<Realtime, 'toUser'>;
  /** Bookings and tutors' no-shows are counted as they commit. */
  metrics: Pick<Metrics, 'lessonBooked' | 'tutorNoShow'>;
  uploadUrl: (name: string) => string;
  /** Signs the calendar links (links of the previous secret still open); the feed is under the app's public URL. */
  calendar: { secret: string; previousSecret?: string | undefined; appUrl: string };
}

type Member = 'student' | 'tutor';

const spansOf = (lessons: HeldLesson[]): Span[] =>
  lessons.map((l) => ({ start: l.startsAt.getTime(), end: l.endsAt.getTime() }));

const CALENDAR_PAST_DAYS = 30;

/** How many times a lesson's transaction runs when PostgreSQL ends it for a deadlock or a serialization conflict. */
const TRANSACTION_ATTEMPTS = 3;

export function createLessonsService(deps: LessonsDeps) {
  const { db, clock } = deps;
  const { bookingTutor, slotsOf } = deps;
  const lessonPages = repo.lessonPagesQuery(db);
  const studentHeldLessons = repo.studentHeldLessonsQuery(db);
  const bookingInputs = createBookingInputs({ db, clock, store: deps.bookingInputsStore, bookingTutor, slotsOf });
  deps.tutorChanges.subscribe(bookingInputs.forget);

  const member = (id: number, name: string, image: string | null, gender: string | null) => ({
    id,
    name,
    image: image ? deps.uploadUrl(image) : null,
    gender: gender as Gender | null,
  });

  const toView = (row: LessonViewRow, settings: PlatformSettings): LessonView => {
    const l = row.lesson;
    return {
      id: l.id,
      status: l.status,
      sessionStatus: lessonSessionStatus(l),
      startsAt: l.startsAt.toISOString(),
      endsAt: l.endsAt.toISOString(),
      durationMinutes: l.durationMinutes,
      pricePiastres: l.pricePiastres,
      student: member(l.studentId, row.studentName, row.studentImage, row.studentGender),
      tutor: member(l.tutorId, row.tutorName, row.tutorImage, row.tutorGender),
      rebookedFrom: l.rebookedFrom,
      cancellableUntil: cancellableUntil({ startsAt: l.startsAt, bookedAt: l.createdAt }, settings).toISOString(),
      joinOpensAt: sessionOpensAt(l.startsAt, settings.sessionOpensMinutesBefore).toISOString(),
      noShowAt: tutorAbsentFrom(l.startsAt, settings.noShowGraceMinutes).toISOString(),
      cancelledAt: l.cancelledAt?.toISOString() ?? null,
      cancelledBy: l.cancelledBy,
      cancelReason: l.cancelReason,
      tutorJoinedAt: l.tutorJoinedAt?.toISOString() ?? null,
      chargedMinutes: l.chargedMinutes,
      paidMinutes: l.paidMinutes,
      createdAt: l.createdAt.toISOString(),
    };
  };

  async function viewOf(id: number): Promise<LessonView> {
    const row = await repo.findLessonView(db, id);
    if (!row) throw new AppError('lesson-not-found');
    return toView(row, await deps.settings.current());
  }

  /**
   * A transaction whose named-constraint violations (the last line of defence) surface as their codes. Two bookings
   * of one tutor time may each wait on the other's new lesson at the exclusion constraint; PostgreSQL ends one as a
   * deadlock, which runs again and then meets the other's lesson (busy-tutor), as a user would be told.
   */
  async function inTransaction<T>(work: (tx: Db) => Promise<T>, attempt = 1): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt < TRANSACTION_ATTEMPTS && isRetryableTransactionError(error)) return inTransaction(work, attempt + 1);
      const code = codeForDbError(error);
      // Only the tutor-overlap constraint answers busy-tutor: the time was taken, as the rules would have said.
      if (code === 'busy-tutor') throw new AppError(code, { reason: 'taken' });
      if (code && code !== 'bad-request') throw new AppError(code);
      throw error;
    }
  }

  async function assertVerified(userId: number) {
    const user = await deps.users.findById(db, userId);
    if (!user) throw new AppError('user-not-found');
    if (!user.emailVerifiedAt) throw new AppError('unverified-email');
    if (!user.phoneVerifiedAt) throw new AppError('unverified-phone');
  }

  /** The student's current week and what is left of it, or null: for showing, without the lock (`currentWeek`). */
  const currentWeekOf = (studentId: number) => deps.subscriptions.currentWeek(studentId);

  const studentInputs = createStudentBookingInputs({
    clock,
    store: deps.bookingInputsStore,
    currentWeek: async (studentId) => {
      const current = await currentWeekOf(studentId);
      if (!current) return null;
      const { startsAt, endsAt } = current.subscription.week;
      return { startsAt: startsAt.getTime(), endsAt: endsAt.getTime(), remainingMinutes: current.remaining };
    },
    heldLessons: studentHeldLessons,
  });
  deps.subscriptionChanges.subscribe(studentInputs.forget);

  /** A lesson changed (after it committed): both members' cached free-times inputs are forgotten. */
  const forgetLesson = async ({ tutorId, studentId }: LessonRow) => {
    await Promise.all([bookingInputs.forget(tutorId), studentInputs.forget(studentId)]);
  };

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

  async function scheduleJobs(tx: Db, lesson: LessonRow) {
    const now = clock.now().getTime();
    const once = (job: string, startAfter: Date, suffix = '') => ({
      tx,
      startAfter,
      singletonKey: `${job}:${lesson.id}${suffix}`,
    });
    await deps.queue.send(LESSON_JOBS.start, { lessonId: lesson.id }, once(LESSON_JOBS.start, lesson.startsAt));
    await deps.queue.send(LESSON_JOBS.end, { lessonId: lesson.id }, once(LESSON_JOBS.end, lesson.endsAt));
    for (const { key, minutesBefore } of REMINDERS) {
      const at = lesson.startsAt.getTime() - minutesBefore * MS_PER_MINUTE;
      if (at <= now) continue;
      const data = { lessonId: lesson.id, reminder: key };
      await deps.queue.send(LESSON_JOBS.reminder, data, once(LESSON_JOBS.reminder, new Date(at), `:${key}`));
    }
  }

  /** Writes the notice to the members named, each by their own notification method. */
  /** `once` names a notice sent by a job, so a rerun of the job stores each member's message only once. */
  async function notify(tx: Db, lesson: LessonRow, kind: LessonNoticeKind, to: Member[], once?: string) {
    const student = await deps.users.findById(tx, lesson.studentId);
    const tutor = await deps.users.findById(tx, lesson.tutorId);
    if (!student || !tutor) return;
    for (const who of to) {
      const [recipient, other] = who === 'student' ? [student, tutor] : [tutor, student];
      const notice = lessonNotice(kind, {
        to: who,
        recipient,
        other,
        startsAt: lesson.startsAt,
        durationMinutes: lesson.durationMinutes,
      });
      const { channel, to: address } = deliveryOf(recipient);
      await deps.outbox.enqueue(tx, {
        channel,
        to: address,
        userId: recipient.id,
        subject: channel === 'email' ? notice.subject : undefined,
        text: notice.text,
        template: `lesson-${kind}`,
        dedupeKey: once ? `${once}:${who}` : undefined,
      });
    }
  }

  const eventOf = (lesson: LessonRow) => ({
    lessonId: lesson.id,
    tutorId: lesson.tutorId,
    studentId: lesson.studentId,
    startsAt: lesson.startsAt.toISOString(),
    durationMinutes: lesson.durationMinutes,
    status: lesson.status,
  });

  /**
   * Realtime goes out only after the change committed, to both members, and after the tutor's cached free-times
   * inputs are forgotten, so a member who refetches on the event sees the change.
   */
  async function announce(lesson: LessonRow, event: 'lesson:booked' | 'lesson:cancelled' | 'lesson:ended') {
    await forgetLesson(lesson);
    for (const userId of [lesson.studentId, lesson.tutorId]) deps.realtime.toUser(userId, event, eventOf(lesson));
    deps.outbox.kick();
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
    await scheduleJobs(tx, row);
    return row;
  }

  async function requireLessonForUpdate(tx: Db, id: number): Promise<LessonRow> {
    const lesson = await repo.findLessonForUpdate(tx, id);
    if (!lesson) throw new AppError('lesson-not-found');
    return lesson;
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

  /**
   * Moves a held lesson to where it ended (fulfilled or cancelled) and its live session with it, in the caller's
   * transaction: the session's status and end time always follow the lesson's outcome (lessonSessionStatus).
   */
  async function settle(tx: Db, id: number, from: LessonStatus[], values: LessonChanges) {
    const row = await repo.moveLesson(tx, id, from, values);
    if (row) await deps.settleCall(tx, row.id, lessonSessionStatus(row), row.endedAt ?? row.cancelledAt ?? clock.now());
    return row;
  }

  const memberOf = (lesson: LessonRow, userId: number): Member | undefined =>
    lesson.studentId === userId ? 'student' : lesson.tutorId === userId ? 'tutor' : undefined;

  /**
   * Ends a held lesson (fulfilled if the tutor came, charged and credited for the minutes its call measured; else
   * the tutor's no-show) at its end (the end job), or `early`, before it, when its call has been down for the
   * setting's minutes (endsForDrop). Its minutes are the measured ones either way: a drop still going counts as
   * lost to the lesson's scheduled end, so its untaken minutes go back to the student's week now.
   */
  async function endLesson(lessonId: number, early?: { maxDropMinutes: number }) {
    const now = clock.now();
    const ended = await db.transaction(async (tx) => {
      const lesson = await repo.findLessonForUpdate(tx, lessonId);
      if (!lesson || !holdsTime(lesson.status)) return undefined;
      const facts = { ...lesson, events: await deps.callEvents(tx, lesson.id) };
      const due = early ? downTooLong(facts, now, early.maxDropMinutes) : lesson.endsAt <= now;
      if (!due) return undefined;
      const status = endedStatusOf(lesson.tutorJoinedAt);
      if (status === LessonStatus.fulfilled) {
        // the minutes both were connected are charged and paid; the rest go back to the student's week, and are
        // paid still when only her side was down
        const { chargedMinutes, paidMinutes } = attendanceOf(facts);
        const ended = { status, endedAt: now, chargedMinutes, paidMinutes };
        const row = await settle(tx, lesson.id, [lesson.status], ended);
        await repo.creditLesson(tx, lesson, earnedPiastres(lesson.pricePiastres, paidMinutes, lesson.durationMinutes));
        return row;
      }
      const row = await settle(tx, lesson.id, [lesson.status], {
        status,
        endedAt: now,
        cancelledAt: now,
        cancelReason: CancelReason.tutorDidNotAttend,
      });
      await notify(tx, lesson, 'tutorDidNotAttend', ['student', 'tutor']);
      return row;
    });
    if (ended && ended.status !== LessonStatus.fulfilled) {
      deps.metrics.tutorNoShow('lesson-end');
      await announce(ended, 'lesson:cancelled');
    } else if (ended) await announce(ended, 'lesson:ended');
  }

  /** A lesson under way whose call has been down for `maxDropMinutes` (endsForDrop). */
  const downTooLong = (facts: LessonRow & { events: CallEvent[] }, now: Date, maxDropMinutes: number) =>
    facts.status === LessonStatus.happening && endsForDrop(callDownSince(facts, now), now, maxDropMinutes);

  async function startLesson(lessonId: number) {
    const now = clock.now();
    const started = await db.transaction(async (tx) => {
      const lesson = await repo.findLessonForUpdate(tx, lessonId);
      if (lesson?.status !== LessonStatus.pending || lesson.startsAt > now) return undefined;
      return repo.moveLesson(tx, lesson.id, [LessonStatus.pending], { status: LessonStatus.happening });
    });
    if (started) await forgetLesson(started);
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
        await notify(tx, row, 'booked', ['tutor']);
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
        await notify(tx, lesson, 'rebooked', ['tutor']);
        return { previous, lesson };
      });
      deps.metrics.lessonBooked('rebooked');
      await forgetLesson(lesson);
      const moved = { ...eventOf(lesson), previousLessonId: previous.id };
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
        await notify(tx, lesson, 'cancelled', [who === 'student' ? 'tutor' : 'student']);
        return row ?? lesson;
      });
      await announce(lesson, 'lesson:cancelled');
      return viewOf(lesson.id);
    },

    /** The student ends a lesson the tutor has not joined within the grace minutes: cancelled by the tutor. */
    async endAsTutorAbsent(actor: AuthUser, id: number): Promise<LessonView> {
      const lesson = await inTransaction(async (tx) => {
        const lesson = await requireLessonForUpdate(tx, id);
        if (lesson.studentId !== actor.id) throw new AppError('forbidden');
        const settings = await deps.settings.current(tx);
        const now = clock.now();
        const refused = tutorAbsenceViolation({
          now,
          startsAt: lesson.startsAt,
          status: lesson.status,
          tutorJoinedAt: lesson.tutorJoinedAt,
          noShowGraceMinutes: settings.noShowGraceMinutes,
        });
        if (refused) throw new AppError(refused);
        const row = await settle(tx, lesson.id, [LessonStatus.pending, LessonStatus.happening], {
          status: LessonStatus.cancelledByTutor,
          cancelledAt: now,
          endedAt: now,
          cancelReason: CancelReason.tutorDidNotAttend,
        });
        await notify(tx, lesson, 'tutorDidNotAttend', ['student', 'tutor']);
        return row ?? lesson;
      });
      deps.metrics.tutorNoShow('student');
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

    /** Rows of the staff's queries (lessons.staff.ts), shaped as everyone sees a lesson. */
    async viewsOf(rows: LessonViewRow[]): Promise<LessonView[]> {
      const settings = await deps.settings.current();
      return rows.map((row) => toView(row, settings));
    },

    async get(actor: AuthUser, id: number): Promise<LessonView> {
      const view = await viewOf(id);
      const members = [view.student.id, view.tutor.id];
      if (!members.includes(actor.id) && !isAdminRole(actor.role)) throw new AppError('forbidden');
      return view;
    },

    async list(actor: AuthUser, query: LessonListQuery) {
      const admin = isAdminRole(actor.role);
      if (query.userId !== undefined && query.userId !== actor.id && !admin) throw new AppError('forbidden');
      const { rows, total } = await lessonPages({
        memberId: admin ? query.userId : actor.id,
        when: query.when,
        status: query.status,
        limit: query.size,
        offset: offsetOf(query),
      });
      const settings = await deps.settings.current();
      return { total, list: rows.map((row) => toView(row, settings)) };
    },

    async attendedStats(actor: AuthUser) {
      const figures = await repo.memberFigures(db, actor.role === Role.student ? 'student' : 'tutor', actor.id);
      return {
        lessons: figures?.fulfilled ?? 0,
        minutes: figures?.fulfilledMinutes ?? 0,
        people: figures?.people ?? 0,
        lastLessonAt: figures?.lastFulfilledAt?.toISOString() ?? null,
      };
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

    /** The caller's private ICS link: paste it into Google Calendar ("From URL") or Outlook ("Subscribe"). */
    calendarLink(actor: AuthUser) {
      const base = deps.calendar.appUrl.replace(/\/+$/, '');
      const url = `${base}/api/v1/lesson/calendar/${calendarToken(deps.calendar.secret, actor.id)}.ics`;
      return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
    },

    async calendarFeed(token: string): Promise<string> {
      const { secret, previousSecret } = deps.calendar;
      const userId =
        calendarUserOf(secret, token) ?? (previousSecret ? calendarUserOf(previousSecret, token) : undefined);
      if (userId === undefined) throw new AppError('forbidden');
      const now = clock.now();
      const rows = await repo.calendarLessonViews(
        db,
        userId,
        new Date(now.getTime() - CALENDAR_PAST_DAYS * MS_PER_DAY),
      );
      const settings = await deps.settings.current();
      const lessons = rows.map((row) => toView(row, settings));
      return lessonsCalendar({ lessons, viewerId: userId, appUrl: deps.calendar.appUrl, now });
    },

    // ---- lifecycle (job handlers; idempotent, each checks the lesson's state and the clock) ----

    startLesson,
    endLesson,

    /** A reminder is sent only while its lesson is still pending and ahead; cancelled or moved ones stay quiet. */
    async remind(lessonId: number, reminder: ReminderKey) {
      const now = clock.now();
      const sent = await db.transaction(async (tx) => {
        const lesson = await repo.findLesson(tx, lessonId);
        if (lesson?.status !== LessonStatus.pending || lesson.startsAt <= now) return false;
        const once = `lesson-reminder:${lesson.id}:${lesson.startsAt.toISOString()}:${reminder}`;
        await notify(tx, lesson, reminder, ['student', 'tutor'], once);
        return true;
      });
      if (sent) deps.outbox.kick();
    },

    /** Ends every lesson under way whose call has been down for the setting's minutes (see endLesson). */
    async endDroppedLessons() {
      const { lessonMaxDropMinutes } = await deps.settings.current();
      const since = new Date(clock.now().getTime() - lessonMaxDropMinutes * MS_PER_MINUTE);
      const now = clock.now();
      for (const id of await repo.lessonsUnderWayIds(db, since)) {
        // read first, without a lock: only a lesson whose call is down that long is locked and ended (checked again)
        const lesson = await repo.findLesson(db, id);
        if (lesson && downTooLong({ ...lesson, events: await deps.callEvents(db, id) }, now, lessonMaxDropMinutes))
          await endLesson(id, { maxDropMinutes: lessonMaxDropMinutes });
      }
    },

    /** Moves every lesson whose start or end has come, in case its own job was lost. */
    async catchUp() {
      const now = clock.now();
      for (const id of await repo.dueLessonIds(db, now, 'starting')) await startLesson(id);
      for (const id of await repo.dueLessonIds(db, now, 'ending')) await endLesson(id);
    },

    // ---- for other modules ----

    /** The start, end and reminder jobs of a lesson written by another module (the local `POST /dev/lesson`). */
    scheduleLifecycle: scheduleJobs,

    /** The tutor's held lessons that have not ended (a schedule change must keep them inside the slots). */
    heldLessonsOfTutor: (tx: Db, tutorId: number, now: Date) => repo.heldLessons(tx, { tutorIds: [tutorId] }, now),

    heldLessonsOfTutors: (tutorIds: number[], from: Date, to: Date) => repo.heldLessons(db, { tutorIds }, from, to),
    /** The same inside the caller's transaction (an interviewer who also teaches is busy during their lessons). */
    heldLessonsIn: (tx: Db, tutorIds: number[], from: Date, to: Date) => repo.heldLessons(tx, { tutorIds }, from, to),

    /** The student's current week and its remaining minutes (null without a subscription), for the stats. */
    currentWeekOf,

    /** The lesson a rating is given after, read in the rating's transaction. */
    lessonForRating: (tx: Db, lessonId: number) => repo.findLesson(tx, lessonId),

    close: () => bookingInputs.close(),
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
