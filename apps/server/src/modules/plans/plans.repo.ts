import { and, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/like.ts';
import { findPgError } from '../../platform/http/db-errors.ts';
import { users } from '../users/users.table.ts';
import {
  type Coupon,
  coupons,
  type NewCoupon,
  type NewPlan,
  type Plan,
  type PlanInvite,
  planInvites,
  plans,
} from './plans.table.ts';

export interface Paging {
  limit: number;
  offset: number;
}

/** A row still referenced: `restrict_violation` (ON DELETE RESTRICT) or `foreign_key_violation`. */
const STILL_REFERENCED = new Set(['23001', '23503']);

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`${what} returned nothing`);
  return row;
}

/**
 * Deletes a row that nothing references, else runs `instead` (deactivation). The delete runs in a savepoint, so
 * a foreign-key refusal leaves the caller's transaction usable.
 */
async function deleteOr(db: Db, remove: (tx: Db) => Promise<unknown>, instead: () => Promise<unknown>) {
  try {
    await db.transaction(async (tx) => {
      await remove(tx);
    });
    return 'deleted' as const;
  } catch (error) {
    if (!STILL_REFERENCED.has(findPgError(error)?.code ?? '')) throw error;
    await instead();
    return 'deactivated' as const;
  }
}

// plans

export const insertPlan = (db: Db, values: NewPlan): Promise<Plan> =>
  one(db.insert(plans).values(values).returning(), 'plan insert');

export async function findPlan(db: Db, id: number): Promise<Plan | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function updatePlan(db: Db, id: number, values: Partial<NewPlan>): Promise<Plan | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.id, id))
    .returning();
  return row;
}

/** A sold plan (subscriptions, transactions or coupons point at it) is deactivated instead of deleted. */
export const deleteOrDeactivatePlan = (db: Db, id: number) =>
  deleteOr(
    db,
    (tx) => tx.delete(plans).where(eq(plans.id, id)),
    () => updatePlan(db, id, { state: 'inactive' }),
  );

const invitedTo = (userId: number) =>
  exists(
    sql`(select 1 from ${planInvites} where ${planInvites.planId} = ${plans.id} and ${planInvites.userId} = ${userId})`,
  );

/**
 * What a caller may see: everything for staff; otherwise active plans that are open to all or that the caller
 * is invited to (`viewerId` null for a visitor).
 */
function visibility(filter: { everything: boolean; viewerId: number | null }): SQL | undefined {
  if (filter.everything) return undefined;
  const open = eq(plans.forInvitesOnly, false);
  return and(eq(plans.state, 'active'), filter.viewerId === null ? open : or(open, invitedTo(filter.viewerId)));
}

export async function listPlans(
  db: Db,
  filter: Paging & { everything: boolean; viewerId: number | null; state?: 'active' | 'inactive' | undefined },
) {
  const where = and(visibility(filter), filter.state ? eq(plans.state, filter.state) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(plans.weeklyMinutes, plans.id)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

// plan invites

export interface PlanInviteRow extends PlanInvite {
  userName: string;
  userEmail: string;
}

const inviteColumns = {
  id: planInvites.id,
  userId: planInvites.userId,
  planId: planInvites.planId,
  createdBy: planInvites.createdBy,
  createdAt: planInvites.createdAt,
  userName: users.name,
  userEmail: users.email,
};

export async function findInvite(db: Db, id: number): Promise<PlanInviteRow | undefined> {
  const [row] = await db
    .select(inviteColumns)
    .from(planInvites)
    .innerJoin(users, eq(users.id, planInvites.userId))
    .where(eq(planInvites.id, id))
    .limit(1);
  return row;
}

export async function hasInvite(db: Db, userId: number, planId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: planInvites.id })
    .from(planInvites)
    .where(and(eq(planInvites.userId, userId), eq(planInvites.planId, planId)))
    .limit(1);
  return row !== undefined;
}

/** Which of these plans the user is invited to. */
export async function invitedPlanIds(db: Db, userId: number, planIds: number[]): Promise<Set<number>> {
  if (planIds.length === 0) return new Set();
  const rows = await db
    .select({ planId: planInvites.planId })
    .from(planInvites)
    .where(and(eq(planInvites.userId, userId), inArray(planInvites.planId, planIds)));
  return new Set(rows.map((row) => row.planId));
}

export async function insertInvite(db: Db, values: { userId: number; planId: number; createdBy: number }) {
  const row = await one(db.insert(planInvites).values(values).returning({ id: planInvites.id }), 'invite insert');
  return row.id;
}

export async function updateInvite(db: Db, id: number, values: { userId?: number; planId?: number }) {
  const [row] = await db
    .update(planInvites)
    .set(values)
    .where(eq(planInvites.id, id))
    .returning({ id: planInvites.id });
  return row !== undefined;
}

export async function deleteInvite(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(planInvites).where(eq(planInvites.id, id)).returning({ id: planInvites.id });
  return rows.length > 0;
}

export async function listInvites(
  db: Db,
  filter: Paging & { planId?: number | undefined; userId?: number | undefined },
) {
  const where = and(
    filter.planId ? eq(planInvites.planId, filter.planId) : undefined,
    filter.userId ? eq(planInvites.userId, filter.userId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(inviteColumns)
      .from(planInvites)
      .innerJoin(users, eq(users.id, planInvites.userId))
      .where(where)
      .orderBy(desc(planInvites.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(planInvites).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

// coupons

export const insertCoupon = (db: Db, values: NewCoupon): Promise<Coupon> =>
  one(db.insert(coupons).values(values).returning(), 'coupon insert');

export async function findCoupon(db: Db, id: number): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** The coupon locked until the caller's transaction ends: staff changes of one coupon queue behind each other. */
export async function lockCoupon(db: Db, id: number): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1).for('update');
  return row;
}

/** Codes match without regard to case (the unique index is on upper(code)). */
export async function findCouponByCode(db: Db, code: string): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`).limit(1);
  return row;
}

export async function updateCoupon(db: Db, id: number, values: Partial<NewCoupon>): Promise<Coupon | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning();
  return row;
}

/** A coupon some payment used is set to rejected (2), which no checkout accepts, instead of being deleted. */
export const deleteOrDeactivateCoupon = (db: Db, id: number) =>
  deleteOr(
    db,
    (tx) => tx.delete(coupons).where(eq(coupons.id, id)),
    () => updateCoupon(db, id, { status: 2 }),
  );

export async function listCoupons(db: Db, filter: Paging & { code?: string | undefined }) {
  const where = filter.code ? ilike(coupons.code, containing(filter.code)) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(coupons).where(where).orderBy(desc(coupons.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Counts one more use while under the limit; a use past the limit (a race at payment time) is not counted. */
/** Holds one use for a checkout being priced: false when used and held uses already reach the limit. */
export async function reserveCouponUse(db: Db, id: number): Promise<boolean> {
  const held = await db
    .update(coupons)
    .set({ reservedCount: sql`${coupons.reservedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.id, id),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} + ${coupons.reservedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return held.length === 1;
}

/** A held use ends: counted as used (its checkout was paid) or given back (it closed unpaid). */
export async function settleCouponReservation(db: Db, id: number, paid: boolean): Promise<void> {
  await db
    .update(coupons)
    .set({
      reservedCount: sql`${coupons.reservedCount} - 1`,
      ...(paid ? { usedCount: sql`${coupons.usedCount} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(coupons.id, id), sql`${coupons.reservedCount} > 0`));
}

/** A use without a hold: a payment paid after its checkout closed (its hold given back), while uses are left. */
export async function countCouponUse(db: Db, id: number): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(coupons.id, id), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`),
    );
}
