import { CANCELLED_LESSON_STATUSES } from '@darsak/domain/lessons';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { lessons, minutesTaken } from '../lessons/lessons.table.ts';
import {
  type NewSubscription,
  type Subscription,
  type SubscriptionPause,
  type SubscriptionUpgrade,
  subscriptionPauses,
  subscriptions,
  subscriptionUpgrades,
} from './subscriptions.table.ts';

/** A subscription with its pause in this period, if any (one at most: `subscription_pauses_one_per_period`). */
export type PausedOrNot = Subscription & { pause: SubscriptionPause | null };

const selectWithPause = (db: Db) =>
  db
    .select({ subscription: subscriptions, pause: subscriptionPauses })
    .from(subscriptions)
    .leftJoin(subscriptionPauses, eq(subscriptionPauses.subscriptionId, subscriptions.id));

const flatten = (row: { subscription: Subscription; pause: SubscriptionPause | null } | undefined) =>
  row && { ...row.subscription, pause: row.pause };

/**
 * The subscription under way: active, or a scheduled next period that has begun, and not past its end. The sweep
 * (`endOverdue`) may lag behind the clock, the rules never do. Paid periods never overlap, so one matches at most.
 */
const activeOf = (studentId: number | SQLWrapper, now: Date | SQLWrapper): SQL | undefined =>
  and(
    eq(subscriptions.studentId, studentId),
    inArray(subscriptions.status, ['active', 'scheduled']),
    lte(subscriptions.startsAt, now),
    gt(subscriptions.endsAt, now),
  );

/** The next period paid in advance, not yet begun. */
const scheduledOf = (studentId: number, now: Date): SQL | undefined =>
  and(eq(subscriptions.studentId, studentId), eq(subscriptions.status, 'scheduled'), gt(subscriptions.startsAt, now));

export async function insertSubscription(db: Db, values: NewSubscription): Promise<Subscription> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

export async function findSubscription(db: Db, id: number): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function findActive(db: Db, studentId: number, now: Date): Promise<PausedOrNot | undefined> {
  const [row] = await selectWithPause(db).where(activeOf(studentId, now)).limit(1);
  return flatten(row);
}

/**
 * The active subscription, locked until the caller's transaction ends (bookings, cancellation and pauses queue on
 * it); its pause is read, not locked, as only holders of this lock change it.
 */
export async function lockActive(db: Db, studentId: number, now: Date): Promise<PausedOrNot | undefined> {
  const [row] = await selectWithPause(db).where(activeOf(studentId, now)).limit(1).for('update', { of: subscriptions });
  return flatten(row);
}

export async function findScheduled(db: Db, studentId: number, now: Date): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(scheduledOf(studentId, now)).limit(1);
  return row;
}

/** The next period paid in advance, locked until the caller's transaction ends (its cancel, a pause moving it). */
export async function lockScheduled(db: Db, studentId: number, now: Date): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(scheduledOf(studentId, now)).limit(1).for('update');
  return row;
}

export async function lockSubscription(db: Db, id: number): Promise<PausedOrNot | undefined> {
  const [row] = await selectWithPause(db).where(eq(subscriptions.id, id)).limit(1).for('update', { of: subscriptions });
  return flatten(row);
}

export async function pauseOf(db: Db, subscriptionId: number): Promise<SubscriptionPause | null> {
  const [row] = await db.select().from(subscriptionPauses).where(eq(subscriptionPauses.subscriptionId, subscriptionId));
  return row ?? null;
}

/** A scheduled next period moved along with the end of the one before it (a pause). */
export interface NextMove {
  id: number;
  startsAt: Date;
  endsAt: Date;
  weekAnchorAt: Date;
  /** Moved later (a pause taken) rather than sooner (a pause ended early). */
  later: boolean;
}

/** A pause taken: the pause row and the subscription's end moved by it, in the caller's transaction. */
export async function insertPause(
  db: Db,
  values: { subscriptionId: number; studentId: number; startsAt: Date; endsAt: Date; weeks: number },
  subscriptionEndsAt: Date,
  next: NextMove | null,
): Promise<void> {
  await db.insert(subscriptionPauses).values(values);
  await moveEnd(db, values.subscriptionId, subscriptionEndsAt, next);
}

/** A pause ended early (`endsAt`) or called off before it began (null: the row goes), the end moved back. */
export async function endPause(
  db: Db,
  pause: SubscriptionPause,
  change: { endsAt: Date | null; at: Date; by: number },
  subscriptionEndsAt: Date,
  next: NextMove | null,
): Promise<void> {
  if (change.endsAt === null) await db.delete(subscriptionPauses).where(eq(subscriptionPauses.id, pause.id));
  else
    await db
      .update(subscriptionPauses)
      .set({ endsAt: change.endsAt, endedEarlyAt: change.at, endedEarlyBy: change.by })
      .where(eq(subscriptionPauses.id, pause.id));
  await moveEnd(db, pause.subscriptionId, subscriptionEndsAt, next);
}

/**
 * Moves a subscription's end and its scheduled next period with it, in the order that keeps the two apart at
 * every statement (`subscriptions_paid_no_overlap` is checked per statement): the later one first.
 */
async function moveEnd(db: Db, id: number, endsAt: Date, next: NextMove | null): Promise<void> {
  const moveOwn = () => db.update(subscriptions).set({ endsAt, updatedAt: sql`now()` }).where(eq(subscriptions.id, id));
  const moveNext = (move: NextMove) =>
    db
      .update(subscriptions)
      .set({ startsAt: move.startsAt, endsAt: move.endsAt, weekAnchorAt: move.weekAnchorAt, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, move.id));
  if (next?.later) await moveNext(next);
  await moveOwn();
  if (next && !next.later) await moveNext(next);
}

/**
 * Paid periods under way that end by `until`, whose student has no next period yet: those an automatic renewal
 * charges now.
 */
export async function endingWithoutNext(db: Db, now: Date, until: Date): Promise<Subscription[]> {
  const current = alias(subscriptions, 'current');
  const next = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.studentId, current.studentId),
        eq(subscriptions.status, 'scheduled'),
        gt(subscriptions.startsAt, now),
      ),
    );
  return db
    .select()
    .from(current)
    .where(
      and(
        inArray(current.status, ['active', 'scheduled']),
        lte(current.startsAt, now),
        gt(current.endsAt, now),
        lte(current.endsAt, until),
        ne(current.period, 'freeTrial'),
        notExists(next),
      ),
    );
}

/** Local mode's journeys only (dev.subscriptions.ts): a period brought to its last days. */
export async function moveEndForDev(db: Db, id: number, endsAt: Date): Promise<void> {
  await moveEnd(db, id, endsAt, null);
}

export async function lockActiveOfTransaction(db: Db, transactionId: number): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.transactionId, transactionId), inArray(subscriptions.status, ['active', 'scheduled'])))
    .limit(1)
    .for('update');
  return row;
}

export async function listSubscriptions(
  db: Db,
  filter: {
    studentId?: number | undefined;
    status?: Subscription['status'] | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    filter.studentId ? eq(subscriptions.studentId, filter.studentId) : undefined,
    filter.status ? eq(subscriptions.status, filter.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * The student's lessons that start in [from, to) and were not cancelled: how many and their minutes. Remaining
 * weekly minutes and the cancellation rule are derived from them, never from a counter (DESIGN §4).
 */
/** The student's lessons that start in [from, to) and were not cancelled (values or prepared placeholders). */
const lessonsOfStudentBetween = (studentId: number | SQLWrapper, from: Date | SQLWrapper, to: Date | SQLWrapper) =>
  and(
    eq(lessons.studentId, studentId),
    gte(lessons.startsAt, from),
    lt(lessons.startsAt, to),
    notInArray(lessons.status, [...CANCELLED_LESSON_STATUSES]),
  );
const bookedMinutes = sql<number>`coalesce(sum(${minutesTaken}), 0)::int`;

export async function lessonsBetween(db: Db, studentId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ lessons: count(), minutes: bookedMinutes })
    .from(lessons)
    .where(lessonsOfStudentBetween(studentId, from, to));
  return { lessons: row?.lessons ?? 0, minutes: Number(row?.minutes ?? 0) };
}

/** Her lessons not cancelled starting in a range from now on (so not yet taken): those a pause falls on. */
export async function lessonIdsBetween(db: Db, studentId: number, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(lessonsOfStudentBetween(studentId, from, to))
    .orderBy(lessons.startsAt);
  return rows.map((r) => r.id);
}

/**
 * `findActive` and the booked minutes of `lessonsBetween`, prepared once per database (named statements on
 * PostgreSQL): a signed-in student's free times read both on every request, and building them anew cost more
 * than running them (issue 14).
 */
export function shownWeekQueries(db: Db) {
  const placeholder = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  const active = selectWithPause(db)
    .where(activeOf(sql.placeholder('studentId'), placeholder('now')))
    .limit(1)
    .prepare('subscriptions_active_of_student');
  const booked = db
    .select({ minutes: bookedMinutes })
    .from(lessons)
    .where(lessonsOfStudentBetween(sql.placeholder('studentId'), placeholder('from'), placeholder('to')))
    .prepare('subscriptions_week_booked_minutes');
  return {
    active: async (studentId: number, now: Date): Promise<PausedOrNot | undefined> =>
      flatten((await active.execute({ studentId, now: now.toISOString() }))[0]),
    bookedMinutes: async (studentId: number, from: Date, to: Date): Promise<number> => {
      const [row] = await booked.execute({ studentId, from: from.toISOString(), to: to.toISOString() });
      return Number(row?.minutes ?? 0);
    },
  };
}

export async function markCancelled(db: Db, id: number, at: Date): Promise<Subscription> {
  const [row] = await db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: at, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error('subscription update matched nothing');
  return row;
}

/**
 * Ends a subscription now, before its period is over (a trial replaced by a paid plan). A trial started in the
 * same millisecond ends one millisecond after its start, since a subscription's end comes after its start.
 */
export async function markEndedAt(db: Db, id: number, at: Date): Promise<Subscription> {
  const [row] = await db
    .update(subscriptions)
    .set({
      status: 'ended',
      endsAt: sql`greatest(${at.toISOString()}::timestamptz, ${subscriptions.startsAt} + interval '1 millisecond')`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error('subscription update matched nothing');
  return row;
}

/**
 * Ends every active subscription whose period is over, then makes active the scheduled next periods that have
 * begun (their predecessors ended first, so one stays active per student); returns how many ended. With
 * `studentId`, hers only (a payment settles her periods before choosing where the new one starts).
 */
export async function endOverdue(db: Db, now: Date, studentId?: number): Promise<number> {
  const ofStudent = studentId === undefined ? undefined : eq(subscriptions.studentId, studentId);
  const rows = await db
    .update(subscriptions)
    .set({ status: 'ended', updatedAt: sql`now()` })
    .where(and(ofStudent, inArray(subscriptions.status, ['active', 'scheduled']), lte(subscriptions.endsAt, now)))
    .returning({ id: subscriptions.id });
  await db
    .update(subscriptions)
    .set({ status: 'active', updatedAt: sql`now()` })
    .where(and(ofStudent, eq(subscriptions.status, 'scheduled'), lte(subscriptions.startsAt, now)));
  return rows.length;
}

export async function hasFreeTrial(db: Db, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.studentId, studentId), eq(subscriptions.period, 'freeTrial')))
    .limit(1);
  return row !== undefined;
}

/** transaction id → subscription id, for the payments list. */
export async function idsForTransactions(db: Db, transactionIds: number[]): Promise<Map<number, number>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: subscriptions.id, transactionId: subscriptions.transactionId })
    .from(subscriptions)
    .where(inArray(subscriptions.transactionId, transactionIds));
  return new Map(rows.flatMap((r) => (r.transactionId === null ? [] : [[r.transactionId, r.id] as const])));
}

// mid-term upgrades

export async function insertUpgrade(
  db: Db,
  values: { transactionId: number; subscriptionId: number; planId: number; weeklyMinutes: number; weeks: number },
): Promise<void> {
  await db.insert(subscriptionUpgrades).values(values);
}

export async function findUpgrade(db: Db, transactionId: number): Promise<SubscriptionUpgrade | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionUpgrades)
    .where(eq(subscriptionUpgrades.transactionId, transactionId))
    .limit(1);
  return row;
}

/**
 * The subscription takes the upgrade's plan and weekly minutes, and its price grows; the upgrade keeps what it had
 * before (both in the caller's transaction).
 */
export async function applyUpgrade(
  db: Db,
  upgrade: SubscriptionUpgrade,
  before: Pick<Subscription, 'planId' | 'weeklyMinutes'>,
  pricePiastres: number,
  at: Date,
) {
  await db
    .update(subscriptions)
    .set({ planId: upgrade.planId, weeklyMinutes: upgrade.weeklyMinutes, pricePiastres, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, upgrade.subscriptionId));
  await db
    .update(subscriptionUpgrades)
    .set({ appliedAt: at, previousPlanId: before.planId, previousWeeklyMinutes: before.weeklyMinutes })
    .where(eq(subscriptionUpgrades.transactionId, upgrade.transactionId));
}

/** The subscription gets back the plan and weekly minutes it had before the upgrade, and its price shrinks. */
export async function revertUpgrade(
  db: Db,
  upgrade: SubscriptionUpgrade & { previousPlanId: number; previousWeeklyMinutes: number },
  pricePiastres: number,
  at: Date,
) {
  await db
    .update(subscriptions)
    .set({
      planId: upgrade.previousPlanId,
      weeklyMinutes: upgrade.previousWeeklyMinutes,
      pricePiastres,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, upgrade.subscriptionId));
  await db
    .update(subscriptionUpgrades)
    .set({ revertedAt: at })
    .where(eq(subscriptionUpgrades.transactionId, upgrade.transactionId));
}
