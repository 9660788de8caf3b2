import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { users } from '../users/users.table.ts';
import { type NewRating, type Rating, ratings } from './ratings.table.ts';

export type RatingRow = Rating;
export type RatingViewRow = {
  rating: Rating;
  raterName: string;
  raterImage: string | null;
  rateeName: string;
  rateeImage: string | null;
  lessonStartsAt: Date | null;
};

const rater = alias(users, 'rater');
const ratee = alias(users, 'ratee');

const viewQuery = (db: Db) =>
  db
    .select({
      rating: ratings,
      raterName: rater.name,
      raterImage: rater.image,
      rateeName: ratee.name,
      rateeImage: ratee.image,
      lessonStartsAt: lessons.startsAt,
    })
    .from(ratings)
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .innerJoin(ratee, eq(ratee.id, ratings.rateeId))
    .leftJoin(lessons, eq(lessons.id, ratings.lessonId));

export async function insertRating(tx: Db, values: NewRating): Promise<RatingRow> {
  const [row] = await tx.insert(ratings).values(values).returning();
  if (!row) throw new Error('rating insert returned nothing');
  return row;
}

export async function findRatingView(db: Db, id: number): Promise<RatingViewRow | undefined> {
  const [row] = await viewQuery(db).where(eq(ratings.id, id)).limit(1);
  return row;
}

export async function findRatingForUpdate(tx: Db, id: number): Promise<RatingRow | undefined> {
  const [row] = await tx.select().from(ratings).where(eq(ratings.id, id)).limit(1).for('update');
  return row;
}

export async function findRatingOfPair(db: Db, raterId: number, rateeId: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.raterId, raterId), eq(ratings.rateeId, rateeId)))
    .limit(1);
  return row;
}

export async function updateRating(tx: Db, id: number, values: Pick<NewRating, 'value' | 'text' | 'lessonId'>) {
  await tx
    .update(ratings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ratings.id, id));
}

export async function deleteRating(tx: Db, id: number) {
  await tx.delete(ratings).where(eq(ratings.id, id));
}

export async function listRatingViews(
  db: Db,
  filter: { raterId?: number; rateeId?: number; limit: number; offset: number },
) {
  const where = and(
    filter.raterId !== undefined ? eq(ratings.raterId, filter.raterId) : undefined,
    filter.rateeId !== undefined ? eq(ratings.rateeId, filter.rateeId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(ratings.updatedAt), desc(ratings.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(ratings).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
