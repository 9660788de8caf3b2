import { z } from 'zod';
import { SLOT_STEP_MINUTES } from '../availability/availability.schemas.ts';
import { Id, IdParam, IdParams } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { MS_PER_MINUTE } from '../common/time.ts';
import { defineRoute } from '../contract/define-route.ts';
import { SessionLengthSchema, SessionStatusSchema } from '../sessions/sessions.schemas.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { GenderSchema } from '../users/users.enums.ts';
import { LessonStatusSchema } from './lessons.schemas.ts';

/** An ISO instant with its offset, on the quarter-hour grid of lesson starts. */
export const LessonStart = z
  .string()
  .pipe(z.iso.datetime({ offset: true, message: 'invalid' }))
  .refine((value) => Date.parse(value) % (SLOT_STEP_MINUTES * MS_PER_MINUTE) === 0, 'lesson-start-step');

/** A member as a lesson names them; the gender words the copy that names them ("the student" of a woman). */
export const LessonMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  gender: GenderSchema.nullable(),
});

/** A lesson as its members and staff see it (spec §3 Lesson: members, price, duration, start, status). */
export const LessonSchema = z.object({
  id: z.number().int(),
  status: LessonStatusSchema,
  /** Its live session's status (spec §4: pending 1 … canceled by admin 6), from how it ended (lessonSessionStatus). */
  sessionStatus: SessionStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  pricePiastres: z.number().int(),
  student: LessonMemberSchema,
  tutor: LessonMemberSchema,
  /** The lesson this one replaced when it was moved. */
  rebookedFrom: z.number().int().nullable(),
  /** Last moment it can be cancelled or moved (the cancellation window, or the grace after a late booking). */
  cancellableUntil: z.string(),
  /** From when its two members may join the call (the `sessionOpensMinutesBefore` setting before its start). */
  joinOpensAt: z.string(),
  /** From when the student may end it as "tutor did not attend" if the tutor has not joined (`noShowGraceMinutes`). */
  noShowAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.number().int().nullable(),
  cancelReason: z.string().nullable(),
  tutorJoinedAt: z.string().nullable(),
  /**
   * Once a fulfilled lesson ended: the minutes charged, measured from its call (attendanceOf); the rest of its
   * duration went back to the student's week. Null before, and for a lesson that was not held.
   */
  chargedMinutes: z.number().int().nullable(),
  /** Once a fulfilled lesson ended: the minutes the tutor is paid for (the charged ones, and any lost on the
   * student's side alone). */
  paidMinutes: z.number().int().nullable(),
  createdAt: z.string(),
});
export type LessonView = z.infer<typeof LessonSchema>;

export const BookLessonInput = z.strictObject({
  tutorId: Id,
  startsAt: LessonStart,
  durationMinutes: SessionLengthSchema,
});
export type BookLessonInput = z.infer<typeof BookLessonInput>;

/** Moving a lesson: the same tutor, another time or length (PATCH has no id in its path in spec §7). */
export const RebookLessonInput = z.strictObject({
  id: Id,
  startsAt: LessonStart,
  durationMinutes: SessionLengthSchema,
});
export type RebookLessonInput = z.infer<typeof RebookLessonInput>;

export const LessonListQuery = PageQuery.extend({
  /** upcoming: pending or happening, soonest first; past: the others, latest first. */
  when: z.enum(['upcoming', 'past']).optional(),
  status: LessonStatusSchema.optional(),
  /** Staff only: the lessons of one student or tutor. */
  userId: IdParam.optional(),
}).strict();
export type LessonListQuery = z.infer<typeof LessonListQuery>;

export const AttendedStatsSchema = z.object({
  /** Fulfilled lessons and their minutes. */
  lessons: z.number().int(),
  minutes: z.number().int(),
  /** Distinct people met in them: tutors for a student, students for a tutor. */
  people: z.number().int(),
  lastLessonAt: z.string().nullable(),
});

export const CalendarLinkSchema = z.object({
  /** The ICS feed, for calendars that take an https address (Outlook, Apple). */
  url: z.string(),
  /** The same feed as webcal://, which Google Calendar and most phones open as a subscription. */
  webcalUrl: z.string(),
});

/** `<user id>-<signature>`: the feed needs no sign-in, so the link itself is the secret. */
export const CalendarTokenParams = z.strictObject({ token: z.string().regex(/^\d{1,10}-[\w-]{20,100}$/) });

const common = { tags: ['lesson'] } as const;
const members = ['student', ...ROLE_GROUPS.tutorLike] as const;

export const lessonsContract = {
  book: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/lesson/',
    summary: 'Book a lesson with a tutor in the current subscription week',
    auth: ['student'],
    body: BookLessonInput,
    response: LessonSchema,
    status: 201,
    errors: [
      'unverified-email',
      'unverified-phone',
      'subscription-required',
      'lesson-time-passed',
      'week-boundaries-violation',
      'reached-booking-limit',
      'no-enough-minutes',
      'lesson-length-unavailable',
      'busy-tutor',
      'conflicting-lessons',
      'tutor-not-found',
    ],
  }),
  list: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/list/',
    summary: "The caller's lessons (staff: anyone's), paged",
    auth: 'signedIn',
    query: LessonListQuery,
    response: pageOf(LessonSchema),
    errors: ['forbidden'],
  }),
  attendedStats: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/attended/stats',
    summary: "The caller's fulfilled lessons: count, minutes, people",
    auth: members,
    response: AttendedStatsSchema,
    errors: [],
  }),
  calendarLink: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/calendar/link',
    summary: "The caller's private calendar (ICS) subscription link",
    auth: members,
    response: CalendarLinkSchema,
    errors: [],
  }),
  calendarFeed: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/calendar/:token.ics',
    summary: "A user's lessons as an iCalendar feed (the token comes from calendar/link)",
    auth: 'public',
    params: CalendarTokenParams,
    response: z.string(),
    errors: ['forbidden'],
  }),
  get: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/:id',
    summary: 'A lesson (its members and staff)',
    auth: 'signedIn',
    params: IdParams,
    response: LessonSchema,
    errors: ['lesson-not-found', 'forbidden'],
  }),
  rebook: defineRoute({
    ...common,
    method: 'PATCH',
    path: '/api/v1/lesson/',
    summary: 'Move a pending lesson to another free time; every booking rule applies again',
    auth: ['student'],
    body: RebookLessonInput,
    response: LessonSchema,
    errors: [
      'lesson-not-found',
      'forbidden',
      'illegal',
      'cancellation-window-passed',
      'subscription-required',
      'lesson-time-passed',
      'week-boundaries-violation',
      'no-enough-minutes',
      'lesson-length-unavailable',
      'busy-tutor',
      'conflicting-lessons',
    ],
  }),
  cancel: defineRoute({
    ...common,
    method: 'DELETE',
    path: '/api/v1/lesson/:id',
    summary: 'Cancel a pending lesson (its student or tutor) until the cancellation window',
    auth: members,
    params: IdParams,
    response: LessonSchema,
    errors: ['lesson-not-found', 'forbidden', 'illegal', 'lesson-time-passed', 'cancellation-window-passed'],
  }),
  endAsTutorAbsent: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/lesson/:id/tutor-did-not-attend',
    summary: 'The student ends a lesson the tutor did not join within the grace minutes',
    auth: ['student'],
    params: IdParams,
    response: LessonSchema,
    errors: ['lesson-not-found', 'forbidden', 'illegal', 'tutor-may-still-join'],
  }),
} as const;
