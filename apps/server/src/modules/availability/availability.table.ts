import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { tutors } from '../users/users.table.ts';

/**
 * A tutor's (or tutor manager's, for interviews) weekly availability: one row per free span of a weekday,
 * in business time (Africa/Cairo). Minutes count from midnight, so a span never crosses a day.
 * Overlapping spans of one tutor on one weekday are refused by the hand-written exclusion constraint
 * `availability_slots_no_overlap` in the migration.
 */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id').notNull(),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('availability_slots_tutor_weekday_start_key').on(t.tutorId, t.weekday, t.startMinute),
    index('availability_slots_weekday_idx').on(t.weekday, t.startMinute),
    check('availability_slots_weekday_check', sql`${t.weekday} between 0 and 6`),
    check(
      'availability_slots_minutes_check',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
    foreignKeyOf('availability_slots', t.tutorId, tutors.userId, 'cascade'),
  ],
);

export type AvailabilitySlot = typeof availabilitySlots.$inferSelect;
export type NewAvailabilitySlot = typeof availabilitySlots.$inferInsert;
