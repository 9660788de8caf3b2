import type { UserListQuery } from '@darsak/domain/users';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/like.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { students, tutors, users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TutorRow = typeof tutors.$inferSelect;

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function insertTutorProfile(db: Db, userId: number, noticePeriodMinutes: number) {
  await db.insert(tutors).values({ userId, noticePeriodMinutes }).onConflictDoNothing();
}

export async function insertStudentProfile(db: Db, userId: number) {
  await db.insert(students).values({ userId }).onConflictDoNothing();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** `findUserById` prepared once per database, for the current user read on every app load (issue 14). */
export function userByIdQuery(db: Db) {
  const statement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_by_id');
  return async (id: number): Promise<UserRow | undefined> => (await statement.execute({ id }))[0];
}

export async function findUserByIdForUpdate(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('user update matched nothing');
  return row;
}

/** Whether the user holds an active subscription now. */
const subscribed = sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.studentId} = ${users.id} and ${subscriptions.status} = 'active')`;

const VERIFICATION: Record<NonNullable<UserListQuery['verification']>, SQL> = {
  emailVerified: isNotNull(users.emailVerifiedAt),
  emailUnverified: isNull(users.emailVerifiedAt),
  phoneVerified: isNotNull(users.phoneVerifiedAt),
  phoneUnverified: isNull(users.phoneVerifiedAt),
};

const ORDER: Record<NonNullable<UserListQuery['sort']>, SQL[]> = {
  newest: [desc(users.id)],
  oldest: [asc(users.id)],
  name: [asc(users.name), asc(users.id)],
  email: [asc(users.email), asc(users.id)],
};

export type UserListFilter = Omit<UserListQuery, 'page' | 'size'> & { limit: number; offset: number };

/** Staff's search of people: name, e-mail or phone contain the text, or the id is it (also the tutor list's). */
export function userSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  const id = /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined;
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern), id);
}

/** Staff's search, filters and one order. */
export async function listUsers(db: Db, filter: UserListFilter) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  const match = userSearch(filter.q);
  if (match) conditions.push(match);
  if (filter.verification) conditions.push(VERIFICATION[filter.verification]);
  if (filter.activity)
    conditions.push(filter.activity === 'disabled' ? isNotNull(users.disabledAt) : isNull(users.disabledAt));
  if (filter.subscription) conditions.push(filter.subscription === 'active' ? subscribed : sql`not ${subscribed}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, subscribed })
      .from(users)
      .where(where)
      .orderBy(...ORDER[filter.sort ?? 'newest'])
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findUserAccount(db: Db, id: number) {
  const [row] = await db.select({ user: users, subscribed }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Locks every enabled super admin (in id order, so two changes never deadlock) and returns their ids. */
export async function lockActiveSuperAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 1), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function findTutorProfile(db: Db, userId: number): Promise<TutorRow | undefined> {
  const [row] = await db.select().from(tutors).where(eq(tutors.userId, userId)).limit(1);
  return row;
}

export async function updateTutorProfile(db: Db, userId: number, values: Partial<typeof tutors.$inferInsert>) {
  const [row] = await db
    .update(tutors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tutors.userId, userId))
    .returning();
  return row;
}

export async function updateStudentProfile(db: Db, userId: number, values: Partial<typeof students.$inferInsert>) {
  const [row] = await db
    .update(students)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(students.userId, userId))
    .returning();
  return row;
}

export async function findStudentProfile(db: Db, userId: number) {
  const [row] = await db.select().from(students).where(eq(students.userId, userId)).limit(1);
  return row;
}
