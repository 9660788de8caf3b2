import { AppError } from '@darsak/domain/errors';
import {
  cancellableUntil,
  type LessonStatus,
  type LessonView,
  lessonSessionStatus,
  tutorAbsentFrom,
} from '@darsak/domain/lessons';
import { sessionOpensAt } from '@darsak/domain/sessions';
import type { PlatformSettings } from '@darsak/domain/settings';
import type { Gender } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import { codeForDbError, isRetryableTransactionError } from '../../platform/http/db-errors.ts';
import { createBookingInputs, createStudentBookingInputs } from './lessons.booking-inputs.ts';
import { LESSON_MESSAGE_KIND, type LessonNoticeKind, lessonNotice } from './lessons.messages.ts';
import type { LessonChanges, LessonRow, LessonViewRow } from './lessons.repo.ts';
import * as repo from './lessons.repo.ts';
import type { LessonsDeps } from './lessons.service.ts';

export type Member = 'student' | 'tutor';

/** How many times a lesson's transaction runs when PostgreSQL ends it for a deadlock or a serialization conflict. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * What booking (lessons.booking.ts), the lesson's lifecycle (lessons.lifecycle.ts) and the reads
 * (lessons.service.ts) share: the lesson's transaction, view, notices and announcement, the move to an outcome,
 * and the free-times caches every change of a lesson makes stale.
 */
export function createLessonsShared(deps: LessonsDeps) {
  const { db, clock } = deps;
  const studentHeldLessons = repo.studentHeldLessonsQuery(db);
  const bookingInputs = createBookingInputs({
    db,
    clock,
    store: deps.bookingInputsStore,
    bookingTutor: deps.bookingTutor,
    slotsOf: deps.slotsOf,
  });
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

  /**
   * Writes the notice to the members named, each as the notification policy says for its kind. `once` names a
   * notice sent by a job, so a rerun of the job stores each member's message only once.
   */
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
      // pushed, it opens the lesson's page
      const opens = { ...notice, url: `/lesson/${lesson.id}` };
      await deps.notifications.send(tx, recipient.id, LESSON_MESSAGE_KIND[kind], opens, {
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

  async function requireLessonForUpdate(tx: Db, id: number): Promise<LessonRow> {
    const lesson = await repo.findLessonForUpdate(tx, id);
    if (!lesson) throw new AppError('lesson-not-found');
    return lesson;
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

  return {
    bookingInputs,
    studentInputs,
    toView,
    viewOf,
    inTransaction,
    currentWeekOf,
    forgetLesson,
    notify,
    eventOf,
    announce,
    requireLessonForUpdate,
    settle,
  };
}

export type LessonsShared = ReturnType<typeof createLessonsShared>;
