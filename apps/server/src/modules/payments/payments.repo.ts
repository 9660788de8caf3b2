import { and, asc, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { coupons, plans } from '../plans/plans.table.ts';
import { users } from '../users/users.table.ts';
import {
  autoRenewals,
  type CardToken,
  cardTokens,
  type IdempotencyKey,
  idempotencyKeys,
  type NewTransaction,
  type NewTransactionEvent,
  type PaymentRefund,
  paymentRefunds,
  receiptCounters,
  type Transaction,
  transactionEvents,
  transactions,
} from './payments.table.ts';

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`${what} returned nothing`);
  return row;
}

// transactions

/** The next receipt number's place in a Cairo year, taken in the caller's transaction (the counter row stays locked). */
export async function takeReceiptSequence(db: Db, year: number): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  if (!row) throw new Error('receipt counter returned nothing');
  return row.last;
}

/** What a receipt names besides the transaction: its plan, coupon, card, buyer and the refunds made. */
export async function findReceiptFacts(db: Db, row: Transaction) {
  const [facts] = await db
    .select({
      planNameAr: plans.nameAr,
      planNameEn: plans.nameEn,
      couponCode: coupons.code,
      cardBrand: cardTokens.brand,
      cardLastFour: cardTokens.lastFour,
      buyerName: users.name,
      buyerEmail: users.email,
    })
    .from(transactions)
    .innerJoin(plans, eq(plans.id, transactions.planId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(coupons, eq(coupons.id, transactions.couponId))
    .leftJoin(cardTokens, eq(cardTokens.id, transactions.cardTokenId))
    .where(eq(transactions.id, row.id));
  if (!facts) throw new Error('receipt facts returned nothing');
  const refunds = await db
    .select({ amountPiastres: paymentRefunds.amountPiastres, at: paymentRefunds.settledAt })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.transactionId, row.id), eq(paymentRefunds.status, 'done')))
    .orderBy(asc(paymentRefunds.settledAt), asc(paymentRefunds.id));
  return { ...facts, refunds };
}

export const insertTransaction = (db: Db, values: NewTransaction): Promise<Transaction> =>
  one(db.insert(transactions).values(values).returning(), 'transaction insert');

export async function findTransaction(db: Db, id: number): Promise<Transaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

/** The transaction locked until the caller's transaction ends: status changes queue behind each other. */
export async function lockTransaction(db: Db, id: number): Promise<Transaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1).for('update');
  return row;
}

/** How many transactions there are of each status and method. */
export function countByStatusAndMethod(db: Db): Promise<{ status: number; method: string; count: number }[]> {
  return db
    .select({ status: transactions.status, method: transactions.method, count: count() })
    .from(transactions)
    .groupBy(transactions.status, transactions.method);
}

export async function lockByMerchantRef(db: Db, merchantRefNum: string): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.merchantRefNum, merchantRefNum))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Locks the buyer's row until the caller's transaction ends, so one student's checkouts (and free trial) queue
 * behind each other. NO KEY UPDATE: other rows' foreign keys to the user are never blocked.
 */
export async function lockBuyer(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The student's open payment (new: not yet paid, failed, cancelled or expired); at most one exists. */
export async function findOpenTransaction(db: Db, userId: number): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 0)))
    .limit(1);
  return row;
}

export async function updateTransaction(db: Db, id: number, values: Partial<NewTransaction>): Promise<Transaction> {
  return one(
    db
      .update(transactions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(transactions.id, id))
      .returning(),
    'transaction update',
  );
}

export async function insertEvent(db: Db, values: NewTransactionEvent): Promise<void> {
  await db.insert(transactionEvents).values(values);
}

// refunds

export const insertRefund = (db: Db, values: typeof paymentRefunds.$inferInsert): Promise<PaymentRefund> =>
  one(db.insert(paymentRefunds).values(values).returning(), 'refund insert');

/** The transaction's refund in flight (asked of the provider, its answer not yet recorded); at most one exists. */
export async function findRefundInFlight(db: Db, transactionId: number): Promise<PaymentRefund | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.transactionId, transactionId), eq(paymentRefunds.status, 'requested')))
    .limit(1);
  return row;
}

/** A provider's report of a refunded total settles the refund in flight that it covers. */
export async function settleRefundsReached(db: Db, transactionId: number, refundedPiastres: number, at: Date) {
  await db
    .update(paymentRefunds)
    .set({ status: 'done', settledAt: at })
    .where(
      and(
        eq(paymentRefunds.transactionId, transactionId),
        eq(paymentRefunds.status, 'requested'),
        lte(paymentRefunds.targetRefundedPiastres, refundedPiastres),
      ),
    );
}

export async function settleRefund(db: Db, id: number, status: 'done' | 'failed', at: Date): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ status, settledAt: at })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'requested')));
}

export async function listTransactions(
  db: Db,
  filter: { userId?: number | undefined; status?: number | undefined; limit: number; offset: number },
) {
  const where = and(
    filter.userId ? eq(transactions.userId, filter.userId) : undefined,
    filter.status !== undefined ? eq(transactions.status, filter.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(transactions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function lastTransaction(db: Db, userId: number): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return row;
}

/** Pending transactions created before `createdBefore`, oldest first: what the status sync asks about. */
export async function pendingTransactions(db: Db, createdBefore: Date, limit: number) {
  return db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, 0), lte(transactions.createdAt, createdBefore)))
    .orderBy(asc(transactions.createdAt))
    .limit(limit);
}

/** Pending transactions whose time to pay is over. */
export async function overdueTransactions(db: Db, now: Date, limit: number) {
  return db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, 0), lte(transactions.expiresAt, now)))
    .orderBy(asc(transactions.expiresAt))
    .limit(limit);
}

/** The provider's payload that reported the payment (Paymob refunds need its transaction id). */
export async function paidPayload(db: Db, transactionId: number): Promise<unknown> {
  const [row] = await db
    .select({ payload: transactionEvents.payload })
    .from(transactionEvents)
    .where(
      and(
        eq(transactionEvents.transactionId, transactionId),
        eq(transactionEvents.toStatus, 1),
        inArray(transactionEvents.source, ['provider', 'sync']),
      ),
    )
    .orderBy(desc(transactionEvents.id))
    .limit(1);
  return row?.payload;
}

export async function listEvents(db: Db, transactionId: number) {
  return db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, transactionId))
    .orderBy(asc(transactionEvents.id));
}

// idempotency keys

/**
 * Claims a key for this request: `fresh` when this call inserted it (the unique index decides between racing
 * requests), otherwise the row of the request that got there first.
 */
export async function claimKey(
  db: Db,
  values: { userId: number; key: string; requestHash: string },
): Promise<{ fresh: boolean; row: IdempotencyKey }> {
  const [inserted] = await db.insert(idempotencyKeys).values(values).onConflictDoNothing().returning();
  if (inserted) return { fresh: true, row: inserted };
  const existing = await findKey(db, values.userId, values.key);
  if (!existing) throw new Error('idempotency key vanished');
  return { fresh: false, row: existing };
}

export async function findKey(db: Db, userId: number, key: string): Promise<IdempotencyKey | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function updateKey(db: Db, id: number, values: Partial<typeof idempotencyKeys.$inferInsert>) {
  await db.update(idempotencyKeys).set(values).where(eq(idempotencyKeys.id, id));
}

// card tokens

export async function listCards(db: Db, userId: number, provider: CardToken['provider']): Promise<CardToken[]> {
  return db
    .select()
    .from(cardTokens)
    .where(and(eq(cardTokens.userId, userId), eq(cardTokens.provider, provider)))
    .orderBy(asc(cardTokens.id));
}

export async function findCard(db: Db, id: number): Promise<CardToken | undefined> {
  const [row] = await db.select().from(cardTokens).where(eq(cardTokens.id, id)).limit(1);
  return row;
}

/** Makes our copy of the saved cards match the provider's list. */
export async function replaceCards(
  db: Db,
  userId: number,
  provider: CardToken['provider'],
  cards: { token: string; lastFour: string | null; brand: string | null }[],
): Promise<void> {
  const tokens = cards.map((c) => c.token);
  await db
    .delete(cardTokens)
    .where(
      and(
        eq(cardTokens.userId, userId),
        eq(cardTokens.provider, provider),
        tokens.length > 0 ? notInArray(cardTokens.token, tokens) : undefined,
      ),
    );
  if (cards.length === 0) return;
  await db
    .insert(cardTokens)
    .values(cards.map((c) => ({ userId, provider, token: c.token, lastFour: c.lastFour, brand: c.brand })))
    .onConflictDoUpdate({
      target: [cardTokens.provider, cardTokens.token],
      set: { lastFour: sql`excluded.last_four`, brand: sql`excluded.brand` },
    });
}

export async function deleteCard(db: Db, id: number): Promise<void> {
  await db.delete(cardTokens).where(eq(cardTokens.id, id));
}

// automatic renewal

/** The student's automatic renewal with its card, if on. */
export async function findAutoRenewal(db: Db, userId: number): Promise<{ card: CardToken } | undefined> {
  const [row] = await db
    .select({ card: cardTokens })
    .from(autoRenewals)
    .innerJoin(cardTokens, eq(cardTokens.id, autoRenewals.cardTokenId))
    .where(eq(autoRenewals.userId, userId))
    .limit(1);
  return row;
}

export async function saveAutoRenewal(db: Db, userId: number, cardTokenId: number): Promise<void> {
  await db
    .insert(autoRenewals)
    .values({ userId, cardTokenId })
    .onConflictDoUpdate({ target: autoRenewals.userId, set: { cardTokenId } });
}

export async function deleteAutoRenewal(db: Db, userId: number): Promise<void> {
  await db.delete(autoRenewals).where(eq(autoRenewals.userId, userId));
}
