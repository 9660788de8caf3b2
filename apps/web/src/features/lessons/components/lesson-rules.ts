import { holdsTime, LessonStatus, type LessonView } from '@darsak/domain/lessons';
import { SESSION_OPENS_MINUTES_BEFORE } from '@darsak/domain/sessions';

const MS_PER_MINUTE = 60_000;

/** Pending and before the cancellation window: it may be cancelled or moved. */
export const canChange = (lesson: LessonView, now: number) =>
  lesson.status === LessonStatus.pending && now <= Date.parse(lesson.cancellableUntil);

/** Pending but inside the cancellation window. */
export const changeWindowPassed = (lesson: LessonView, now: number) =>
  lesson.status === LessonStatus.pending && now > Date.parse(lesson.cancellableUntil);

/** The call opens some minutes before the start and closes at the end. */
export const joinOpensAt = (lesson: LessonView) =>
  Date.parse(lesson.startsAt) - SESSION_OPENS_MINUTES_BEFORE * MS_PER_MINUTE;
export const canJoin = (lesson: LessonView, now: number) =>
  holdsTime(lesson.status) && now >= joinOpensAt(lesson) && now < Date.parse(lesson.endsAt);
export const isJoinAhead = (lesson: LessonView, now: number) => holdsTime(lesson.status) && now < joinOpensAt(lesson);
