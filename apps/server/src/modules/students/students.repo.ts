import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
// The learner profile table sits beside `users` because registration creates it with the account.
import { students } from '../users/users.table.ts';

export interface LearnerProfile {
  englishLevel: number | null;
  goal: string | null;
}

const profileColumns = { englishLevel: students.englishLevel, goal: students.goal };

export async function findLearnerProfile(db: Db, userId: number): Promise<LearnerProfile | undefined> {
  const [row] = await db.select(profileColumns).from(students).where(eq(students.userId, userId)).limit(1);
  return row;
}

/** Creates the profile or changes the given fields of it. */
export async function saveLearnerProfile(db: Db, userId: number, values: Partial<LearnerProfile>) {
  const [row] = await db
    .insert(students)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: students.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning(profileColumns);
  if (!row) throw new Error('learner profile upsert returned nothing');
  return row;
}

/** When the student took the guided tour, or null; a student without a learner row has not. */
export async function tourCompletedAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: students.tourCompletedAt })
    .from(students)
    .where(eq(students.userId, userId))
    .limit(1);
  return row?.at ?? null;
}

/** Records the tour as taken; the first time stays (coalesce), so a retaken tour changes nothing. */
export async function completeTour(db: Db, userId: number, at: Date): Promise<Date> {
  const [row] = await db
    .insert(students)
    .values({ userId, tourCompletedAt: at })
    .onConflictDoUpdate({
      target: students.userId,
      set: { tourCompletedAt: sql`coalesce(${students.tourCompletedAt}, excluded.tour_completed_at)` },
    })
    .returning({ at: students.tourCompletedAt });
  if (!row?.at) throw new Error('tour upsert returned nothing');
  return row.at;
}
