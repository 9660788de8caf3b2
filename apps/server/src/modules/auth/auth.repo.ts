import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/users.table.ts';
import { authSessions } from './auth.table.ts';

export async function insertSession(
  db: Db,
  session: { userId: number; expiresAt: Date; userAgent?: string | undefined },
) {
  const [row] = await db
    .insert(authSessions)
    .values({ userId: session.userId, expiresAt: session.expiresAt, userAgent: session.userAgent?.slice(0, 300) })
    .returning({ id: authSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The live session with its user's role; null when revoked, expired or the user is disabled. */
export async function findLiveSession(db: Db, sessionId: string, userId: number, now: Date) {
  const [row] = await db
    .select({ userId: users.id, role: users.role })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date) {
  await db.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every live session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keepSessionId?: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    );
}
