import { MS_PER_DAY, MS_PER_MINUTE, startOfCairoDay } from '@darsak/domain/common';
import { LessonStatus } from '@darsak/domain/lessons';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { eq } from 'drizzle-orm';
import { earningsEntries } from '../modules/invoices/invoices.table.ts';
import { type Lesson, lessons } from '../modules/lessons/lessons.table.ts';
import { ratings } from '../modules/ratings/ratings.table.ts';
import { tutors } from '../modules/users/users.table.ts';
import type { Db } from '../platform/db/client.ts';
import type { DemoReview } from './demo-data.ts';

// Lessons the demo tutors have taught (fulfilled, both present, credited to the tutor as fulfilment credits
// them) and the reviews learners left after them.

/** How long before its start a demo lesson was booked (a booking time after the start would read as nonsense). */
const BOOKED_AHEAD_MS = 2 * MS_PER_DAY;

export interface TaughtLesson {
  tutorId: number;
  studentId: number;
  startsAt: Date;
  durationMinutes: 15 | 30;
}

/** Inserts fulfilled lessons and credits each to its tutor at the default rate; answers the rows. */
export async function insertTaughtLessons(tx: Db, taught: TaughtLesson[]): Promise<Lesson[]> {
  if (taught.length === 0) return [];
  const rate = PLATFORM_SETTINGS_DEFAULTS.tutorRatePerMinutePiastres;
  const rows = await tx
    .insert(lessons)
    .values(
      taught.map(({ tutorId, studentId, startsAt, durationMinutes }) => {
        const endsAt = new Date(startsAt.getTime() + durationMinutes * MS_PER_MINUTE);
        return {
          tutorId,
          studentId,
          startsAt,
          endsAt,
          durationMinutes,
          pricePiastres: durationMinutes * rate,
          status: LessonStatus.fulfilled,
          tutorJoinedAt: startsAt,
          studentJoinedAt: startsAt,
          endedAt: endsAt,
          createdAt: new Date(startsAt.getTime() - BOOKED_AHEAD_MS),
          updatedAt: endsAt,
        };
      }),
    )
    .returning();
  await tx.insert(earningsEntries).values(
    rows.map((lesson) => ({
      tutorId: lesson.tutorId,
      kind: 'lesson' as const,
      lessonId: lesson.id,
      amountPiastres: lesson.pricePiastres,
      createdAt: lesson.endsAt,
    })),
  );
  return rows;
}

/**
 * One tutor's reviews, the n-th from the n-th rater, each after a lesson of theirs: an earlier lesson of the pair
 * when there is one, else a 30-minute lesson taught for it (mornings, `slot` half hours after 08:00 Cairo, so
 * lessons of different tutors never overlap a learner's). The tutor's rating sum and count follow.
 */
export async function seedReviews(
  tx: Db,
  input: {
    tutorId: number;
    slot: number;
    reviews: readonly DemoReview[];
    raters: number[];
    taught: Lesson[];
    now: Date;
  },
): Promise<void> {
  const { tutorId, reviews, raters, now } = input;
  const pairs = reviews.flatMap(([value, text], n) => {
    const raterId = raters[n];
    return raterId === undefined ? [] : [{ raterId, value, text }];
  });
  const missing = pairs.filter((p) => !input.taught.some((l) => l.tutorId === tutorId && l.studentId === p.raterId));
  const added = await insertTaughtLessons(
    tx,
    missing.map(({ raterId }, n) => ({
      tutorId,
      studentId: raterId,
      startsAt: new Date(
        startOfCairoDay(now).getTime() - (2 + n * 5) * MS_PER_DAY + (8 * 60 + input.slot * 30) * MS_PER_MINUTE,
      ),
      durationMinutes: 30,
    })),
  );
  const lessonsOfPair = [...input.taught, ...added];
  const rows = pairs.map(({ raterId, value, text }) => {
    const lesson = lessonsOfPair.find((l) => l.tutorId === tutorId && l.studentId === raterId);
    // Reviewed an hour after the lesson ended.
    const at = new Date((lesson?.endsAt ?? now).getTime() + 60 * MS_PER_MINUTE);
    return { raterId, rateeId: tutorId, lessonId: lesson?.id ?? null, value, text, createdAt: at, updatedAt: at };
  });
  if (rows.length === 0) return;
  await tx.insert(ratings).values(rows);
  await tx
    .update(tutors)
    .set({ ratingSum: rows.reduce((sum, r) => sum + r.value, 0), ratingCount: rows.length })
    .where(eq(tutors.userId, tutorId));
}
