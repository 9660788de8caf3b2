import { z } from 'zod';
import { AuditReason } from '../audit/audit.contract.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { TutorIdParams } from '../interviews/interviews.contract.ts';
import { ONBOARDING_STEPS, OnboardingStepSchema } from '../interviews/interviews.steps.ts';
import { NoticePeriodMinutes } from '../lessons/lessons.schemas.ts';
import { RatingSummarySchema } from '../ratings/ratings.contract.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { TutoringMinutesSchema } from './tutors.contract.ts';

/** Where a tutor stands: the onboarding step they are at, or `onboarded` once every step is done (or bypassed). */
export const STAFF_TUTOR_STAGES = [...ONBOARDING_STEPS, 'onboarded'] as const;
export const StaffTutorStageSchema = z.enum(STAFF_TUTOR_STAGES);
export type StaffTutorStage = z.infer<typeof StaffTutorStageSchema>;

/** A tutor as admins see them in /tutors: every tutor, onboarded or not. */
export const StaffTutorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  stage: StaffTutorStageSchema,
  activated: z.boolean(),
  bypassOnboarding: z.boolean(),
  /** Whether the account is disabled (users' account actions). */
  disabled: z.boolean(),
  noticePeriodMinutes: z.number().int(),
  /** The tutor's own rate, or null: the platform's default applies. */
  ratePerMinutePiastres: z.number().int().nullable(),
  rating: RatingSummarySchema,
  /** Fulfilled lessons. */
  lessons: z.number().int(),
  /** Everything credited to the tutor: fulfilled lessons' prices and staff adjustments. */
  earningsPiastres: z.number().int(),
  createdAt: z.string(),
});
export type StaffTutor = z.infer<typeof StaffTutorSchema>;

/** /tutor/{id}: the list's row with the onboarding steps and their dates, the rate that applies and the minutes. */
export const StaffTutorDetailSchema = StaffTutorSchema.extend({
  bio: z.string().nullable(),
  about: z.string().nullable(),
  steps: z.array(OnboardingStepSchema),
  /** The platform's default rate (what applies while `ratePerMinutePiastres` is null). */
  defaultRatePerMinutePiastres: z.number().int(),
  upcomingLessons: z.number().int(),
  tutoringMinutes: TutoringMinutesSchema,
});
export type StaffTutorDetail = z.infer<typeof StaffTutorDetailSchema>;

export const STAFF_TUTOR_SORTS = ['newest', 'name', 'rating', 'lessons', 'earnings'] as const;

/** Search (name, e-mail, phone or id), filters and order of the staff's tutor lists. */
export const StaffTutorListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  stage: StaffTutorStageSchema.optional(),
  activated: z.enum(['yes', 'no']).optional(),
  sort: z.enum(STAFF_TUTOR_SORTS).optional(),
}).strict();
export type StaffTutorListQuery = z.infer<typeof StaffTutorListQuery>;

/** The absolute cap of a notice period is the lessons' (the platform settings' maximum may be lower). */
export { MAX_NOTICE_PERIOD_MINUTES } from '../lessons/lessons.constants.ts';
/** Highest per-tutor rate staff may set (1,000 EGP a minute): a guard against a typo, not a policy. */
export const MAX_TUTOR_RATE_PIASTRES = 100_000;

/**
 * A staff edit of a tutor's terms: only the fields given change (none: `empty-request`); a null rate returns the
 * tutor to the platform default.
 */
export const TutorTermsInput = z.strictObject({
  ratePerMinutePiastres: z.number().int().min(1).max(MAX_TUTOR_RATE_PIASTRES).nullable().optional(),
  noticePeriodMinutes: NoticePeriodMinutes.optional(),
  bypassOnboarding: z.boolean().optional(),
  reason: AuditReason,
});
export type TutorTermsInput = z.infer<typeof TutorTermsInput>;

/** Activate or deactivate; a deactivation may also cancel the tutor's booked lessons (minutes back, both told). */
export const TutorActivationInput = z.strictObject({
  activated: z.boolean(),
  cancelBookedLessons: z.boolean().optional(),
  reason: AuditReason,
});
export type TutorActivationInput = z.infer<typeof TutorActivationInput>;

export const TutorActivationResultSchema = z.object({
  tutor: StaffTutorDetailSchema,
  /** How many booked lessons the deactivation cancelled. */
  cancelledLessons: z.number().int(),
});

const common = { tags: ['user', 'tutor'], auth: ROLE_GROUPS.admins } as const;

/** Admins' tutor calls (issue 12 /tutors and /tutor/{id}). */
export const staffTutorsContract = {
  list: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/list/all',
    summary: 'Every tutor with their onboarding stage, searched, filtered, sorted and paged (admins)',
    query: StaffTutorListQuery,
    response: pageOf(StaffTutorSchema),
    errors: ['forbidden'],
  }),
  uncontacted: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/list/uncontacted',
    summary: 'Activated tutors no student has booked or written to yet (admins)',
    query: StaffTutorListQuery,
    response: pageOf(StaffTutorSchema),
    errors: ['forbidden'],
  }),
  fullTutors: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/full-tutors',
    summary: 'Activated tutors whose teaching time in the coming 7 days is fully booked (admins)',
    query: StaffTutorListQuery,
    response: pageOf(StaffTutorSchema),
    errors: ['forbidden'],
  }),
  get: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/tutor/:tutorId/staff',
    summary: 'One tutor as admins see them: onboarding steps, terms, figures (admins)',
    params: TutorIdParams,
    response: StaffTutorDetailSchema,
    errors: ['tutor-not-found'],
  }),
  updateTerms: defineRoute({
    ...common,
    method: 'PATCH',
    path: '/api/v1/user/tutor/:tutorId/terms',
    summary: "Set a tutor's rate, notice period or bypass-onboarding flag, with the reason (admins)",
    params: TutorIdParams,
    body: TutorTermsInput,
    response: StaffTutorDetailSchema,
    errors: ['tutor-not-found', 'empty-request'],
  }),
  setActivated: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/user/tutor/:tutorId/activated',
    summary: 'Activate or deactivate a tutor, optionally cancelling their booked lessons, with the reason (admins)',
    params: TutorIdParams,
    body: TutorActivationInput,
    response: TutorActivationResultSchema,
    errors: ['tutor-not-found'],
  }),
} as const;
