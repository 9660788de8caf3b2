import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * A user's notification choices beyond the channel (which stays `users.notification_method`): the reminders and
 * nudges turned off, and when they chose (or closed the prompt to choose). No row: never chose, nothing muted.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedKinds: text('muted_kinds').array().notNull().default(sql`'{}'::text[]`),
    /** The push kinds turned on (Web Push to her subscribed devices); none until she turns push on. */
    pushKinds: text('push_kinds').array().notNull().default(sql`'{}'::text[]`),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_preferences_muted_kinds_check',
      sql`${t.mutedKinds} <@ array['lessonReminderDay', 'lessonReminderHour', 'subscriptionEnding']::text[]`,
    ),
    check(
      'notification_preferences_push_kinds_check',
      sql`${t.pushKinds} <@ array['lessonReminders', 'lessonStarting', 'chatMessages', 'paymentResults']::text[]`,
    ),
  ],
);
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
