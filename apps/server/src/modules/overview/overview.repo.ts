import { InvoiceStatus } from '@darsak/domain/invoices';
import { CancelReason, LessonStatus } from '@darsak/domain/lessons';
import { Role } from '@darsak/domain/users';
import { and, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { availabilitySlots } from '../availability/availability.table.ts';
import { invoices } from '../invoices/invoices.table.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { transactions } from '../payments/payments.table.ts';
import { plans } from '../plans/plans.table.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { tutors, users } from '../users/users.table.ts';

// The operator's figures are a read-only report over other modules' tables (payments, subscriptions, lessons,
// availability, onboarding, invoices): every figure is an aggregate computed by the database, never a loop of
// queries, and nothing here writes.

export interface Range {
  from: Date;
  to: Date;
}

/** Transaction statuses in which money was taken (spec §4: paid, refunded, partial refunded, processed). */
const MONEY_TAKEN = [1, 3, 5, 7];

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const within = (column: AnyPgColumn, range: Range) =>
  sql`(${column} >= ${at(range.from)} and ${column} < ${at(range.to)})`;
const int = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::int`;
const earliest = (ranges: Range[]) => new Date(Math.min(...ranges.map((r) => r.from.getTime())));
const count = (where: SQL) => int(sql`count(*) filter (where ${where})`);

/** For each named range: money taken (by payment time) and given back (by refund time). */
export async function revenue<K extends string>(db: Db, ranges: Record<K, Range>) {
  const keys = Object.keys(ranges) as K[];
  const taken = inArray(transactions.status, MONEY_TAKEN);
  const fields: Record<string, SQL.Aliased<number> | SQL<number>> = {};
  for (const key of keys) {
    fields[`${key}Paid`] = int(
      sql`sum(${transactions.amountPiastres}) filter (where ${taken} and ${within(transactions.paidAt, ranges[key])})`,
    );
    fields[`${key}Refunded`] = int(
      sql`sum(${transactions.refundedPiastres}) filter (where ${within(transactions.refundedAt, ranges[key])})`,
    );
  }
  const since = earliest(Object.values<Range>(ranges));
  const [row] = await db
    .select(fields)
    .from(transactions)
    .where(or(gte(transactions.paidAt, since), gte(transactions.refundedAt, since)));
  return (row ?? {}) as Record<string, number>;
}

/** `width_bucket` numbers a time by the day boundaries given: 1 for the first day, 0 before, n after. */
const bucketOf = (column: AnyPgColumn, bounds: Date[]) =>
  sql<number>`width_bucket(${column}, array[${sql.join(bounds.map(at), sql`, `)}])`;

/** Net money per day (paid on it minus refunded on it), by day number (1 = the first of `bounds`). */
export async function dailyNetRevenue(db: Db, bounds: Date[]): Promise<Map<number, number>> {
  const range = { from: bounds[0] as Date, to: bounds.at(-1) as Date };
  const [paid, refunded] = await Promise.all([
    db
      .select({ day: bucketOf(transactions.paidAt, bounds), piastres: int(sql`sum(${transactions.amountPiastres})`) })
      .from(transactions)
      .where(and(inArray(transactions.status, MONEY_TAKEN), within(transactions.paidAt, range)))
      .groupBy(sql`1`),
    db
      .select({
        day: bucketOf(transactions.refundedAt, bounds),
        piastres: int(sql`sum(${transactions.refundedPiastres})`),
      })
      .from(transactions)
      .where(within(transactions.refundedAt, range))
      .groupBy(sql`1`),
  ]);
  const net = new Map<number, number>();
  for (const r of paid) net.set(r.day, (net.get(r.day) ?? 0) + r.piastres);
  for (const r of refunded) net.set(r.day, (net.get(r.day) ?? 0) - r.piastres);
  return net;
}

/** Fulfilled lessons per day by their start, by day number. */
export async function dailyLessonsHeld(db: Db, bounds: Date[]): Promise<Map<number, number>> {
  const range = { from: bounds[0] as Date, to: bounds.at(-1) as Date };
  const rows = await db
    .select({ day: bucketOf(lessons.startsAt, bounds), n: int(sql`count(*)`) })
    .from(lessons)
    .where(and(eq(lessons.status, LessonStatus.fulfilled), within(lessons.startsAt, range)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, r.n]));
}

const MOVED_OR_ABSENT = [CancelReason.rebooked, CancelReason.tutorDidNotAttend];

/** Per range: bookings made, lessons held, cancellations (moves and no-shows aside), tutors' no-shows. */
export async function lessonCounts<K extends string>(db: Db, ranges: Record<K, Range>) {
  const fields: Record<string, SQL<number>> = {};
  const plainCancel = sql`coalesce(${lessons.cancelReason}, '') not in (${sql.join(
    MOVED_OR_ABSENT.map((r) => sql`${r}`),
    sql`, `,
  )})`;
  for (const key of Object.keys(ranges) as K[]) {
    const range = ranges[key];
    fields[`${key}Booked`] = count(within(lessons.createdAt, range));
    fields[`${key}Held`] = count(
      sql`${lessons.status} = ${LessonStatus.fulfilled} and ${within(lessons.startsAt, range)}`,
    );
    fields[`${key}Cancelled`] = count(sql`${within(lessons.cancelledAt, range)} and ${plainCancel}`);
    fields[`${key}NoShows`] = count(
      sql`${lessons.cancelReason} = ${CancelReason.tutorDidNotAttend} and ${within(lessons.startsAt, range)}`,
    );
  }
  const since = earliest(Object.values<Range>(ranges));
  const [row] = await db
    .select(fields)
    .from(lessons)
    .where(or(gte(lessons.createdAt, since), gte(lessons.startsAt, since), gte(lessons.cancelledAt, since)));
  return (row ?? {}) as Record<string, number>;
}

/** Minutes of lessons that hold or held a tutor's time (not cancelled), starting in each range. */
export async function bookedMinutes<K extends string>(db: Db, ranges: Record<K, Range>) {
  const fields: Record<string, SQL<number>> = {};
  for (const key of Object.keys(ranges) as K[]) {
    fields[key] = int(sql`sum(${lessons.durationMinutes}) filter (where ${within(lessons.startsAt, ranges[key])})`);
  }
  const [row] = await db
    .select(fields)
    .from(lessons)
    .where(
      and(
        inArray(lessons.status, [LessonStatus.pending, LessonStatus.happening, LessonStatus.fulfilled]),
        gte(lessons.startsAt, earliest(Object.values<Range>(ranges))),
      ),
    );
  return (row ?? {}) as Record<K, number>;
}

/** The weekly slots of every bookable tutor (activated, enabled, e-mail and phone verified, as booking wants). */
export async function bookableTutorSlots(db: Db) {
  return db
    .select({
      tutorId: availabilitySlots.tutorId,
      weekday: availabilitySlots.weekday,
      startMinute: availabilitySlots.startMinute,
      endMinute: availabilitySlots.endMinute,
    })
    .from(availabilitySlots)
    .innerJoin(tutors, eq(tutors.userId, availabilitySlots.tutorId))
    .innerJoin(users, eq(users.id, availabilitySlots.tutorId))
    .where(
      and(
        eq(tutors.activated, true),
        isNull(users.disabledAt),
        isNotNull(users.emailVerifiedAt),
        isNotNull(users.phoneVerifiedAt),
      ),
    );
}

export async function activeSubscriptionsByPlan(db: Db) {
  return db
    .select({
      planId: plans.id,
      nameAr: sql<string>`coalesce(${plans.nameAr}, '')`,
      nameEn: sql<string>`coalesce(${plans.nameEn}, '')`,
      count: int(sql`count(*)`),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.status, 'active'))
    .groupBy(plans.id, plans.nameAr, plans.nameEn)
    .orderBy(plans.id);
}

export async function newStudents<K extends string>(db: Db, ranges: Record<K, Range>) {
  const fields: Record<string, SQL<number>> = {};
  for (const key of Object.keys(ranges) as K[]) fields[key] = count(within(users.createdAt, ranges[key]));
  const [row] = await db
    .select(fields)
    .from(users)
    .where(and(eq(users.role, Role.student), gte(users.createdAt, earliest(Object.values<Range>(ranges)))));
  return (row ?? {}) as Record<K, number>;
}

/** Withdrawal requests staff still have to act on: pending approval or pending cancellation. */
export async function waitingWithdrawals(db: Db) {
  const [row] = await db
    .select({ waiting: int(sql`count(*)`), amountPiastres: int(sql`sum(${invoices.amountPiastres})`) })
    .from(invoices)
    .where(inArray(invoices.status, [InvoiceStatus.pendingApproval, InvoiceStatus.pendingCancellation]));
  return row ?? { waiting: 0, amountPiastres: 0 };
}

type Json = Record<string, string | number | null> | null;
/** The newest row of an applicant's step as JSON (one correlated subquery per step, not a query per tutor). */
const newest = (table: string, owner: string, fields: string, order: string) =>
  sql<Json>`(select row_to_json(x) from (select ${sql.raw(fields)} from ${sql.raw(table)} where ${sql.raw(owner)} = ${tutors.userId} order by ${sql.raw(order)} limit 1) x)`;

/** What the onboarding steps are read from, for every applicant (a tutor neither activated nor bypassed). */
export async function applicantFacts(db: Db) {
  return db
    .select({
      profileComplete: sql<boolean>`${users.profileCompletedAt} is not null`,
      introVideo: newest(
        'intro_videos',
        'tutor_id',
        `status, created_at as "createdAt", reviewed_at as "reviewedAt"`,
        'created_at desc, id desc',
      ),
      interview: newest(
        'interviews',
        'interviewee_id',
        `id, status, starts_at as "startsAt", decided_at as "decidedAt"`,
        'starts_at desc, id desc',
      ),
      demoSession: newest(
        'demo_sessions',
        'tutor_id',
        `id, status, starts_at as "startsAt", decided_at as "decidedAt"`,
        'starts_at desc, id desc',
      ),
      photoSession: newest(
        'photo_sessions',
        'tutor_id',
        `status, completed_at as "completedAt"`,
        'created_at desc, id desc',
      ),
    })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(
      and(
        eq(users.role, Role.tutor),
        eq(tutors.activated, false),
        eq(tutors.bypassOnboarding, false),
        isNull(users.disabledAt),
      ),
    );
}
