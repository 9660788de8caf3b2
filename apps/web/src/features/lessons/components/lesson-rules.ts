import { holdsTime, LessonStatus, type LessonView } from '@darsak/domain/lessons';

/** Pending and before the cancellation window: it may be cancelled or moved. */
export const canChange = (lesson: LessonView, now: number) =>
  lesson.status === LessonStatus.pending && now <= Date.parse(lesson.cancellableUntil);

/** Pending but inside the cancellation window. */
export const changeWindowPassed = (lesson: LessonView, now: number) =>
  lesson.status === LessonStatus.pending && now > Date.parse(lesson.cancellableUntil);

/**
 * The student may end it as "tutor did not attend": held, the tutor never joined, the no-show time passed and
 * the lesson is not over (the server's tutorAbsenceViolation decides; this only offers the button).
 */
export const mayEndAsTutorAbsent = (lesson: LessonView, viewerId: number, now: number) =>
  lesson.student.id === viewerId &&
  holdsTime(lesson.status) &&
  lesson.tutorJoinedAt === null &&
  now >= Date.parse(lesson.noShowAt) &&
  now < Date.parse(lesson.endsAt);

/** The call opens when the server says (a platform setting before the start) and closes at the end. */
export const canJoin = (lesson: LessonView, now: number) =>
  holdsTime(lesson.status) && now >= Date.parse(lesson.joinOpensAt) && now < Date.parse(lesson.endsAt);
export const isJoinAhead = (lesson: LessonView, now: number) =>
  holdsTime(lesson.status) && now < Date.parse(lesson.joinOpensAt);
