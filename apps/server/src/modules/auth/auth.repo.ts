import type { RoleId } from '@darsak/domain/users';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
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

/**
 * The live session with its user's role and its expiry; null when revoked, expired or the user is disabled.
 * Prepared once per database (a named statement on PostgreSQL): every authenticated request that misses the
 * verdict cache runs it, and building it anew each time was a fifth of the request's CPU (issue 14).
 */
export function liveSessionQuery(db: Db) {
  const statement = db
    .select({ userId: users.id, role: users.role, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');
  return async (sessionId: string, userId: number, now: Date) => {
    const [row] = await statement.execute({ sessionId, userId, now: now.toISOString() });
    return row ? { ...row, role: row.role as RoleId } : null;
  };
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
