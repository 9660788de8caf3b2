import { SessionStatus } from '../sessions/sessions.enums.ts';
import { LessonStatus } from './lessons.enums.ts';
import { CancelReason } from './lessons.rules.ts';

/** Who cancelled a lesson: one of its members, an admin, or the platform (a tutor who never came). */
export const CANCELLERS = ['student', 'tutor', 'admin', 'platform'] as const;
export type Canceller = (typeof CANCELLERS)[number];

/** What a lesson's outcome is read from: its status, and why and by whom it ended. */
export interface LessonOutcomeFacts {
  status: LessonStatus;
  cancelReason: string | null;
  /** When the student first joined its call (null: never). */
  studentJoinedAt: Date | string | null;
}

/**
 * Who cancelled a cancelled lesson (null otherwise). The status says whose side; a tutor who never came is the
 * platform's doing (the end job, or the student ending it after the grace minutes), not the tutor's act.
 */
export function cancellerOf(lesson: Pick<LessonOutcomeFacts, 'status' | 'cancelReason'>): Canceller | null {
  switch (lesson.status) {
    case LessonStatus.cancelledByStudent:
      return 'student';
    case LessonStatus.cancelledByAdmin:
      return 'admin';
    case LessonStatus.cancelledByTutor:
      return lesson.cancelReason === CancelReason.tutorDidNotAttend ? 'platform' : 'tutor';
    default:
      return null;
  }
}

/**
 * The Session status (spec §4) of each lesson status: the lessons' counterpart of the demo sessions' table
 * (`DEMO_SESSION_STATUSES` in interviews.machine.ts), whose numbers it shares. A lesson's moves stay in the
 * lessons service (each from the states it may leave); its call only mirrors where the lesson ended, by whose side:
 * - pending (1) while the lesson is pending or happening;
 * - passed (2) when it was fulfilled (and the student came: see `lessonSessionStatus`);
 * - rejected (3) when it fell through on the student's side: cancelled or moved by the student;
 * - canceled by tutor (5) on the tutor's side: cancelled by the tutor, or the tutor never came (the lesson's own
 *   status is then "cancelled by the tutor" too, with the reason `tutorDidNotAttend`);
 * - canceled by admin (6) when an admin cancelled it.
 * Canceled by tutor manager (4) is a demo session's, when its manager calls it off; a lesson has no such party.
 */
export const LESSON_SESSION_STATUSES: Readonly<Record<LessonStatus, SessionStatus>> = {
  [LessonStatus.pending]: SessionStatus.pending,
  [LessonStatus.happening]: SessionStatus.pending,
  [LessonStatus.fulfilled]: SessionStatus.passed,
  [LessonStatus.cancelledByStudent]: SessionStatus.rejected,
  [LessonStatus.cancelledByTutor]: SessionStatus.canceledByTutor,
  [LessonStatus.cancelledByAdmin]: SessionStatus.canceledByAdmin,
};

/**
 * The status of a lesson's live session. A lesson the tutor held without the student is fulfilled (the tutor
 * came and is paid), but its call was not held: the student's no-show, rejected (3) like the student's cancel.
 */
export function lessonSessionStatus(lesson: LessonOutcomeFacts): SessionStatus {
  if (lesson.status === LessonStatus.fulfilled && lesson.studentJoinedAt === null) return SessionStatus.rejected;
  return LESSON_SESSION_STATUSES[lesson.status];
}
