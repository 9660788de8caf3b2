import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/users.table.ts';
import { topics, userTopics } from './topics.table.ts';

/** Advisory-lock namespace of "a user's favourite topics" (the key's other half is the user id). */
const FAVOURITES_LOCK = 7101;

const topicColumns = { id: topics.id, nameAr: topics.nameAr, nameEn: topics.nameEn };
export type TopicRow = { id: number; nameAr: string; nameEn: string };
export type TopicNames = Omit<TopicRow, 'id'>;

export async function insertTopic(db: Db, names: TopicNames): Promise<TopicRow> {
  const [row] = await db.insert(topics).values(names).returning(topicColumns);
  if (!row) throw new Error('topic insert returned nothing');
  return row;
}

export async function listTopics(db: Db): Promise<TopicRow[]> {
  return db.select(topicColumns).from(topics).orderBy(asc(topics.id));
}

export async function findTopicForUpdate(db: Db, id: number): Promise<TopicRow | undefined> {
  const [row] = await db.select(topicColumns).from(topics).where(eq(topics.id, id)).limit(1).for('update');
  return row;
}

export async function updateTopic(db: Db, id: number, names: TopicNames): Promise<TopicRow | undefined> {
  const [row] = await db
    .update(topics)
    .set({ ...names, updatedAt: sql`now()` })
    .where(eq(topics.id, id))
    .returning(topicColumns);
  return row;
}

export async function deleteTopic(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id });
  return rows.length > 0;
}

/** Users who hold the topic among their favourites, with their role (a tutor's card shows the topic). */
export async function listTopicHolders(db: Db, topicId: number): Promise<{ id: number; role: number }[]> {
  return db
    .select({ id: users.id, role: users.role })
    .from(userTopics)
    .innerJoin(users, eq(users.id, userTopics.userId))
    .where(eq(userTopics.topicId, topicId));
}

/** Which of the given ids are topics. */
export async function findExistingTopicIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: topics.id }).from(topics).where(inArray(topics.id, ids));
  return rows.map((r) => r.id);
}

export async function listFavouriteTopics(db: Db, userId: number): Promise<TopicRow[]> {
  return db
    .select(topicColumns)
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(eq(userTopics.userId, userId))
    .orderBy(asc(userTopics.createdAt), asc(topics.id));
}

export async function countFavouriteTopics(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(userTopics).where(eq(userTopics.userId, userId));
  return row?.total ?? 0;
}

/** Serialises changes to one user's favourites until the transaction ends, so the limit holds under races. */
export async function lockFavouriteTopics(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${FAVOURITES_LOCK}, ${userId})`);
}

export async function addFavouriteTopics(db: Db, userId: number, topicIds: number[]): Promise<void> {
  if (topicIds.length === 0) return;
  await db
    .insert(userTopics)
    .values(topicIds.map((topicId) => ({ userId, topicId })))
    .onConflictDoNothing();
}

export async function removeFavouriteTopic(db: Db, userId: number, topicId: number): Promise<void> {
  await db.delete(userTopics).where(and(eq(userTopics.userId, userId), eq(userTopics.topicId, topicId)));
}

/** Drops every favourite outside `topicIds` (all of them when it is empty). */
export async function keepOnlyFavouriteTopics(db: Db, userId: number, topicIds: number[]): Promise<void> {
  const outside = topicIds.length > 0 ? notInArray(userTopics.topicId, topicIds) : undefined;
  await db.delete(userTopics).where(and(eq(userTopics.userId, userId), outside));
}
