import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/** A message from the marketing site's contact form (CONTACT REQUEST: title, message), signed in or not. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_requests_status_created_idx').on(t.status, t.createdAt),
    check('contact_requests_status_check', sql`${t.status} in ('new', 'handled')`),
    check('contact_requests_title_check', sql`char_length(${t.title}) between 1 and 300`),
    check('contact_requests_message_check', sql`char_length(${t.message}) between 1 and 10000`),
    foreignKeyOf('contact_requests', t.userId, users.id, 'set null'),
    foreignKeyOf('contact_requests', t.handledBy, users.id, 'set null'),
  ],
);

export type ContactRequest = typeof contactRequests.$inferSelect;
export type NewContactRequest = typeof contactRequests.$inferInsert;
