import { REPORT_STATUSES } from '@darsak/domain/reports';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { assets } from '../assets/assets.table.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A problem report from inside the app (REPORT /with/asset): a title and description with an optional screenshot
 * and an optional exported log (private assets), plus the context it came from; DESIGN §4: open → in progress →
 * resolved with a note the reporter is told.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id'),
    /** Someone the report is about (e.g. a tutor who did not attend), if any. */
    reportedUserId: integer('reported_user_id'),
    lessonId: integer('lesson_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    screenshotAssetId: integer('screenshot_asset_id'),
    logAssetId: integer('log_asset_id'),
    /** Where it was sent from: page, app version, user agent… */
    context: jsonb('context'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    adminNote: text('admin_note'),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    check('reports_status_check', sql`${t.status} in ('open', 'in_progress', 'resolved')`),
    check('reports_title_check', sql`char_length(${t.title}) between 1 and 120`),
    check('reports_description_check', sql`char_length(${t.description}) <= 5000`),
    check('reports_resolved_check', sql`${t.status} <> 'resolved' or ${t.resolvedAt} is not null`),
    foreignKeyOf('reports', t.reporterId, users.id, 'set null'),
    foreignKeyOf('reports', t.reportedUserId, users.id, 'set null'),
    foreignKeyOf('reports', t.lessonId, lessons.id, 'set null'),
    foreignKeyOf('reports', t.screenshotAssetId, assets.id, 'set null'),
    foreignKeyOf('reports', t.logAssetId, assets.id, 'set null'),
    foreignKeyOf('reports', t.resolvedBy, users.id, 'set null'),
  ],
);

export type Report = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
