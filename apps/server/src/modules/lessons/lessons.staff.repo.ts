import type { LessonStatus } from '@darsak/domain/lessons';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/like.ts';
import { lessonViews, student, tutor } from './lessons.repo.ts';
import { lessons } from './lessons.table.ts';

// The staff's reading of every lesson: filters by people, days and status, searched by name (issue 12 /lessons).

export interface StaffLessonFilter {
  status?: LessonStatus | undefined;
  /** Starts in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  tutorId?: number | undefined;
  studentId?: number | undefined;
  q?: string | undefined;
  sort?: 'latest' | 'earliest' | 'newestBooking' | undefined;
  limit: number;
  offset: number;
}

function whereOf(filter: StaffLessonFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(lessons.status, filter.status) : undefined,
    filter.from ? gte(lessons.startsAt, filter.from) : undefined,
    filter.to ? lt(lessons.startsAt, filter.to) : undefined,
    filter.tutorId ? eq(lessons.tutorId, filter.tutorId) : undefined,
    filter.studentId ? eq(lessons.studentId, filter.studentId) : undefined,
  ];
  if (filter.q) {
    const pattern = containing(filter.q);
    const id = /^\d{1,9}$/.test(filter.q) ? eq(lessons.id, Number(filter.q)) : undefined;
    conditions.push(or(ilike(student.name, pattern), ilike(tutor.name, pattern), id));
  }
  return and(...conditions);
}

const ORDERS = {
  latest: [desc(lessons.startsAt), desc(lessons.id)],
  earliest: [asc(lessons.startsAt), asc(lessons.id)],
  newestBooking: [desc(lessons.createdAt), desc(lessons.id)],
} as const;

export async function listStaffLessonViews(db: Db, filter: StaffLessonFilter) {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    lessonViews(db)
      .where(where)
      .orderBy(...ORDERS[filter.sort ?? 'latest'])
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(lessons)
      .innerJoin(student, eq(student.id, lessons.studentId))
      .innerJoin(tutor, eq(tutor.id, lessons.tutorId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
