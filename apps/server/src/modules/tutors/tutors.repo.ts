import type { SessionLength } from '@darsak/domain/sessions';
import { Role } from '@darsak/domain/users';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { topics, userTopics } from '../topics/topics.table.ts';
import { tutors, users } from '../users/users.table.ts';

// The tutors context reads the tutor profile rows (their table sits beside users, which owns accounts), the
// account fields shown on a tutor's card, and the tutor's favourite topics, all read-only except the rating sums
// and the lesson lengths (set with the weekly schedule).

const bookable = and(
  eq(tutors.activated, true),
  isNull(users.disabledAt),
  isNotNull(users.emailVerifiedAt),
  isNotNull(users.phoneVerifiedAt),
);

const bookingFields = {
  userId: tutors.userId,
  noticePeriodMinutes: tutors.noticePeriodMinutes,
  ratePerMinutePiastres: tutors.ratePerMinutePiastres,
  lessonLengths: tutors.lessonLengths,
  bookable: sql<boolean>`${bookable}`.mapWith(Boolean),
};
export interface BookingTutorRow {
  userId: number;
  noticePeriodMinutes: number;
  ratePerMinutePiastres: number | null;
  lessonLengths: SessionLength[];
  bookable: boolean;
}

/**
 * The tutor's booking facts, optionally with a row lock: `share` for a booking (bookings of one tutor do not
 * wait for each other), `update` for a schedule change, which so waits for bookings in flight and they for it.
 */
export async function findBookingTutor(
  db: Db,
  tutorId: number,
  lock?: 'share' | 'update',
): Promise<BookingTutorRow | undefined> {
  const query = db
    .select(bookingFields)
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.userId, tutorId));
  const [row] = lock ? await query.for(lock, { of: tutors }) : await query;
  return row;
}

const cardFields = {
  id: users.id,
  name: users.name,
  image: users.image,
  gender: users.gender,
  bio: tutors.bio,
  about: tutors.about,
  video: tutors.video,
  thumbnail: tutors.thumbnail,
  noticePeriodMinutes: tutors.noticePeriodMinutes,
  ratingSum: tutors.ratingSum,
  ratingCount: tutors.ratingCount,
  lessonLengths: tutors.lessonLengths,
  bookable: sql<boolean>`${bookable}`.mapWith(Boolean),
};
export type TutorCardRow = {
  id: number;
  name: string;
  image: string | null;
  gender: string | null;
  bio: string | null;
  about: string | null;
  video: string | null;
  thumbnail: string | null;
  noticePeriodMinutes: number;
  ratingSum: number;
  ratingCount: number;
  lessonLengths: SessionLength[];
  bookable: boolean;
};

export async function findTutorCard(db: Db, tutorId: number): Promise<TutorCardRow | undefined> {
  const [row] = await db
    .select(cardFields)
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.userId, tutorId));
  return row;
}

/** The onboarded tutors: activated, enabled, with verified contacts (the ones who receive bookings). */
export async function listOnboardedTutors(db: Db): Promise<TutorCardRow[]> {
  return db
    .select(cardFields)
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(and(bookable, eq(users.role, Role.tutor)))
    .orderBy(asc(users.id));
}

export async function topicsOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userTopics.userId, id: topics.id, nameAr: topics.nameAr, nameEn: topics.nameEn })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(inArray(userTopics.userId, userIds))
    .orderBy(asc(topics.nameEn));
}

/** Keeps the tutor's rating sum and count in step with the ratings, inside the rating's transaction. */
export async function adjustRating(tx: Db, tutorId: number, change: { sum: number; count: number }) {
  await tx
    .update(tutors)
    .set({
      ratingSum: sql`${tutors.ratingSum} + ${change.sum}`,
      ratingCount: sql`${tutors.ratingCount} + ${change.count}`,
      updatedAt: sql`now()`,
    })
    .where(eq(tutors.userId, tutorId));
}

/** The lengths the tutor teaches, written inside the schedule change's transaction. */
export async function setLessonLengths(tx: Db, tutorId: number, lessonLengths: SessionLength[]) {
  await tx.update(tutors).set({ lessonLengths, updatedAt: sql`now()` }).where(eq(tutors.userId, tutorId));
}
