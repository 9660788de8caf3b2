import type { InvoiceStatus } from '@darsak/domain/invoices';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { assets } from '../assets/assets.table.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { tutors, users } from '../users/users.table.ts';
import {
  earningsEntries,
  type Invoice,
  invoiceEvents,
  invoices,
  type NewInvoice,
  type NewInvoiceEvent,
  type NewWithdrawMethod,
  withdrawMethods,
} from './invoices.table.ts';

const int = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::int`;
const count = sql<number>`count(*)::int`;

// ---- the ledger ----

/**
 * Locks the tutor's row, the ledger's anchor: every change of what a tutor may withdraw takes this lock first,
 * so two requests can never both see the same available balance. Answers whether the tutor exists.
 */
export async function lockTutorLedger(tx: Db, tutorId: number): Promise<boolean> {
  const rows = await tx.select({ id: tutors.userId }).from(tutors).where(eq(tutors.userId, tutorId)).for('update');
  return rows.length > 0;
}

export async function tutorExists(db: Db, tutorId: number): Promise<boolean> {
  const rows = await db.select({ id: tutors.userId }).from(tutors).where(eq(tutors.userId, tutorId));
  return rows.length > 0;
}

/** Locks the tutor's row until the caller's transaction ends (their methods change one at a time); false if none. */
export async function lockTutor(db: Db, tutorId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tutors.userId })
    .from(tutors)
    .where(eq(tutors.userId, tutorId))
    .for('no key update');
  return rows.length > 0;
}

/** Earned, reserved (0, 1; see `reservedByInvoice`) and paid out (3) per tutor, straight from the ledger's rows. */
export async function ledgerOf(db: Db, tutorIds: number[]) {
  if (tutorIds.length === 0) return new Map<number, Ledger>();
  const [earned, drawn] = await Promise.all([
    db
      .select({
        tutorId: earningsEntries.tutorId,
        earned: int(sql`sum(${earningsEntries.amountPiastres})`),
        lessons: int(sql`count(${earningsEntries.lessonId})`),
      })
      .from(earningsEntries)
      .where(inArray(earningsEntries.tutorId, tutorIds))
      .groupBy(earningsEntries.tutorId),
    db
      .select({
        tutorId: invoices.ownerId,
        // As `reservedByInvoice`: a proposed amount waiting for approval holds the larger of the two.
        reserved: int(
          sql`sum(greatest(${invoices.amountPiastres}, coalesce((${invoices.pendingUpdate}->>'amountPiastres')::int, 0))) filter (where ${invoices.status} in (0, 1))`,
        ),
        paidOut: int(sql`sum(${invoices.amountPiastres}) filter (where ${invoices.status} = 3)`),
      })
      .from(invoices)
      .where(inArray(invoices.ownerId, tutorIds))
      .groupBy(invoices.ownerId),
  ]);
  const ledgers = new Map<number, Ledger>(
    tutorIds.map((id) => [id, { earned: 0, reserved: 0, paidOut: 0, fulfilledLessons: 0 }]),
  );
  for (const row of earned)
    Object.assign(ledgers.get(row.tutorId) ?? {}, { earned: row.earned, fulfilledLessons: row.lessons });
  for (const row of drawn)
    Object.assign(ledgers.get(row.tutorId) ?? {}, { reserved: row.reserved, paidOut: row.paidOut });
  return ledgers;
}

export interface Ledger {
  earned: number;
  reserved: number;
  paidOut: number;
  fulfilledLessons: number;
}

export async function earningsSince(db: Db, tutorId: number, since: Date) {
  return db
    .select({ at: earningsEntries.createdAt, piastres: earningsEntries.amountPiastres })
    .from(earningsEntries)
    .where(and(eq(earningsEntries.tutorId, tutorId), gte(earningsEntries.createdAt, since)));
}

const student = alias(users, 'student');

/** The credits behind a balance, newest first; lessons in [from, to) when a range is given. */
export async function earningsPage(
  db: Db,
  filter: { tutorId: number; range?: { from: Date; to: Date } | undefined; limit: number; offset: number },
) {
  const at = sql`coalesce(${lessons.startsAt}, ${earningsEntries.createdAt})`;
  const where = and(
    eq(earningsEntries.tutorId, filter.tutorId),
    filter.range ? and(gte(at, filter.range.from), lt(at, filter.range.to)) : undefined,
  );
  const base = db
    .select({
      id: earningsEntries.id,
      lessonId: earningsEntries.lessonId,
      startsAt: lessons.startsAt,
      durationMinutes: lessons.durationMinutes,
      studentName: student.name,
      amountPiastres: earningsEntries.amountPiastres,
      createdAt: earningsEntries.createdAt,
    })
    .from(earningsEntries)
    .leftJoin(lessons, eq(lessons.id, earningsEntries.lessonId))
    .leftJoin(student, eq(student.id, lessons.studentId));
  const [list, totals] = await Promise.all([
    base.where(where).orderBy(desc(at), desc(earningsEntries.id)).limit(filter.limit).offset(filter.offset),
    db
      .select({ n: count })
      .from(earningsEntries)
      .leftJoin(lessons, eq(lessons.id, earningsEntries.lessonId))
      .where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

// ---- invoices ----

const owner = alias(users, 'owner');

/** An invoice with what its views show beside it: the owner's name and the receipt's stored name. */
const invoiceView = { invoice: invoices, ownerName: owner.name, receiptName: assets.name };
const invoicesWithNames = (db: Db) =>
  db
    .select(invoiceView)
    .from(invoices)
    .innerJoin(owner, eq(owner.id, invoices.ownerId))
    .leftJoin(assets, eq(assets.id, invoices.receiptAssetId));
export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoicesWithNames>['execute']>>[number];

export async function findInvoiceView(db: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await invoicesWithNames(db).where(eq(invoices.id, id)).limit(1);
  return row;
}

export async function ownerOfInvoice(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ ownerId: invoices.ownerId }).from(invoices).where(eq(invoices.id, id)).limit(1);
  return row?.ownerId;
}

export async function lockInvoice(tx: Db, id: number): Promise<Invoice | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).limit(1).for('update');
  return row;
}

export async function insertInvoice(tx: Db, values: NewInvoice): Promise<Invoice> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice insert returned nothing');
  return row;
}

/** Writes a move, guarded by the status it was decided from (the row is locked; this is the second belt). */
export async function updateInvoice(tx: Db, id: number, from: InvoiceStatus, values: Partial<NewInvoice>) {
  const rows = await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(invoices.id, id), eq(invoices.status, from)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function insertInvoiceEvent(tx: Db, values: NewInvoiceEvent): Promise<void> {
  await tx.insert(invoiceEvents).values(values);
}

export async function invoiceEventsOf(db: Db, invoiceId: number) {
  return db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoiceId)).orderBy(invoiceEvents.id);
}

export interface InvoiceFilter {
  ownerId?: number | undefined;
  status?: InvoiceStatus | undefined;
  method?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
}

export async function listInvoices(db: Db, filter: InvoiceFilter) {
  const where = and(
    filter.ownerId !== undefined ? eq(invoices.ownerId, filter.ownerId) : undefined,
    filter.status !== undefined ? eq(invoices.status, filter.status) : undefined,
    filter.method !== undefined ? eq(invoices.method, filter.method) : undefined,
    filter.from ? gte(invoices.createdAt, filter.from) : undefined,
    filter.to ? lt(invoices.createdAt, filter.to) : undefined,
  );
  const [list, totals] = await Promise.all([
    invoicesWithNames(db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count }).from(invoices).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

// ---- withdraw methods ----

export async function listWithdrawMethods(db: Db, tutorId: number) {
  return db
    .select()
    .from(withdrawMethods)
    .where(eq(withdrawMethods.tutorId, tutorId))
    .orderBy(desc(withdrawMethods.isDefault), desc(withdrawMethods.id));
}

export async function findWithdrawMethod(db: Db, id: number, tutorId: number) {
  const [row] = await db
    .select()
    .from(withdrawMethods)
    .where(and(eq(withdrawMethods.id, id), eq(withdrawMethods.tutorId, tutorId)))
    .limit(1);
  return row;
}

/** Only one default per tutor (a unique index): setting one clears the others first. */
export async function clearDefaultMethod(tx: Db, tutorId: number): Promise<void> {
  await tx
    .update(withdrawMethods)
    .set({ isDefault: false })
    .where(and(eq(withdrawMethods.tutorId, tutorId), eq(withdrawMethods.isDefault, true)));
}

export async function insertWithdrawMethod(tx: Db, values: NewWithdrawMethod) {
  const [row] = await tx.insert(withdrawMethods).values(values).returning();
  if (!row) throw new Error('withdraw method insert returned nothing');
  return row;
}

export async function replaceWithdrawMethod(tx: Db, id: number, tutorId: number, values: Partial<NewWithdrawMethod>) {
  const [row] = await tx
    .update(withdrawMethods)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(withdrawMethods.id, id), eq(withdrawMethods.tutorId, tutorId)))
    .returning();
  return row;
}

export async function deleteWithdrawMethod(db: Db, id: number, tutorId: number): Promise<boolean> {
  const rows = await db
    .delete(withdrawMethods)
    .where(and(eq(withdrawMethods.id, id), eq(withdrawMethods.tutorId, tutorId)))
    .returning({ id: withdrawMethods.id });
  return rows.length > 0;
}
