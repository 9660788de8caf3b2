import { MS_PER_MINUTE } from '@darsak/domain/common';
import { isLessonCancelled, type LessonStatus } from '@darsak/domain/lessons';
import { lessons } from '../src/modules/lessons/lessons.table.ts';
import type { TestApp } from './build-test-app.ts';

/**
 * A lesson row written straight to its table, for tests of modules that read lessons (chat, sessions) without
 * going through booking's rules.
 */
export async function insertLesson(
  t: TestApp,
  input: {
    tutorId: number;
    studentId: number;
    startsAt: Date;
    durationMinutes?: 15 | 30;
    status?: LessonStatus;
    /** When it was booked: "now" on the test's clock unless given (the late-booking cancel grace counts from it). */
    bookedAt?: Date;
  },
) {
  const durationMinutes = input.durationMinutes ?? 30;
  const status = input.status ?? 'pending';
  const cancelled = isLessonCancelled(status);
  const [row] = await t.database.db
    .insert(lessons)
    .values({
      tutorId: input.tutorId,
      studentId: input.studentId,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + durationMinutes * MS_PER_MINUTE),
      durationMinutes,
      pricePiastres: durationMinutes * 250,
      status,
      cancelledAt: cancelled ? input.startsAt : null,
      createdAt: input.bookedAt ?? t.clock.now(),
    })
    .returning();
  if (!row) throw new Error('lesson insert returned nothing');
  return row;
}
