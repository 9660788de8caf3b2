import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import { students, tutors, users } from '../users/users.table.ts';

/** Lesson states (DESIGN §4 Lesson lifecycle); pending and happening lessons hold the tutor's time. */
const LESSON_STATUSES = [
  'pending',
  'happening',
  'fulfilled',
  'cancelledByStudent',
  'cancelledByTutor',
  'cancelledByAdmin',
] as const;

/**
 * A booked live lesson. The price is fixed at booking from the tutor's per-minute rate.
 *
 * Besides the constraints below, the migration adds by hand (drizzle-kit cannot express them), both needing
 * the `btree_gist` extension:
 * - `lessons_tutor_no_overlap`: EXCLUDE USING gist (tutor_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
 *   WHERE status IN ('pending', 'happening') — a tutor is never double-booked;
 * - `lessons_student_no_overlap`: the same over student_id — a student is never in two lessons at once.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull(),
    tutorId: integer('tutor_id').notNull(),
    subscriptionId: integer('subscription_id'),
    status: text('status', { enum: LESSON_STATUSES }).notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    pricePiastres: integer('price_piastres').notNull(),
    /** The lesson this one replaced when it was moved to another time. */
    rebookedFrom: integer('rebooked_from'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The user who cancelled it (student, tutor or admin, as its status says); null when nobody chose to. */
    cancelledBy: integer('cancelled_by'),
    /** Why it was cancelled, e.g. `tutorDidNotAttend` (the session join state) when the tutor did not come. */
    cancelReason: text('cancel_reason'),
    tutorJoinedAt: timestamp('tutor_joined_at', { withTimezone: true }),
    studentJoinedAt: timestamp('student_joined_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The minutes charged once a fulfilled lesson ended, measured from its call (attendanceOf); the rest went back
     * to the student's weekly minutes. Null until then: a held lesson counts its whole duration.
     */
    chargedMinutes: smallint('charged_minutes'),
    /**
     * The minutes the tutor was paid for (his earnings entry is the price for them): the charged ones, and those
     * lost on the student's side alone (attendanceOf). Null until a fulfilled lesson ended.
     */
    paidMinutes: smallint('paid_minutes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lessons_one_pending_per_student').on(t.studentId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('lessons_rebooked_from_key').on(t.rebookedFrom),
    index('lessons_tutor_starts_idx').on(t.tutorId, t.startsAt),
    index('lessons_student_starts_idx').on(t.studentId, t.startsAt),
    index('lessons_subscription_starts_idx').on(t.subscriptionId, t.startsAt),
    index('lessons_status_starts_idx').on(t.status, t.startsAt),
    check(
      'lessons_status_check',
      sql`${t.status} in ('pending', 'happening', 'fulfilled', 'cancelledByStudent', 'cancelledByTutor', 'cancelledByAdmin')`,
    ),
    check('lessons_duration_check', sql`${t.durationMinutes} in (15, 30)`),
    check('lessons_ends_at_check', sql`${t.endsAt} = ${t.startsAt} + ${t.durationMinutes} * interval '1 minute'`),
    check('lessons_price_check', sql`${t.pricePiastres} >= 0`),
    check(
      'lessons_charged_minutes_check',
      sql`${t.chargedMinutes} is null or (${t.chargedMinutes} between 0 and ${t.durationMinutes} and ${t.status} = 'fulfilled')`,
    ),
    check(
      'lessons_paid_minutes_check',
      sql`${t.paidMinutes} is null or (${t.paidMinutes} between ${t.chargedMinutes} and ${t.durationMinutes} and ${t.status} = 'fulfilled')`,
    ),
    check('lessons_members_check', sql`${t.studentId} <> ${t.tutorId}`),
    check(
      'lessons_cancelled_check',
      sql`(${t.status} in ('cancelledByStudent', 'cancelledByTutor', 'cancelledByAdmin')) = (${t.cancelledAt} is not null)`,
    ),
    foreignKeyOf('lessons', t.studentId, students.userId, 'restrict'),
    foreignKeyOf('lessons', t.tutorId, tutors.userId, 'restrict'),
    foreignKeyOf('lessons', t.subscriptionId, subscriptions.id, 'restrict'),
    foreignKeyOf('lessons', t.rebookedFrom, t.id, 'set null'),
    foreignKeyOf('lessons', t.cancelledBy, users.id, 'set null'),
  ],
);

/** The minutes a lesson takes from its student's week: what was charged once it ended, its duration until then. */
export const minutesTaken = sql<number>`coalesce(${lessons.chargedMinutes}, ${lessons.durationMinutes})`;

export type Lesson = typeof lessons.$inferSelect;
export type NewLesson = typeof lessons.$inferInsert;
