import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { verificationCodes } from './verification.table.ts';

export type CodeRow = typeof verificationCodes.$inferSelect;
export type NewCodeRow = typeof verificationCodes.$inferInsert;

// First key of the advisory lock pair, so these locks never meet another module's (ASCII "VC").
const LOCK_NAMESPACE = 0x5643;

/** Serialises code sends of one user and purpose for the rest of the transaction (cooldown and cap races). */
export async function lockIssuing(tx: Db, userId: number, purpose: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE * 8 + purpose}, ${userId})`);
}

/** Codes of one user and purpose issued since `since`, newest first. */
export async function listIssuedSince(tx: Db, userId: number, purpose: number, since: Date) {
  return tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        gt(verificationCodes.createdAt, since),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt));
}

export async function insertCode(tx: Db, values: NewCodeRow): Promise<void> {
  await tx.insert(verificationCodes).values(values);
}

/** The newest code of one user and purpose, locked: only the latest code counts. */
export async function findLatestForUpdate(tx: Db, userId: number, purpose: number): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function addWrongTry(tx: Db, id: number): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ wrongTries: sql`${verificationCodes.wrongTries} + 1` })
    .where(eq(verificationCodes.id, id));
}

export async function consume(tx: Db, id: number, at: Date): Promise<void> {
  await tx.update(verificationCodes).set({ consumedAt: at }).where(eq(verificationCodes.id, id));
}
