import { z } from 'zod';
import { TIMES_OF_DAY, type TimeOfDay } from '../availability/availability.rules.ts';
import { IdParam, IdParams, textInt } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { WeekdaySchema } from '../lessons/lessons.schemas.ts';
import { RatingSummarySchema } from '../ratings/ratings.contract.ts';
import { SessionLengthSchema } from '../sessions/sessions.schemas.ts';
import { TopicSchema } from '../topics/topics.contract.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { GenderSchema } from '../users/users.enums.ts';
import { TUTOR_SORTS } from './tutors.order.ts';

/** A tutor in the public list (spec /tutors): photo, Arabic name, topics, rating and next free time. */
export const TutorCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  gender: GenderSchema.nullable(),
  bio: z.string().nullable(),
  topics: z.array(TopicSchema),
  rating: RatingSummarySchema,
  /** The first free start of the tutor's shortest lesson length past their notice, within two weeks; or null. */
  nextFreeAt: z.string().nullable(),
  /** The lesson lengths a student may book: those the tutor teaches (on their weekly schedule) that the platform offers. */
  lessonLengths: z.array(SessionLengthSchema),
});
export type TutorCard = z.infer<typeof TutorCardSchema>;

/** The profile tab of /t/{id}; the reviews tab reads RATING /list/tutor/{id}. */
export const TutorProfileSchema = TutorCardSchema.extend({
  about: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  noticePeriodMinutes: z.number().int(),
  /** Lessons given (fulfilled). */
  lessons: z.number().int(),
});
export type TutorProfile = z.infer<typeof TutorProfileSchema>;

export const TimeOfDaySchema = z.enum(Object.keys(TIMES_OF_DAY) as [TimeOfDay, ...TimeOfDay[]]);

export const TutorListQuery = PageQuery.extend({
  topicId: IdParam.optional(),
  gender: GenderSchema.optional(),
  /** Has slots on this weekday (0 Sunday … 6 Saturday) … */
  weekday: textInt(WeekdaySchema).optional(),
  /** … in this part of the day (with weekday: on that day). */
  timeOfDay: TimeOfDaySchema.optional(),
  /** recommended: weighted rating first (see tutors.order); rating: best average first; soonest: earliest free time. */
  sort: z.enum(TUTOR_SORTS).default('recommended'),
}).strict();
export type TutorListQuery = z.infer<typeof TutorListQuery>;

export const TutorStatsSchema = z.object({
  tutorId: z.number().int(),
  /** Fulfilled lessons, the distinct students in them and the minutes taught. */
  lessons: z.number().int(),
  students: z.number().int(),
  teachingMinutes: z.number().int(),
  upcomingLessons: z.number().int(),
  /** Everything credited to the tutor: fulfilled lessons' prices and staff adjustments. */
  incomePiastres: z.number().int(),
  rating: RatingSummarySchema,
});
export type TutorStats = z.infer<typeof TutorStatsSchema>;

export const StudentStatsSchema = z.object({
  studentId: z.number().int(),
  lessons: z.object({ fulfilled: z.number().int(), upcoming: z.number().int(), cancelled: z.number().int() }),
  /** Distinct tutors of the fulfilled lessons, and the minutes learned in them. */
  tutors: z.number().int(),
  learnedMinutes: z.number().int(),
  /** The current subscription week; zeros and nulls without an active subscription. */
  weeklyMinutes: z.number().int(),
  remainingWeeklyMinutes: z.number().int(),
  weekEndsAt: z.string().nullable(),
});
export type StudentStats = z.infer<typeof StudentStatsSchema>;

/** The longest span one activity request may cover. */
export const MAX_ACTIVITY_DAYS = 366;

export const ActivityQuery = z.strictObject({
  /** Cairo calendar days, inclusive; default the last 30 days. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const TutorActivitySchema = z.object({
  tutorId: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Days with fulfilled lessons, oldest first. */
  list: z.array(z.object({ date: z.string(), lessons: z.number().int(), minutes: z.number().int() })),
});

export const TutoringMinutesSchema = z.object({
  totalMinutes: z.number().int(),
  last7DaysMinutes: z.number().int(),
  last30DaysMinutes: z.number().int(),
  /** Minutes of the pending and happening lessons. */
  upcomingMinutes: z.number().int(),
});

const common = { tags: ['user', 'tutor'] } as const;

export const tutorsContract = {
  info: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/info/:id',
    summary: "A tutor's public profile",
    auth: 'public',
    params: IdParams,
    response: TutorProfileSchema,
    errors: ['tutor-not-found'],
  }),
  listOnboarded: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/list/onboarded',
    summary: 'Active tutors, filtered and sorted, paged',
    auth: 'public',
    query: TutorListQuery,
    response: pageOf(TutorCardSchema),
    errors: [],
  }),
  statsPersonalized: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/stats/personalized',
    summary: "The signed-in tutor's stats",
    auth: ROLE_GROUPS.tutorLike,
    response: TutorStatsSchema,
    errors: [],
  }),
  stats: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/stats/:id',
    summary: "A tutor's stats (the tutor or staff)",
    auth: 'signedIn',
    params: IdParams,
    response: TutorStatsSchema,
    errors: ['tutor-not-found', 'forbidden'],
  }),
  studentStatsPersonalized: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/student/stats/personalized',
    summary: "The signed-in student's stats and remaining weekly minutes",
    auth: ['student'],
    response: StudentStatsSchema,
    errors: [],
  }),
  studentStats: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/student/stats/:id',
    summary: "A student's stats (the student or staff)",
    auth: 'signedIn',
    params: IdParams,
    response: StudentStatsSchema,
    errors: ['student-not-found', 'forbidden'],
  }),
  activity: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/activity/:id',
    summary: "A tutor's fulfilled lessons per Cairo day (the tutor or staff)",
    auth: 'signedIn',
    params: IdParams,
    query: ActivityQuery,
    response: TutorActivitySchema,
    errors: ['tutor-not-found', 'forbidden', 'bad-request'],
  }),
  tutoringMinutes: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/tutoring-minutes',
    summary: "The signed-in tutor's taught and booked minutes",
    auth: ROLE_GROUPS.tutorLike,
    response: TutoringMinutesSchema,
    errors: [],
  }),
} as const;
