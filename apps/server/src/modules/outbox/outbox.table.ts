import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/**
 * The messaging outbox: e-mail, WhatsApp, Telegram and Web Push messages are written here inside the business
 * transaction and dispatched after commit, retried with `next_attempt_at` until sent or failed for good.
 * In local mode nothing leaves the machine and this table is what a person reads.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'whatsapp', 'telegram', 'push'] }).notNull(),
    /** E-mail address, phone number, Telegram chat id or Web Push endpoint. */
    recipient: text('recipient').notNull(),
    userId: integer('user_id'),
    subject: text('subject'),
    body: text('body').notNull(),
    template: text('template'),
    params: jsonb('params'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Names a message that must go out once however often its job runs (`lesson-reminder:42:<start>:1h:tutor`). */
    dedupeKey: text('dedupe_key'),
    /** The request it was written for, directly or by a job it queued: its delivery is logged with this `reqId`. */
    requestId: text('request_id'),
  },
  (t) => [
    index('outbox_messages_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_messages_user_idx').on(t.userId, t.createdAt),
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    uniqueIndex('outbox_messages_dedupe_key').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'whatsapp', 'telegram', 'push')`),
    check('outbox_messages_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('outbox_messages_attempts_check', sql`${t.attempts} >= 0`),
    check('outbox_messages_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    foreignKeyOf('outbox_messages', t.userId, users.id, 'set null'),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;
