import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/users.table.ts';
import { telegramLinkTokens } from './telegram.table.ts';

export type LinkTokenRow = typeof telegramLinkTokens.$inferSelect;

/** A new token replaces the user's earlier unused ones: only the latest link works. */
export async function replaceToken(tx: Db, values: typeof telegramLinkTokens.$inferInsert): Promise<void> {
  await tx
    .delete(telegramLinkTokens)
    .where(and(eq(telegramLinkTokens.userId, values.userId), isNull(telegramLinkTokens.consumedAt)));
  await tx.insert(telegramLinkTokens).values(values);
}

export async function findTokenForUpdate(tx: Db, tokenHash: string): Promise<LinkTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(telegramLinkTokens)
    .where(eq(telegramLinkTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

export async function consumeToken(tx: Db, id: number, at: Date): Promise<void> {
  await tx.update(telegramLinkTokens).set({ consumedAt: at }).where(eq(telegramLinkTokens.id, id));
}

export async function findLink(db: Db, userId: number) {
  const [row] = await db
    .select({ chatId: users.telegramChatId, linkedAt: users.telegramLinkedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Links the user's chat with the bot (`chatId` null forgets it). */
export async function setChat(tx: Db, userId: number, chatId: string | null, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ telegramChatId: chatId, telegramLinkedAt: chatId === null ? null : now, updatedAt: now })
    .where(eq(users.id, userId));
}
