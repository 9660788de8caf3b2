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
