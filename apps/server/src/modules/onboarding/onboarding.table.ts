import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { assets } from '../assets/assets.table.ts';
import { tutors, users } from '../users/users.table.ts';

/**
 * Tutor onboarding (DESIGN §4 Interviews): intro video → interview → demo session → photo session → activated.
 * Interviewers and demo-session evaluators are tutor managers or admins, hence plain user references.
 */

/** An applicant's intro video and its review (spec §4 Intro video review). */
export const introVideos = pgTable(
  'intro_videos',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id').notNull(),
    assetId: integer('asset_id').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    status: text('status', { enum: ['pending', 'rejected', 'accepted'] })
      .notNull()
      .default('pending'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // intro-video-exists: one video under review or accepted per tutor; a rejected one may be replaced later.
    uniqueIndex('intro_videos_one_open_per_tutor').on(t.tutorId).where(sql`${t.status} in ('pending', 'accepted')`),
    index('intro_videos_tutor_idx').on(t.tutorId, t.createdAt),
    index('intro_videos_status_idx').on(t.status, t.createdAt),
    check('intro_videos_status_check', sql`${t.status} in ('pending', 'rejected', 'accepted')`),
    check('intro_videos_duration_check', sql`${t.durationSeconds} > 0`),
    foreignKeyOf('intro_videos', t.tutorId, tutors.userId, 'cascade'),
    foreignKeyOf('intro_videos', t.assetId, assets.id, 'restrict'),
    foreignKeyOf('intro_videos', t.reviewedBy, users.id, 'set null'),
  ],
);

/**
 * A 30-minute interview of an applicant (interviewee) by an interviewer. Status of spec §4: pending 1, passed 2,
 * rejected 3, canceled by interviewer 4, canceled by interviewee 5. `level` is the English level found (1-6).
 * The migration adds by hand `interviews_interviewer_no_overlap` (EXCLUDE USING gist over the interviewer's
 * pending time ranges; busy-tutor-manager).
 */
export const interviews = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    intervieweeId: integer('interviewee_id').notNull(),
    interviewerId: integer('interviewer_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(1),
    feedback: text('feedback'),
    note: text('note'),
    level: smallint('level'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why it was cancelled when nobody chose to: `interviewerDidNotAttend` (set by the no-show job). */
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interviews_one_pending_per_interviewee').on(t.intervieweeId).where(sql`${t.status} = 1`),
    index('interviews_interviewee_idx').on(t.intervieweeId, t.startsAt),
    index('interviews_interviewer_idx').on(t.interviewerId, t.startsAt),
    index('interviews_status_starts_idx').on(t.status, t.startsAt),
    check('interviews_status_check', sql`${t.status} between 1 and 5`),
    check('interviews_level_check', sql`${t.level} is null or ${t.level} between 1 and 6`),
    check('interviews_dates_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('interviews_members_check', sql`${t.intervieweeId} <> ${t.interviewerId}`),
    check('interviews_feedback_check', sql`${t.feedback} is null or char_length(${t.feedback}) <= 2000`),
    check('interviews_note_check', sql`${t.note} is null or char_length(${t.note}) <= 1000`),
    check('interviews_cancelled_check', sql`(${t.status} in (4, 5)) = (${t.cancelledAt} is not null)`),
    foreignKeyOf('interviews', t.intervieweeId, tutors.userId, 'cascade'),
    foreignKeyOf('interviews', t.interviewerId, users.id, 'restrict'),
    foreignKeyOf('interviews', t.decidedBy, users.id, 'set null'),
    foreignKeyOf('interviews', t.cancelledBy, users.id, 'set null'),
  ],
);

/**
 * A 30-minute demo lesson an applicant gives after passing the interview, judged by a tutor manager.
 * Status is the spec's Session status (§4): pending 1, passed 2, rejected 3, canceled by tutor manager 4,
 * canceled by tutor 5, canceled by admin 6. The migration adds by hand `demo_sessions_manager_no_overlap`.
 */
export const demoSessions = pgTable(
  'demo_sessions',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id').notNull(),
    managerId: integer('manager_id').notNull(),
    interviewId: integer('interview_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(1),
    feedback: text('feedback'),
    note: text('note'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why it was cancelled when nobody chose to: `interviewerDidNotAttend` (set by the no-show job). */
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // demo-session-exists
    uniqueIndex('demo_sessions_one_pending_per_tutor').on(t.tutorId).where(sql`${t.status} = 1`),
    index('demo_sessions_tutor_idx').on(t.tutorId, t.startsAt),
    index('demo_sessions_manager_idx').on(t.managerId, t.startsAt),
    index('demo_sessions_status_starts_idx').on(t.status, t.startsAt),
    check('demo_sessions_status_check', sql`${t.status} between 1 and 6`),
    check('demo_sessions_dates_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('demo_sessions_members_check', sql`${t.tutorId} <> ${t.managerId}`),
    check('demo_sessions_feedback_check', sql`${t.feedback} is null or char_length(${t.feedback}) <= 2000`),
    check('demo_sessions_note_check', sql`${t.note} is null or char_length(${t.note}) <= 1000`),
    check('demo_sessions_cancelled_check', sql`(${t.status} in (4, 5, 6)) = (${t.cancelledAt} is not null)`),
    foreignKeyOf('demo_sessions', t.tutorId, tutors.userId, 'cascade'),
    foreignKeyOf('demo_sessions', t.managerId, users.id, 'restrict'),
    foreignKeyOf('demo_sessions', t.interviewId, interviews.id, 'set null'),
    foreignKeyOf('demo_sessions', t.decidedBy, users.id, 'set null'),
    foreignKeyOf('demo_sessions', t.cancelledBy, users.id, 'set null'),
  ],
);

/**
 * The studio's photo session for a tutor: produces the profile image, the one-minute English intro video and
 * its thumbnail. pending: waiting for a date; scheduled: date set; done: media delivered; cancelled.
 */
export const photoSessions = pgTable(
  'photo_sessions',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id').notNull(),
    studioId: integer('studio_id'),
    status: text('status', { enum: ['pending', 'scheduled', 'done', 'cancelled'] })
      .notNull()
      .default('pending'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    location: text('location'),
    note: text('note'),
    imageAssetId: integer('image_asset_id'),
    videoAssetId: integer('video_asset_id'),
    thumbnailAssetId: integer('thumbnail_asset_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('photo_sessions_one_open_per_tutor').on(t.tutorId).where(sql`${t.status} in ('pending', 'scheduled')`),
    index('photo_sessions_tutor_idx').on(t.tutorId, t.createdAt),
    index('photo_sessions_status_scheduled_idx').on(t.status, t.scheduledAt),
    check('photo_sessions_status_check', sql`${t.status} in ('pending', 'scheduled', 'done', 'cancelled')`),
    check('photo_sessions_scheduled_check', sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`),
    foreignKeyOf('photo_sessions', t.tutorId, tutors.userId, 'cascade'),
    foreignKeyOf('photo_sessions', t.studioId, users.id, 'set null'),
    foreignKeyOf('photo_sessions', t.imageAssetId, assets.id, 'set null'),
    foreignKeyOf('photo_sessions', t.videoAssetId, assets.id, 'set null'),
    foreignKeyOf('photo_sessions', t.thumbnailAssetId, assets.id, 'set null'),
    foreignKeyOf('photo_sessions', t.createdBy, users.id, 'set null'),
  ],
);

export type IntroVideo = typeof introVideos.$inferSelect;
export type NewIntroVideo = typeof introVideos.$inferInsert;
export type Interview = typeof interviews.$inferSelect;
export type NewInterview = typeof interviews.$inferInsert;
export type DemoSession = typeof demoSessions.$inferSelect;
export type NewDemoSession = typeof demoSessions.$inferInsert;
export type PhotoSession = typeof photoSessions.$inferSelect;
export type NewPhotoSession = typeof photoSessions.$inferInsert;
