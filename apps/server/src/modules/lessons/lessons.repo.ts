import { CANCELLED_LESSON_STATUSES, LessonStatus } from '@darsak/domain/lessons';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { earningsEntries } from '../invoices/invoices.table.ts';
import { users } from '../users/users.table.ts';
import { type Lesson, lessons, minutesTaken, type NewLesson } from './lessons.table.ts';

// Besides its own table this repository writes the one fact fulfilment adds: the tutor's earnings entry
// (DESIGN §4), once per lesson; the invoices module reads the balance from those entries.

export type LessonRow = Lesson;
export type LessonChanges = Partial<NewLesson>;

const HELD: LessonStatus[] = [LessonStatus.pending, LessonStatus.happening];
const CANCELLED: LessonStatus[] = [...CANCELLED_LESSON_STATUSES];
const held = inArray(lessons.status, HELD);

export async function hasPendingLesson(db: Db, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.studentId, studentId), eq(lessons.status, LessonStatus.pending)))
    .limit(1);
  return row !== undefined;
}

export interface HeldLesson {
  id: number;
  tutorId: number;
  studentId: number;
  startsAt: Date;
  endsAt: Date;
}

const heldLesson = {
  id: lessons.id,
  tutorId: lessons.tutorId,
  studentId: lessons.studentId,
  startsAt: lessons.startsAt,
  endsAt: lessons.endsAt,
};

/** Held lessons of some tutors or one student that overlap [from, to) (to: open-ended when absent). */
export async function heldLessons(
  db: Db,
  who: { tutorIds: number[] } | { studentId: number },
  from: Date,
  to?: Date,
): Promise<HeldLesson[]> {
  if ('tutorIds' in who && who.tutorIds.length === 0) return [];
  const member = 'tutorIds' in who ? inArray(lessons.tutorId, who.tutorIds) : eq(lessons.studentId, who.studentId);
  return db
    .select(heldLesson)
    .from(lessons)
    .where(and(member, held, gt(lessons.endsAt, from), to ? lt(lessons.startsAt, to) : undefined))
    .orderBy(asc(lessons.startsAt));
}

/** `heldLessons` of one student over [from, to), prepared once per database: free times read it per request. */
export function studentHeldLessonsQuery(db: Db) {
  const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  const statement = db
    .select(heldLesson)
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, sql.placeholder('studentId')),
        held,
        gt(lessons.endsAt, at('from')),
        lt(lessons.startsAt, at('to')),
      ),
    )
    .orderBy(asc(lessons.startsAt))
    .prepare('lessons_held_of_student');
  return (studentId: number, from: Date, to: Date): Promise<HeldLesson[]> =>
    statement.execute({ studentId, from: from.toISOString(), to: to.toISOString() });
}

export async function insertLesson(tx: Db, values: NewLesson): Promise<LessonRow> {
  const [row] = await tx.insert(lessons).values(values).returning();
  if (!row) throw new Error('lesson insert returned nothing');
  return row;
}

export async function findLesson(db: Db, id: number): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
  return row;
}

export async function findLessonForUpdate(tx: Db, id: number): Promise<LessonRow | undefined> {
  const [row] = await tx.select().from(lessons).where(eq(lessons.id, id)).limit(1).for('update');
  return row;
}

/** Updates a lesson only while it is in one of `from` (so a job and a person never both move it). */
export async function moveLesson(
  tx: Db,
  id: number,
  from: LessonStatus[],
  values: LessonChanges,
): Promise<LessonRow | undefined> {
  const [row] = await tx
    .update(lessons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(lessons.id, id), inArray(lessons.status, from)))
    .returning();
  return row;
}

/** Ids of held lessons whose start (`starting`) or end has come. */
export async function dueLessonIds(db: Db, now: Date, what: 'starting' | 'ending'): Promise<number[]> {
  const where =
    what === 'starting'
      ? and(eq(lessons.status, LessonStatus.pending), lte(lessons.startsAt, now))
      : and(held, lte(lessons.endsAt, now));
  const rows = await db.select({ id: lessons.id }).from(lessons).where(where).orderBy(asc(lessons.startsAt)).limit(500);
  return rows.map((r) => r.id);
}

/** Lessons under way that started before `startedBefore` (a call down that long must have begun after the start). */
export async function lessonsUnderWayIds(db: Db, startedBefore: Date): Promise<number[]> {
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.status, LessonStatus.happening), lte(lessons.startsAt, startedBefore)))
    .orderBy(asc(lessons.startsAt))
    .limit(1000);
  return rows.map((r) => r.id);
}

/** Credits a fulfilled lesson's earnings once (the unique lesson key makes a second run a no-op). */
export async function creditLesson(tx: Db, lesson: Pick<LessonRow, 'id' | 'tutorId'>, amountPiastres: number) {
  await tx
    .insert(earningsEntries)
    .values({ tutorId: lesson.tutorId, kind: 'lesson', lessonId: lesson.id, amountPiastres })
    .onConflictDoNothing({ target: earningsEntries.lessonId });
}

// ---- views ----

/** The lesson's members as views name them: staff filters search these aliases. */
export const student = alias(users, 'student');
export const tutor = alias(users, 'tutor');

/** The columns a lesson view shows (lessons.service.ts `toView`): decoding the others cost the lessons page. */
const lessonViewColumns = {
  id: lessons.id,
  status: lessons.status,
  startsAt: lessons.startsAt,
  endsAt: lessons.endsAt,
  durationMinutes: lessons.durationMinutes,
  pricePiastres: lessons.pricePiastres,
  studentId: lessons.studentId,
  tutorId: lessons.tutorId,
  rebookedFrom: lessons.rebookedFrom,
  cancelledAt: lessons.cancelledAt,
  cancelledBy: lessons.cancelledBy,
  cancelReason: lessons.cancelReason,
  tutorJoinedAt: lessons.tutorJoinedAt,
  studentJoinedAt: lessons.studentJoinedAt,
  chargedMinutes: lessons.chargedMinutes,
  paidMinutes: lessons.paidMinutes,
  createdAt: lessons.createdAt,
};

const lessonView = {
  lesson: lessonViewColumns,
  studentName: student.name,
  studentImage: student.image,
  studentGender: student.gender,
  tutorName: tutor.name,
  tutorImage: tutor.image,
  tutorGender: tutor.gender,
};

export type LessonViewRow = {
  lesson: Pick<LessonRow, keyof typeof lessonViewColumns>;
  studentName: string;
  studentImage: string | null;
  studentGender: string | null;
  tutorName: string;
  tutorImage: string | null;
  tutorGender: string | null;
};

/** Lesson views with their members' names, `extra` selected beside them; filter, order and page to taste. */
export const lessonViews = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: Extra) =>
  db
    .select({ ...lessonView, ...(extra as Extra) })
    .from(lessons)
    .innerJoin(student, eq(student.id, lessons.studentId))
    .innerJoin(tutor, eq(tutor.id, lessons.tutorId));

export async function findLessonView(db: Db, id: number): Promise<LessonViewRow | undefined> {
  const [row] = await lessonViews(db).where(eq(lessons.id, id)).limit(1);
  return row;
}

export interface LessonFilter {
  /** Lessons where this user is the student or the tutor; all lessons when absent. */
  memberId?: number | undefined;
  when?: 'upcoming' | 'past' | undefined;
  status?: LessonStatus | undefined;
  limit: number;
  offset: number;
}

type LessonPageShape = Pick<LessonFilter, 'when'> & { member: boolean; status: boolean };

/**
 * A page of lesson views with the filter's count in one statement, and the count alone (for a page past the
 * last, which has no row to carry it), both prepared for one shape of filter (its values bound). The page's
 * lessons are picked before the names are joined: joining first joined every lesson of the member.
 */
function lessonPageStatements(db: Db, shape: LessonPageShape) {
  const conditions: (SQL | undefined)[] = [];
  if (shape.member) {
    const member = sql.placeholder('memberId');
    conditions.push(or(eq(lessons.studentId, member), eq(lessons.tutorId, member)));
  }
  if (shape.when === 'upcoming') conditions.push(held);
  if (shape.when === 'past') conditions.push(notInArray(lessons.status, HELD));
  if (shape.status) conditions.push(eq(lessons.status, sql.placeholder('status')));
  const where = and(...conditions);
  const order = [shape.when === 'upcoming' ? asc(lessons.startsAt) : desc(lessons.startsAt), desc(lessons.id)];
  const name = `lessons_page_${shape.member ? 'member' : 'all'}_${shape.when ?? 'any'}_${shape.status ? 'status' : 'any'}`;
  const picked = db
    .select({ id: lessons.id })
    .from(lessons)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(lessons).where(where);
  return {
    page: lessonViews(db, { total: sql<number>`(${counted})` })
      .where(inArray(lessons.id, picked))
      .orderBy(...order)
      .prepare(name),
    total: counted.prepare(`${name}_total`),
  };
}

/**
 * Pages of lesson views with the filter's count, in one round trip but past the last page. Each shape of filter
 * is prepared once per database, on first use (named statements on PostgreSQL): the lessons page is read on
 * every visit, and building its joined query anew was about a fifth of the request (issue 14).
 */
export function lessonPagesQuery(db: Db) {
  const prepared = new Map<string, ReturnType<typeof lessonPageStatements>>();
  return async (filter: LessonFilter): Promise<{ rows: LessonViewRow[]; total: number }> => {
    const shape = { member: filter.memberId !== undefined, when: filter.when, status: filter.status !== undefined };
    const key = JSON.stringify(shape);
    const statements = prepared.get(key) ?? lessonPageStatements(db, shape);
    prepared.set(key, statements);
    const values = { memberId: filter.memberId, status: filter.status, limit: filter.limit, offset: filter.offset };
    const rows = await statements.page.execute(values);
    const [first] = rows;
    if (first) return { rows, total: first.total };
    if (filter.offset === 0) return { rows, total: 0 };
    const [counted] = await statements.total.execute(values);
    return { rows, total: counted?.total ?? 0 };
  };
}

/** A user's lessons for the calendar feed: held ones and the recent past, cancelled ones left out. */
export async function calendarLessonViews(db: Db, memberId: number, since: Date): Promise<LessonViewRow[]> {
  const rows = await lessonViews(db)
    .where(
      and(
        or(eq(lessons.studentId, memberId), eq(lessons.tutorId, memberId)),
        notInArray(lessons.status, CANCELLED),
        gte(lessons.startsAt, since),
      ),
    )
    .orderBy(asc(lessons.startsAt))
    .limit(1000);
  return rows;
}

// ---- figures ----

const fulfilled = sql`${lessons.status} = ${LessonStatus.fulfilled}`;
const int = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::int`;

/** Counts over one member's lessons; `counterpart` is the other member's column (distinct people met). */
export async function memberFigures(db: Db, member: 'student' | 'tutor', userId: number) {
  const own = member === 'student' ? lessons.studentId : lessons.tutorId;
  const counterpart = member === 'student' ? lessons.tutorId : lessons.studentId;
  const [row] = await db
    .select({
      fulfilled: int(sql`count(*) filter (where ${fulfilled})`),
      fulfilledMinutes: int(sql`sum(${minutesTaken}) filter (where ${fulfilled})`),
      people: int(sql`count(distinct ${counterpart}) filter (where ${fulfilled})`),
      upcoming: int(sql`count(*) filter (where ${held})`),
      upcomingMinutes: int(sql`sum(${lessons.durationMinutes}) filter (where ${held})`),
      cancelled: int(sql`count(*) filter (where ${inArray(lessons.status, CANCELLED)})`),
      lastFulfilledAt: sql<Date | null>`max(${lessons.startsAt}) filter (where ${fulfilled})`.mapWith(lessons.startsAt),
    })
    .from(lessons)
    .where(eq(own, userId));
  return row;
}

/** Fulfilled lessons of a tutor that started in [from, to). */
export async function fulfilledLessonsBetween(db: Db, tutorId: number, from: Date, to: Date) {
  return db
    .select({ startsAt: lessons.startsAt, durationMinutes: lessons.durationMinutes })
    .from(lessons)
    .where(
      and(
        eq(lessons.tutorId, tutorId),
        eq(lessons.status, LessonStatus.fulfilled),
        gte(lessons.startsAt, from),
        lt(lessons.startsAt, to),
      ),
    )
    .orderBy(asc(lessons.startsAt));
}

/** Everything credited to a tutor: lessons and staff adjustments. */
export async function tutorIncome(db: Db, tutorId: number): Promise<number> {
  const [row] = await db
    .select({ total: int(sql`sum(${earningsEntries.amountPiastres})`) })
    .from(earningsEntries)
    .where(eq(earningsEntries.tutorId, tutorId));
  return row?.total ?? 0;
}

/** Fulfilled lessons per tutor, for the public profiles. */
export async function fulfilledCount(db: Db, tutorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lessons)
    .where(and(eq(lessons.tutorId, tutorId), eq(lessons.status, LessonStatus.fulfilled)));
  return row?.n ?? 0;
}
