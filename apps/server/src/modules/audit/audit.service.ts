import { type AuditAction, type AuditEntry, type AuditListQuery, auditObjectOf } from '@darsak/domain/audit';
import { offsetOf } from '@darsak/domain/common';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './audit.repo.ts';

/** One staff action, written in the transaction of the change it records. */
export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  objectId: number | null;
  /** The person the change is about; a change to a user's account is about that user. */
  subjectUserId?: number | null;
  /** Only the fields the action changed. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** The audit log: other modules call `record` inside their transaction, so an entry exists if the change does. */
export function createAuditService(deps: { db: Db }) {
  return {
    async record(tx: Db, entry: AuditRecord): Promise<void> {
      await repo.insertEntry(tx, {
        actorId: entry.actorId,
        action: entry.action,
        objectType: auditObjectOf(entry.action),
        objectId: entry.objectId,
        subjectUserId: entry.subjectUserId ?? (auditObjectOf(entry.action) === 'user' ? entry.objectId : null),
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? null,
      });
    },

    async list(query: AuditListQuery): Promise<{ total: number; list: AuditEntry[] }> {
      const { rows, total } = await repo.listEntries(deps.db, {
        objectType: query.objectType,
        objectId: query.objectId,
        actorId: query.actorId,
        subjectUserId: query.userId,
        action: query.action,
        limit: query.size,
        offset: offsetOf(query),
      });
      return {
        total,
        list: rows.map(({ entry, actorName }) => ({
          id: entry.id,
          actorId: entry.actorId,
          actorName,
          action: entry.action as AuditAction,
          objectType: entry.objectType as AuditEntry['objectType'],
          objectId: entry.objectId,
          userId: entry.subjectUserId,
          before: entry.before,
          after: entry.after,
          reason: entry.reason,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What a module needs to write to the audit log. */
export type AuditRecorder = Pick<AuditService, 'record'>;
