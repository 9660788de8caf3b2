import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { plans } from '../plans/plans.table.ts';
import { users } from '../users/users.table.ts';

/**
 * An invitation to join Darsak (spec INVITE, DESIGN §4 staff accounts), addressed by e-mail, redeemed once with
 * the link's token, of which only the SHA-256 (hex) is kept in `code`. Status of spec §4: pending 1, rejected 2
 * (revoked), approved 3 (used). `role` is the role the invitee registers with; `plan_id` a plan invite for a
 * student.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    inviterId: integer('inviter_id'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    role: smallint('role'),
    planId: integer('plan_id'),
    status: smallint('status').notNull().default(1),
    note: text('note'),
    inviteeId: integer('invitee_id'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invites_code_key').on(t.code),
    index('invites_inviter_idx').on(t.inviterId, t.createdAt),
    index('invites_email_idx').on(sql`lower(${t.email})`),
    check('invites_status_check', sql`${t.status} between 1 and 3`),
    check('invites_role_check', sql`${t.role} is null or ${t.role} between 1 and 6`),
    check('invites_code_check', sql`char_length(${t.code}) between 4 and 64`),
    foreignKeyOf('invites', t.inviterId, users.id, 'set null'),
    foreignKeyOf('invites', t.inviteeId, users.id, 'set null'),
    foreignKeyOf('invites', t.decidedBy, users.id, 'set null'),
    foreignKeyOf('invites', t.planId, plans.id, 'set null'),
  ],
);

export type Invite = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;
