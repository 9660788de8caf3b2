import { MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  attendanceOf,
  type CallEvent,
  CancelReason,
  callDownSince,
  earnedPiastres,
  endedStatusOf,
  endsForDrop,
  holdsTime,
  LessonStatus,
  type LessonView,
  REMINDERS,
  type ReminderKey,
  tutorAbsenceViolation,
} from '@darsak/domain/lessons';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { LessonRow } from './lessons.repo.ts';
import * as repo from './lessons.repo.ts';
import type { LessonsDeps } from './lessons.service.ts';
import type { LessonsShared } from './lessons.shared.ts';

/** Job names of the lesson lifecycle (lessons.jobs.ts runs them). */
export const LESSON_JOBS = {
  start: 'lesson-start',
  end: 'lesson-end',
  endDropped: 'lessons-end-dropped',
  reminder: 'lesson-reminder',
  catchUp: 'lessons-catch-up',
} as const;

type LifecycleDeps = Pick<LessonsDeps, 'db' | 'clock' | 'settings' | 'callEvents' | 'queue' | 'outbox' | 'metrics'>;

/** A lesson under way whose call has been down for `maxDropMinutes` (endsForDrop). */
const downTooLong = (facts: LessonRow & { events: CallEvent[] }, now: Date, maxDropMinutes: number) =>
  facts.status === LessonStatus.happening && endsForDrop(callDownSince(facts, now), now, maxDropMinutes);

/**
 * A booked lesson's life: its start, its end (fulfilled and credited, or the tutor's no-show), the end of one whose
 * call dropped for good, the student's "tutor did not attend", and its reminders. The job handlers are idempotent:
 * each checks the lesson's state and the clock.
 */
export function createLessonLifecycle(deps: LifecycleDeps, shared: LessonsShared) {
  const { db, clock } = deps;
  const { inTransaction, requireLessonForUpdate, settle, notify, announce } = shared;

  async function scheduleLifecycle(tx: Db, lesson: LessonRow) {
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

  /** Starts a lesson at its time, and tells both members it starts now (by push, to those who turned it on). */
  async function startLesson(lessonId: number) {
    const now = clock.now();
    const started = await db.transaction(async (tx) => {
      const lesson = await repo.findLessonForUpdate(tx, lessonId);
      if (lesson?.status !== LessonStatus.pending || lesson.startsAt > now) return undefined;
      const moved = await repo.moveLesson(tx, lesson.id, [LessonStatus.pending], { status: LessonStatus.happening });
      // started after its end (a catch-up after an outage), "starts now" would not be true
      if (moved && now.getTime() < lesson.endsAt.getTime()) {
        const once = `lesson-starting:${lesson.id}:${lesson.startsAt.toISOString()}`;
        await notify(tx, lesson, 'startingNow', ['student', 'tutor'], once);
      }
      return moved;
    });
    if (started) {
      await shared.forgetLesson(started);
      deps.outbox.kick();
    }
  }

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

  return {
    startLesson,
    endLesson,

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
      return shared.viewOf(lesson.id);
    },

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

    /**
     * The start, end and reminder jobs of a lesson, in the transaction that wrote it: a booking's, or another
     * module's (the local `POST /dev/lesson`).
     */
    scheduleLifecycle,
  };
}

export type LessonLifecycle = ReturnType<typeof createLessonLifecycle>;
