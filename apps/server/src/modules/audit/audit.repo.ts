import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/users.table.ts';
import { auditLog, type NewAuditRow } from './audit.table.ts';

export async function insertEntry(db: Db, entry: NewAuditRow) {
  await db.insert(auditLog).values(entry);
}

export async function listEntries(
  db: Db,
  filter: {
    objectType?: string;
    objectId?: number;
    actorId?: number;
    subjectUserId?: number;
    action?: string;
    limit: number;
    offset: number;
  },
) {
  const conditions: SQL[] = [];
  if (filter.objectType) conditions.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) conditions.push(eq(auditLog.objectId, filter.objectId));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.subjectUserId) conditions.push(eq(auditLog.subjectUserId, filter.subjectUserId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
