import { z } from 'zod';
import { defineRoute } from '../contract/define-route.ts';
import { ONBOARDING_STEPS } from '../interviews/interviews.steps.ts';
import { ROLE_GROUPS } from '../users/roles.ts';

/** Money taken and given back in a stretch of Cairo days, in piastres (net = paid − refunded). */
export const RevenueSchema = z.object({
  paidPiastres: z.number().int(),
  refundedPiastres: z.number().int(),
  netPiastres: z.number().int(),
});

/**
 * Lessons of a stretch: booked (bookings made in it), held (fulfilled lessons that started in it), cancelled
 * (cancelled in it, moves and no-shows left out) and the tutors' no-shows (lessons that started in it).
 */
export const LessonCountsSchema = z.object({
  booked: z.number().int(),
  held: z.number().int(),
  cancelled: z.number().int(),
  tutorNoShows: z.number().int(),
});

export const SUPPLY_RANGES = ['today', 'tomorrow', 'next7Days'] as const;

/** Bookable tutors' open teaching minutes against the minutes of lessons booked in the same stretch. */
export const SupplySchema = z.object({
  range: z.enum(SUPPLY_RANGES),
  openMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
});

export const OverviewSchema = z.object({
  /** The moment the figures were read; days and weeks are Cairo's (a week starts on Saturday). */
  asOf: z.string(),
  revenue: z.object({ today: RevenueSchema, week: RevenueSchema, month: RevenueSchema }),
  subscriptions: z.object({
    total: z.number().int(),
    byPlan: z.array(
      z.object({ planId: z.number().int(), nameAr: z.string(), nameEn: z.string(), count: z.number().int() }),
    ),
  }),
  newStudents: z.object({ today: z.number().int(), week: z.number().int() }),
  lessons: z.object({ today: LessonCountsSchema, week: LessonCountsSchema }),
  supply: z.array(SupplySchema),
  /** Applicants (tutors not yet activated) by the step they stand at. */
  onboarding: z.array(z.object({ step: z.enum(ONBOARDING_STEPS), tutors: z.number().int() })),
  withdrawals: z.object({ waiting: z.number().int(), amountPiastres: z.number().int() }),
  /** The last 30 Cairo days, oldest first: net revenue and lessons held. */
  daily: z.array(z.object({ day: z.string(), netPiastres: z.number().int(), lessonsHeld: z.number().int() })),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** The operator's morning view (the admin app's "/"). */
export const overviewContract = {
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/overview',
    summary: "The operator's figures: revenue, subscriptions, students, lessons, supply, onboarding, withdrawals",
    tags: ['overview'],
    auth: ROLE_GROUPS.admins,
    response: OverviewSchema,
    errors: ['forbidden'],
  }),
} as const;
