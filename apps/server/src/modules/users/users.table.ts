import type { SessionLength } from '@darsak/domain/sessions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Every account, whatever its role (spec §3 User). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: smallint('role').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    governorate: smallint('governorate'),
    birthYear: smallint('birth_year'),
    gender: text('gender'),
    image: text('image'),
    job: text('job'),
    creditScore: integer('credit_score').notNull().default(0),
    notificationMethod: text('notification_method').notNull().default('none'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    telegramChatId: text('telegram_chat_id'),
    /** When the chat above was linked through the bot's /start deep link. */
    telegramLinkedAt: timestamp('telegram_linked_at', { withTimezone: true }),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} between 1 and 6`),
    check('users_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    check('users_notification_method_check', sql`${t.notificationMethod} in ('email', 'whatsapp', 'telegram', 'none')`),
    check('users_governorate_check', sql`${t.governorate} is null or ${t.governorate} between 1 and 30`),
  ],
);

/** Tutor-only profile (spec §3 Tutor); one row per tutor or tutor-manager user. */
export const tutors = pgTable(
  'tutors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio'),
    about: text('about'),
    video: text('video'),
    thumbnail: text('thumbnail'),
    activated: boolean('activated').notNull().default(false),
    noticePeriodMinutes: integer('notice_period_minutes').notNull().default(30),
    bypassOnboarding: boolean('bypass_onboarding').notNull().default(false),
    ratePerMinutePiastres: integer('rate_per_minute_piastres'),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Lesson lengths (minutes) the tutor teaches, set with their weekly schedule; ascending. */
    lessonLengths: smallint('lesson_lengths').array().$type<SessionLength[]>().notNull().default(sql`'{15,30}'`),
    ...timestamps,
  },
  (t) => [
    check('tutors_notice_period_check', sql`${t.noticePeriodMinutes} between 0 and 10080`),
    check('tutors_rate_check', sql`${t.ratePerMinutePiastres} is null or ${t.ratePerMinutePiastres} >= 0`),
    // One or both of the bookable lengths, each once, ascending: exactly these three arrays.
    check(
      'tutors_lesson_lengths_check',
      sql`${t.lessonLengths} in ('{15}'::smallint[], '{30}'::smallint[], '{15,30}'::smallint[])`,
    ),
  ],
);

/** Student-only profile. */
export const students = pgTable(
  'students',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    englishLevel: smallint('english_level'),
    goal: text('goal'),
    tourCompletedAt: timestamp('tour_completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('students_english_level_check', sql`${t.englishLevel} is null or ${t.englishLevel} between 1 and 6`)],
);
