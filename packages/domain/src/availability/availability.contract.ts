import { z } from 'zod';
import { IdParam, textInt } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { SessionLengthSchema } from '../sessions/sessions.schemas.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { ReplaceSlotsInput, WeeklySlotSchema } from './availability.schemas.ts';

/** The longest stretch one free-times request may cover. */
export const MAX_FREE_TIMES_RANGE_DAYS = 31;

export const SlotList = z.object({
  total: z.number().int(),
  list: z.array(WeeklySlotSchema),
  /** The lesson lengths the tutor teaches, ascending; students book only these. */
  lessonLengths: z.array(SessionLengthSchema),
});

export const SlotListQuery = z.strictObject({
  /** Whose schedule; a tutor leaving it out gets their own. */
  tutorId: IdParam.optional(),
});

const Instant = z.iso.datetime({ offset: true });

export const FreeTimesQuery = z.strictObject({
  tutorId: IdParam,
  durationMinutes: textInt(SessionLengthSchema).default(30),
  /** Defaults: from now; to the end of a signed-in student's week, else 7 days on. */
  from: Instant.optional(),
  to: Instant.optional(),
  /** A lesson of the caller's being moved: its own time counts as free. */
  movingLessonId: IdParam.optional(),
});
export type FreeTimesQuery = z.infer<typeof FreeTimesQuery>;

export const FreeTimeSchema = z.object({ startsAt: z.string(), endsAt: z.string() });

export const FreeTimesSchema = z.object({
  tutorId: z.number().int(),
  durationMinutes: z.number().int(),
  /** The lengths the tutor teaches that the platform offers: for any other the list is empty (booking answers 422). */
  lessonLengths: z.array(SessionLengthSchema),
  /** A signed-in student's current subscription week, which bounds the times; null for anyone else. */
  week: z.object({ startsAt: z.string(), endsAt: z.string(), remainingMinutes: z.number().int() }).nullable(),
  /** Until when a lesson booked now could be cancelled or moved (cancellableUntil of the lessons' rules). */
  cancellationPolicy: z.object({
    cancellationWindowHours: z.number().int(),
    lateBookingCancelGraceMinutes: z.number().int(),
  }),
  total: z.number().int(),
  list: z.array(FreeTimeSchema),
});
export type FreeTimes = z.infer<typeof FreeTimesSchema>;

const common = { tags: ['availability'] } as const;

export const availabilityContract = {
  list: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/availability-slot/',
    summary: "A tutor's weekly schedule (Cairo wall time)",
    auth: 'public',
    query: SlotListQuery,
    response: SlotList,
    errors: ['tutor-not-found', 'bad-request'],
  }),
  replace: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/availability-slot/',
    summary: "Replace the signed-in tutor's weekly schedule; refused if it would orphan booked lessons",
    auth: ROLE_GROUPS.tutorLike,
    body: ReplaceSlotsInput,
    response: SlotList,
    errors: ['conflicting-schedule', 'tutor-not-found'],
  }),
  free: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/availability-slot/free',
    summary: "A tutor's really free lesson times: inside the slots, past the notice, not taken, in the week",
    auth: 'public',
    query: FreeTimesQuery,
    response: FreeTimesSchema,
    errors: ['tutor-not-found', 'bad-request'],
  }),
} as const;
