import { and, count, desc, eq, gt, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/like.ts';
import { users } from '../users/users.table.ts';
import { type Invite, invites, type NewInvite } from './invites.table.ts';

export type InviteRow = Invite;
const inviter = alias(users, 'inviter');

export async function insertInvite(db: Db, values: NewInvite): Promise<number> {
  const [row] = await db.insert(invites).values(values).returning({ id: invites.id });
  if (!row) throw new Error('invite insert returned nothing');
  return row.id;
}

export async function updateInvite(db: Db, id: number, values: Partial<NewInvite>) {
  await db
    .update(invites)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(invites.id, id));
}

/** The invite with its inviter's name. */
export async function findInvite(db: Db, id: number) {
  const [row] = await db
    .select({ invite: invites, inviterName: inviter.name })
    .from(invites)
    .leftJoin(inviter, eq(inviter.id, invites.inviterId))
    .where(eq(invites.id, id))
    .limit(1);
  return row;
}

export async function findInviteForUpdate(db: Db, id: number): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id)).limit(1).for('update');
  return row;
}

export async function findInviteByCode(db: Db, code: string, lock: boolean) {
  const query = db.select().from(invites).where(eq(invites.code, code)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type InviteStateFilter = 'pending' | 'approved' | 'rejected' | 'expired';

export async function listInvites(
  db: Db,
  filter: { state?: InviteStateFilter; q?: string; now: Date; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  const byState: Record<InviteStateFilter, SQL | undefined> = {
    pending: and(eq(invites.status, 1), gt(invites.expiresAt, filter.now)),
    expired: and(eq(invites.status, 1), lte(invites.expiresAt, filter.now)),
    rejected: eq(invites.status, 2),
    approved: eq(invites.status, 3),
  };
  const state = filter.state ? byState[filter.state] : undefined;
  if (state) conditions.push(state);
  if (filter.q) conditions.push(ilike(invites.email, containing(filter.q)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ invite: invites, inviterName: inviter.name })
      .from(invites)
      .leftJoin(inviter, eq(inviter.id, invites.inviterId))
      .where(where)
      .orderBy(desc(invites.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(invites).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
