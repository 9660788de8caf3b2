import { z } from 'zod';
import { AuditReason } from '../audit/audit.contract.ts';
import { IdParam, IdParams } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { CallQualitySummarySchema } from '../sessions/call-quality.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { LessonSchema } from './lessons.contract.ts';
import { CANCELLERS } from './lessons.outcome.ts';
import { CALL_EVENT_KINDS } from './lessons.presence.ts';
import { LessonStatusSchema } from './lessons.schemas.ts';

/** Orders of the staff's lesson list: by start (latest or earliest first) or by when it was booked. */
export const STAFF_LESSON_SORTS = ['latest', 'earliest', 'newestBooking'] as const;

/** Filters of the staff's lesson list; `from`/`to` are Cairo calendar days (inclusive) of the lesson's start. */
export const StaffLessonListQuery = PageQuery.extend({
  status: LessonStatusSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  tutorId: IdParam.optional(),
  studentId: IdParam.optional(),
  /** A tutor's or student's name, or a lesson id. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(STAFF_LESSON_SORTS).optional(),
}).strict();
export type StaffLessonListQuery = z.infer<typeof StaffLessonListQuery>;

export const CancellerSchema = z.enum(CANCELLERS);

export const CallEventKindSchema = z.enum(CALL_EVENT_KINDS);

/** One moment of the lesson's live room. */
export const LessonCallEventSchema = z.object({
  userId: z.number().int(),
  kind: CallEventKindSchema,
  at: z.string(),
});

/** A person's time in the room: first join, last leave, drops, seconds present. */
export const LessonPresenceSchema = z.object({
  userId: z.number().int(),
  presentSeconds: z.number().int(),
  firstJoinedAt: z.string().nullable(),
  lastLeftAt: z.string().nullable(),
  drops: z.number().int(),
});

/** A lesson as staff settle a dispute with it: the lesson, who cancelled it, and its room's timeline. */
export const LessonRecordSchema = z.object({
  lesson: LessonSchema,
  cancelledByRole: CancellerSchema.nullable(),
  cancelledByName: z.string().nullable(),
  studentJoinedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Whether an admin may still cancel it (pending or happening). */
  cancellable: z.boolean(),
  events: z.array(LessonCallEventSchema),
  presence: z.array(LessonPresenceSchema),
  /** How the call went for each member who reported it (path, round trip, loss, freezes). */
  quality: z.array(CallQualitySummarySchema),
});
export type LessonRecord = z.infer<typeof LessonRecordSchema>;

export const StaffCancelLessonInput = z.strictObject({ reason: AuditReason });
export type StaffCancelLessonInput = z.infer<typeof StaffCancelLessonInput>;

const common = { tags: ['lesson'] } as const;

/** Admins' lesson calls (issue 12 /lessons and /lesson/{id}). */
export const staffLessonsContract = {
  list: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/staff/list',
    summary: 'Every lesson, filtered by status, days, tutor, student or name, sorted and paged (admins)',
    auth: ROLE_GROUPS.admins,
    query: StaffLessonListQuery,
    response: pageOf(LessonSchema),
    errors: ['forbidden'],
  }),
  record: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/lesson/:id/record',
    summary: "A lesson with who cancelled it and its live room's joins, leaves, drops and time present (admins)",
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: LessonRecordSchema,
    errors: ['lesson-not-found'],
  }),
  cancel: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/lesson/:id/staff-cancel',
    summary: 'An admin cancels a pending or happening lesson with a reason; both members are told (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: StaffCancelLessonInput,
    response: LessonRecordSchema,
    errors: ['lesson-not-found', 'illegal'],
  }),
} as const;
