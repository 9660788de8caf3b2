import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** 5-digit codes, stored hashed, bound to one user and purpose (DESIGN §4 verification codes). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: smallint('purpose').notNull(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('verification_codes_purpose_check', sql`${t.purpose} in (1, 3, 4, 5, 6)`),
    check('verification_codes_channel_check', sql`${t.channel} in ('email', 'whatsapp', 'telegram')`),
  ],
);
