import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
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

export async function listUsers(db: Db, filter: { role?: number; q?: string; limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
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
