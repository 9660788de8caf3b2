import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/** Every staff action that changed something: who, what, which object, before → after, why and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: integer('object_id'),
    /** The person the change is about (the account itself, the payer of a refund), for their page's history. */
    subjectUserId: integer('subject_user_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_subject_idx').on(t.subjectUserId, t.id),
    foreignKeyOf('audit_log', t.actorId, users.id, 'set null'),
    foreignKeyOf('audit_log', t.subjectUserId, users.id, 'set null'),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
