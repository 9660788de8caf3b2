import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A student's rating of a tutor (spec rating: value, text); one per pair, editable (rating-exists).
 * Value 1-5 maps to the labels bad, accepted, good, very good, excellent.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    raterId: integer('rater_id').notNull(),
    rateeId: integer('ratee_id').notNull(),
    /** The lesson it was given after, if any. */
    lessonId: integer('lesson_id'),
    value: smallint('value').notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ratings_rater_ratee_key').on(t.raterId, t.rateeId),
    index('ratings_ratee_idx').on(t.rateeId, t.createdAt),
    check('ratings_value_check', sql`${t.value} between 1 and 5`),
    check('ratings_text_check', sql`${t.text} is null or char_length(${t.text}) <= 2000`),
    check('ratings_members_check', sql`${t.raterId} <> ${t.rateeId}`),
    foreignKeyOf('ratings', t.raterId, users.id, 'cascade'),
    foreignKeyOf('ratings', t.rateeId, users.id, 'cascade'),
    foreignKeyOf('ratings', t.lessonId, lessons.id, 'set null'),
  ],
);

export type Rating = typeof ratings.$inferSelect;
export type NewRating = typeof ratings.$inferInsert;
