import { and, asc, count, desc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type NewOutboxMessage, type OutboxMessage, outboxMessages } from './outbox.table.ts';

/** Stores a message; one whose dedupe key is already stored is dropped (its job ran again). */
export async function insertMessage(db: Db, values: NewOutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values(values).onConflictDoNothing();
}

/**
 * Takes up to `limit` due messages for this dispatcher: the rows are locked with SKIP LOCKED while their lease
 * (next attempt) moves to `leaseUntil`, so a second dispatcher neither waits for them nor takes them again.
 */
export async function claimDue(db: Db, p: { now: Date; leaseUntil: Date; limit: number }): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, p.now)))
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(p.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: p.leaseUntil })
    .where(inArray(outboxMessages.id, due))
    .returning();
  // RETURNING gives rows as stored, not as chosen: sent in the order they were written
  return claimed.sort((a, b) => a.id - b.id);
}

export async function markSent(
  db: Db,
  id: number,
  p: { providerMessageId: string; sentAt: Date; body?: string; params?: null },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', lastError: null, ...p })
    .where(eq(outboxMessages.id, id));
}

export async function markRetry(db: Db, id: number, p: { nextAttemptAt: Date; lastError: string }): Promise<void> {
  await db.update(outboxMessages).set(p).where(eq(outboxMessages.id, id));
}

export async function markFailed(db: Db, id: number, p: { lastError: string }): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'failed', ...p })
    .where(eq(outboxMessages.id, id));
}

/** Per channel, the messages still pending and the creation time of the oldest (the pending index's rows only). */
export function pendingByChannel(db: Db) {
  return db
    .select({
      channel: outboxMessages.channel,
      pending: count(),
      oldest: min(outboxMessages.createdAt),
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'pending'))
    .groupBy(outboxMessages.channel);
}

/** Newest first, optionally for one recipient (case-insensitive, e-mails are stored lower-case). */
export async function listRecent(db: Db, p: { recipient?: string | undefined; limit: number }) {
  return db
    .select()
    .from(outboxMessages)
    .where(p.recipient ? eq(sql`lower(${outboxMessages.recipient})`, p.recipient.toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(p.limit);
}
